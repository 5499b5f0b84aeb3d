// The app's Add, Remove with Undo and "Also use in…" through the session's handlers on a real home, and the IPC
// argument checks every request passes before it reaches them.
import { spawnSync } from "node:child_process";
import { lstat, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { commandArgs } from "../../shared/ipc";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import type { DesktopIntegration } from "./context";
import { createEngine } from "./engine";
import { EngineError } from "../engine/errors";
import { createHandlerSession, type HandlerSession } from "./handlers";

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\nBody.\n`;
const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

async function harness(extra: Partial<DesktopIntegration> = {}) {
  const tmp = await makeTempDir();
  await writeTree(tmp.dir, { "home/.keep": "", "src/tidy/SKILL.md": SKILL("tidy") });
  const desktop: DesktopIntegration = {
    reveal: async () => undefined,
    openInEditor: async () => undefined,
    openExternal: async () => true,
    pickFolder: async () => null,
    ...extra,
  };
  const scanOptions = {
    home: path.join(tmp.dir, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data") },
  };
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop,
    emit: () => undefined,
    engine: createEngine(scanOptions),
    liveCatalog: false,
  });
  open.push({ session, cleanup: tmp.cleanup });
  return { session, root: tmp.dir, home: scanOptions.home };
}

describe("manage handlers", () => {
  it("shows the plan, adds, removes with Undo and shares to another client", async () => {
    const { session, root, home } = await harness();
    const h = session.handlers;
    const source = path.join(root, "src/tidy");
    const plan = await h["manage:add"](source, { clients: ["claude-code", "cursor"], dryRun: true });
    expect(plan.applied).toBe(false);
    expect(plan.skills[0]!.places.map((p) => [path.relative(home, p.path), p.mode, p.action])).toEqual([
      [".agents/skills/tidy", "copy", "write"],
      [".claude/skills/tidy", "link", "write"],
      [".cursor/skills/tidy", "link", "write"],
    ]);
    expect(await lstat(path.join(home, ".agents")).catch(() => null)).toBeNull();
    expect((await h["manage:add"](source, { clients: ["claude-code", "cursor"], dryRun: false })).applied).toBe(true);
    expect((await h["catalog:scan"]()).skills.some((s) => s.name === "tidy")).toBe(true);

    const removed = await h["manage:remove"]("tidy", { dryRun: false });
    expect(removed.items.map((i) => i.kind).sort()).toEqual(["copy", "link", "link"]);
    expect(await lstat(path.join(home, ".claude/skills/tidy")).catch(() => null)).toBeNull();
    await h["manage:undo-remove"]("tidy");
    expect(await readFile(path.join(home, ".claude/skills/tidy/SKILL.md"), "utf8")).toBe(SKILL("tidy"));

    const shared = await h["manage:share"]("tidy", { clients: ["gemini-cli"], dryRun: false });
    expect(shared.applied).toBe(true);
    expect(await readlink(path.join(home, ".gemini/skills/tidy"))).toBe("../../.agents/skills/tidy");
  });

  it("answers a refusal as an EngineError with the engine's sentence", async () => {
    const { session, root, home } = await harness();
    await writeTree(home, { ".agents/skills/tidy/SKILL.md": SKILL("tidy").replace("Body.", "Other.") });
    const error = await session.handlers["manage:add"](path.join(root, "src/tidy"), {
      clients: [],
      dryRun: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as Error).message).toContain("replace it, keeping a backup");
    await expect(session.handlers["manage:undo-remove"]("tidy")).rejects.toBeInstanceOf(EngineError);
  });

  it("checks every argument before a handler sees it", () => {
    expect(commandArgs["manage:add"](["acme/skills", { clients: ["cursor"], dryRun: true }])).toBe(true);
    expect(commandArgs["manage:add"](["acme/skills", { clients: ["notepad"], dryRun: true }])).toBe(false);
    expect(commandArgs["manage:add"](["acme/skills", { dryRun: true, extra: 1 }])).toBe(false);
    expect(commandArgs["manage:add"](["acme/skills", { dryRun: "yes" }])).toBe(false);
    expect(commandArgs["manage:remove"](["../etc", { dryRun: true }])).toBe(false);
    expect(commandArgs["manage:remove"](["tidy", { dryRun: true }])).toBe(true);
    expect(commandArgs["manage:undo-remove"](["tidy", 1])).toBe(false);
    expect(commandArgs["manage:share"](["tidy", { clients: ["cursor"], copy: true, dryRun: false }])).toBe(true);
    expect(commandArgs["manage:share"](["tidy", { clients: ["cursor"], project: "/x", dryRun: false }])).toBe(false);
  });

  describe("a git source asked for by the page", () => {
    /** A bare repository holding one skill, as a file:// address (git runs for it, as for any git address). */
    const gitRepo = (root: string): string => {
      const repo = path.join(root, "src");
      const git = (cwd: string, ...args: string[]) =>
        expect(spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", ...args], { cwd }).status).toBe(0);
      git(repo, "init", "-q", "-b", "main");
      git(repo, "add", "-A");
      git(repo, "commit", "-qm", "one");
      git(root, "clone", "-q", "--bare", repo, path.join(root, "tidy.git"));
      return pathToFileURL(path.join(root, "tidy.git")).href;
    };
    const request = { clients: ["claude-code" as const], dryRun: true };

    it("is refused, with what to do instead, when the host cannot ask the person outside the page", async () => {
      const { session, root } = await harness();
      const url = gitRepo(root);
      for (const source of [url, "git@github.com:acme/skills.git", "ssh://git@example.com/acme/skills.git"]) {
        const error = await session.handlers["manage:add"](source, request).catch((e: unknown) => e);
        expect(error, source).toBeInstanceOf(EngineError);
        expect((error as Error).message).toMatch(/runs git on this computer with your keys.*upload it here/);
        // The page never offers a command line as the way to act.
        expect((error as Error).message).not.toMatch(/skillshelf |--/);
      }
      const local = await session.handlers["manage:add"](path.join(root, "src/tidy"), request);
      expect(local.skills.map((s) => s.name)).toEqual(["tidy"]);
    });

    it("runs only once the host's dialog says yes, and not when it says no", async () => {
      const asked: string[] = [];
      let answer = false;
      const { session, root } = await harness({
        confirmProgramSource: async (source) => (asked.push(source), answer),
      });
      const url = gitRepo(root);
      const error = await session.handlers["manage:add"](url, request).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/was not confirmed/);
      answer = true;
      expect((await session.handlers["manage:add"](url, request)).skills.map((s) => s.name)).toEqual(["tidy"]);
      expect(asked).toEqual([url, url]);
    });

    it("is asked at the serve terminal (y/N) when the web host has one, with the exact command", async () => {
      const asked: string[][] = [];
      const { session, root } = await harness({
        outsideConsent: { mode: "terminal", confirm: async (...args) => (asked.push(args.map(String)), "yes") },
      });
      const url = gitRepo(root);
      expect((await session.handlers["manage:add"](url, request)).skills.map((s) => s.name)).toEqual(["tidy"]);
      expect(asked).toEqual([[`add skills from ${url}`, `git clone --depth 1 -- ${url}`, "null"]]);
      const coded = await harness({ outsideConsent: { mode: "code", confirm: async () => "yes" } });
      const error = await coded.session.handlers["manage:add"](gitRepo(coded.root), request).catch((e: unknown) => e);
      expect((error as Error).message).toMatch(/runs git on this computer/);
    });
  });
});
