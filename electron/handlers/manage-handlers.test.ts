// The app's Add, Remove with Undo and "Also use in…" through the session's handlers on a real home, and the IPC
// argument checks every request passes before it reaches them.
import { lstat, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commandArgs } from "../../shared/ipc";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import type { DesktopIntegration } from "./context";
import { createEngine } from "./engine";
import { HandlerError } from "./errors";
import { createHandlerSession, type HandlerSession } from "./handlers";

const SKILL = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\nBody.\n`;
const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

async function harness() {
  const tmp = await makeTempDir();
  await writeTree(tmp.dir, { "home/.keep": "", "src/tidy/SKILL.md": SKILL("tidy") });
  const desktop: DesktopIntegration = {
    reveal: async () => undefined,
    openInEditor: async () => undefined,
    openExternal: async () => true,
    pickFolder: async () => null,
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

  it("answers a refusal as a HandlerError with the engine's sentence", async () => {
    const { session, root, home } = await harness();
    await writeTree(home, { ".agents/skills/tidy/SKILL.md": SKILL("tidy").replace("Body.", "Other.") });
    const error = await session.handlers["manage:add"](path.join(root, "src/tidy"), {
      clients: [],
      dryRun: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HandlerError);
    expect((error as Error).message).toContain("replace it, keeping a backup");
    await expect(session.handlers["manage:undo-remove"]("tidy")).rejects.toBeInstanceOf(HandlerError);
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
});
