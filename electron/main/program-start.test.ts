// The Electron checklist for programs: every command the page can call is classed by whether it can start a program,
// and the ones that run a command from a server or a config (an update command, a local server) do so only after
// main's native dialog says yes — the audit's attack (add a server, check, run its command) included.
import type { BrowserWindow, Dialog, MessageBoxOptions, Shell } from "electron";
import { access } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commandArgs } from "../../shared/ipc";
import type { UpdateInfo } from "../../shared/model";
import { startSkillMetaServer } from "../../test-support/servers/skill-meta-server";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { createEngine } from "../handlers/engine";
import { createHandlerSession } from "../handlers/handlers";
import { electronDesktopIntegration } from "./desktop";
import { pageIpcCaller } from "./testing/page-ipc";

/** Run a command a server or a config names: only after main's native dialog. */
const AFTER_DIALOG = ["update:run-recipe", "stdio:review"];
/** Would approve a local server without the dialog: refused in the app. */
const REFUSED_IN_APP = ["stdio:approve"];
/**
 * Start a fixed program on something the user was shown, never a command from a page, server or config: the file
 * manager, a text editor on a catalog text file, the browser on a checked http(s) URL, Claude Desktop's handler on the
 * .skill this session built, git cloning the address the user gave Add skill (only its plain transports).
 */
const FIXED_PROGRAM = [
  "manage:add",
  "shell:reveal",
  "shell:open-in-editor",
  "shell:open-external",
  "update:open-handoff",
  "update:reveal-handoff",
];

describe("the Electron checklist of commands that can start a program", () => {
  it("classes every command of the contract, so a new one is looked at before it ships", () => {
    const classed = [...AFTER_DIALOG, ...REFUSED_IN_APP, ...FIXED_PROGRAM];
    const rest = Object.keys(commandArgs).filter((c) => !classed.includes(c));
    // Everything else reads, decides or writes through the engine and starts no program.
    expect(rest.sort()).toEqual(
      [
        "app:info",
        "author:close",
        "author:desktop-check",
        "author:open",
        "budget:report",
        "budget:set-override",
        "budget:undo",
        "catalog:scan",
        "catalog:stored",
        "manage:cancel-add",
        "manage:pick-source",
        "manage:remove",
        "manage:share",
        "manage:undo-remove",
        "manage:wait-arrival",
        "offered:list",
        "offered:preview",
        "servers:configured",
        "servers:test",
        "settings:get",
        "settings:github-probe",
        "settings:update",
        "skill:compare",
        "skill:levels",
        "skill:resource",
        "stdio:list",
        "stdio:revoke",
        "update:all",
        "update:apply",
        "update:cancel",
        "update:histories",
        "update:history",
        "update:local-changes",
        "update:recipe-result",
        "update:recoveries",
        "update:review",
        "update:start",
        "update:undo",
        "update:wait-arrival",
        "updates:check",
        "updates:last",
        "updates:servers",
        "validate:path",
      ].sort(),
    );
  });
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const SKILL = '---\nname: agentkey\ndescription: Keeps keys.\nmetadata:\n  version: "1.2.0"\n---\n# agentkey\n';

describe("an update command in Electron", () => {
  it("runs only after main's dialog says Run it, whatever the page sends (a server added from Settings included)", async () => {
    const meta = await startSkillMetaServer({
      latest: "1.3.0",
      recipe: { command: "echo ran > ran.txt", kind: "shell" },
    });
    closers.push(meta.close);
    const tmp = await makeTempDir();
    closers.push(tmp.cleanup);
    const home = path.join(tmp.dir, "home");
    await writeTree(home, { ".claude/skills/agentkey/SKILL.md": SKILL });
    const scanOptions = {
      home,
      platform: "linux" as const,
      env: {
        SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
        SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
        SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
        SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/",
        PATH: process.env.PATH ?? "/usr/bin:/bin",
      },
    };
    let response = 0;
    const shown: MessageBoxOptions[] = [];
    const dialog = {
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
      showMessageBox: async (...args: [BrowserWindow, MessageBoxOptions] | [MessageBoxOptions]) => (
        shown.push(args.length === 2 ? args[1] : args[0]),
        { response, checkboxChecked: false }
      ),
    } as unknown as Pick<Dialog, "showOpenDialog" | "showMessageBox">;
    const shell = { showItemInFolder: () => undefined, openExternal: async () => undefined } as unknown as Pick<
      Shell,
      "showItemInFolder" | "openExternal"
    >;
    const session = createHandlerSession({
      host: "electron",
      scanOptions,
      desktop: electronDesktopIntegration({ shell, dialog, getWindow: () => null }),
      emit: () => undefined,
      engine: createEngine(scanOptions),
      liveCatalog: false,
    });
    closers.push(() => session.dispose());
    const call = pageIpcCaller(session.handlers);
    await call("catalog:scan");
    expect(await call("app:info")).toMatchObject({ consent: "dialog" });
    await call("settings:update", { addServer: { url: meta.url } });
    const info = (await call<UpdateInfo[]>("updates:check", true)).find((u) => u.latest === "1.3.0")!;
    const ran = path.join(home, "ran.txt");
    const exists = () =>
      access(ran).then(
        () => true,
        () => false,
      );

    expect(await call("update:run-recipe", info.skillId)).toBeNull();
    expect(await call("update:run-recipe", info.skillId, "ABCD-EFGH")).toBeNull();
    expect(shown).toHaveLength(2);
    expect(shown[0]!.detail).toContain("echo ran > ran.txt");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await exists()).toBe(false);

    response = 1;
    const started = await call<{ taskId: string }>("update:run-recipe", info.skillId);
    expect(await call("update:recipe-result", started.taskId)).toMatchObject({ ok: true });
    expect(await exists()).toBe(true);
  });
});
