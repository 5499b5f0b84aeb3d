// The budget commands through the session's handlers on a real home: the report, a skillOverrides switch in Claude
// Code's settings and its Undo byte for byte, and the refusals of a project or a skill the catalog never showed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commandArgs } from "../../shared/ipc";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { EngineError } from "../engine/errors";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";

const SKILL = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\n\nBody.\n`;
const SETTINGS = '{\n  "theme": "dark",\n\t"spinnerTips":   [ 1,2 ]\n}\n';
const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

async function harness() {
  const tmp = await makeTempDir();
  const home = path.join(tmp.dir, "home");
  const project = path.join(tmp.dir, "proj");
  await writeTree(tmp.dir, {
    "home/.claude/settings.json": SETTINGS,
    "home/.claude/skills/tidy/SKILL.md": SKILL("tidy", "Tidies the desk. ".repeat(20).trim()),
    "home/.claude/skills/lint/SKILL.md": SKILL("lint", "Lints the code."),
    "proj/.claude/skills/deploy/SKILL.md": SKILL("deploy", "Deploys the project."),
  });
  const scanOptions = {
    home,
    platform: "linux" as const,
    include: [project],
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data") },
  };
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop: {
      reveal: async () => undefined,
      openInEditor: async () => undefined,
      openExternal: async () => true,
      pickFolder: async () => null,
    },
    emit: () => undefined,
    engine: createEngine(scanOptions),
    liveCatalog: false,
  });
  open.push({ session, cleanup: tmp.cleanup });
  return { h: session.handlers, home, project, root: tmp.dir };
}

describe("budget handlers", () => {
  it("turns a skill off in the user's settings, lowers the cost, and Undo restores the file byte for byte", async () => {
    const { h, home, root } = await harness();
    const settings = path.join(home, ".claude/settings.json");
    const before = await readFile(settings);
    const user = (await h["budget:report"]()).clients.find((c) => c.id === "claude-code")!;
    expect(user.entries.map((e) => e.name).sort()).toEqual(["lint", "tidy"]);

    const change = await h["budget:set-override"]({ client: "claude-code", name: "tidy", mode: "off", scope: "user" });
    expect(change).toMatchObject({ file: settings, changed: true });
    expect(JSON.parse(await readFile(settings, "utf8"))).toMatchObject({
      skillOverrides: { tidy: "off" },
    });
    const after = (await h["budget:report"]()).clients.find((c) => c.id === "claude-code")!;
    expect(after.entries.map((e) => e.name)).toEqual(["lint"]);
    expect(after.tokens).toBeLessThan(user.tokens);
    expect(await readFile(path.join(root, "data/settings-undo", `${change.undoId}.json`))).toBeTruthy();

    await h["budget:undo"](change.undoId);
    expect(Buffer.compare(await readFile(settings), before)).toBe(0);
    expect((await h["budget:report"]()).clients.find((c) => c.id === "claude-code")!.tokens).toBe(user.tokens);
  });

  it("writes a project's local settings only for a project the catalog found", async () => {
    const { h, project, root } = await harness();
    const change = await h["budget:set-override"]({
      client: "claude-code",
      name: "deploy",
      mode: "name-only",
      scope: "local",
      project,
    });
    expect(change.file).toBe(path.join(project, ".claude/settings.local.json"));
    const scoped = (await h["budget:report"]()).clients.find((c) => c.projectDir === project)!;
    expect(scoped.entries.find((e) => e.name === "deploy")).toMatchObject({ mode: "name-only", description: "" });

    const other = path.join(root, "elsewhere");
    const refusals = [
      { client: "claude-code", name: "deploy", mode: "off", scope: "project", project: other },
      { client: "claude-code", name: "deploy", mode: "off", scope: "project" },
      { client: "claude-code", name: "unknown", mode: "off", scope: "user" },
      { client: "claude-code", name: "tidy", mode: "off", scope: "user", project },
    ] as const;
    for (const request of refusals) {
      const error = await h["budget:set-override"](request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe("app.refused");
    }
    expect(await readFile(path.join(other, ".claude/settings.json")).catch(() => null)).toBeNull();
  });

  it("lets only well-formed requests through the IPC checks", () => {
    const check = commandArgs["budget:set-override"];
    const ok = { client: "claude-code", name: "tidy", mode: "off", scope: "user" };
    expect(check([ok])).toBe(true);
    expect(check([{ ...ok, scope: "project", project: "/p" }])).toBe(true);
    expect(check([{ ...ok, client: "cursor" }])).toBe(false);
    expect(check([{ ...ok, mode: "hidden" }])).toBe(false);
    expect(check([{ ...ok, name: "../etc" }])).toBe(false);
    expect(check([{ ...ok, scope: "global" }])).toBe(false);
    expect(check([{ ...ok, extra: 1 }])).toBe(false);
    expect(commandArgs["budget:undo"](["1700000000000-0123456789ab"])).toBe(true);
    expect(commandArgs["budget:undo"](["../../x"])).toBe(false);
    expect(commandArgs["budget:report"]([])).toBe(true);
    expect(commandArgs["budget:report"]([1])).toBe(false);
  });
});
