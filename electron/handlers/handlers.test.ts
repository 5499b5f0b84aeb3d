import { afterEach, describe, expect, it } from "vitest";
import { symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import type { EventChannel, IpcEvents } from "../../shared/ipc";
import type { DesktopIntegration } from "./context";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";

const skill = (name: string, description = `Does ${name} things.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nSee [guide](guide.md).\n`;

interface Harness {
  session: HandlerSession;
  root: string;
  events: Array<{ channel: EventChannel; payload: unknown }>;
  asked: Array<[string, string]>;
}

const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) {
    await item.session.dispose();
    await item.cleanup();
  }
});

async function harness(options: { liveCatalog?: boolean } = {}): Promise<Harness> {
  const tmp = await makeTempDir();
  const root = tmp.dir;
  await writeTree(root, {
    "home/.claude/skills/alpha/SKILL.md": skill("alpha"),
    "home/.claude/skills/alpha/guide.md": "# Guide\n",
    "secret.txt": "do not read",
    "authoring/beta/SKILL.md": skill("beta"),
  });
  await symlink(path.join(root, "secret.txt"), path.join(root, "home/.claude/skills/alpha/leak.txt"));
  const events: Harness["events"] = [];
  const asked: Harness["asked"] = [];
  const desktop: DesktopIntegration = {
    reveal: async (p) => void asked.push(["reveal", p]),
    openInEditor: async (p) => void asked.push(["edit", p]),
    openExternal: async (url) => (asked.push(["external", url]), true),
    pickFolder: async () => null,
  };
  const scanOptions = {
    home: path.join(root, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(root, "cache") },
  };
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop,
    emit: <E extends EventChannel>(channel: E, payload: IpcEvents[E]) => void events.push({ channel, payload }),
    engine: createEngine(scanOptions),
    liveCatalog: options.liveCatalog ?? false,
    watchDebounceMs: 50,
  });
  open.push({ session, cleanup: tmp.cleanup });
  return { session, root, events, asked };
}

describe("command handlers", () => {
  it("scans the home and serves the levels of a catalog skill", async () => {
    const { session, root } = await harness();
    const scan = await session.handlers["catalog:scan"]();
    const alpha = scan.skills.find((s) => s.name === "alpha")!;
    expect(alpha.dir).toBe(path.join(root, "home/.claude/skills/alpha"));
    const levels = await session.handlers["skill:levels"](alpha.dir);
    expect(levels.level1.text).toContain("<name>alpha</name>");
    const guide = await session.handlers["skill:resource"](alpha.dir, "guide.md");
    expect(guide).toMatchObject({ ok: true, kind: "text", text: "# Guide\n" });
  });

  it("refuses levels and resources of folders that are not skills the user was shown", async () => {
    const { session, root } = await harness();
    await session.handlers["catalog:scan"]();
    await expect(session.handlers["skill:levels"](path.join(root, "authoring/beta"))).rejects.toThrow(
      /not a skill in the catalog/,
    );
    await expect(session.handlers["skill:levels"](root)).rejects.toThrow(/not a skill in the catalog/);
    await expect(session.handlers["skill:resource"](root, "secret.txt")).rejects.toThrow(/not a skill in the catalog/);
  });

  it("never reads through a link that leaves the skill folder", async () => {
    const { session, root } = await harness();
    await session.handlers["catalog:scan"]();
    const leak = await session.handlers["skill:resource"](path.join(root, "home/.claude/skills/alpha"), "leak.txt");
    expect(leak.ok).toBe(false);
    expect(JSON.stringify(leak)).not.toContain("do not read");
    const levels = await session.handlers["skill:levels"](path.join(root, "home/.claude/skills/alpha"));
    expect(levels.level3.entries.map((e) => e.path)).not.toContain("leak.txt");
  });

  it("reveals and opens only paths inside what the user was shown", async () => {
    const { session, root, asked } = await harness();
    await session.handlers["catalog:scan"]();
    await session.handlers["shell:reveal"](path.join(root, "home/.claude/skills/alpha"));
    await session.handlers["shell:open-in-editor"](path.join(root, "home/.claude/skills/alpha/SKILL.md"));
    await expect(session.handlers["shell:reveal"](path.join(root, "secret.txt"))).rejects.toThrow(
      /not part of the catalog/,
    );
    await expect(session.handlers["shell:open-in-editor"]("/etc/passwd")).rejects.toThrow(/not part of the catalog/);
    expect(asked).toEqual([
      ["reveal", path.join(root, "home/.claude/skills/alpha")],
      ["edit", path.join(root, "home/.claude/skills/alpha/SKILL.md")],
    ]);
  });

  it("hands on only parsed http(s) URLs without credentials", async () => {
    const { session, asked } = await harness();
    expect(await session.handlers["shell:open-external"]("javascript:alert(1)")).toBe(false);
    expect(await session.handlers["shell:open-external"]("https://user:pw@example.com/")).toBe(false);
    expect(await session.handlers["shell:open-external"]("https://example.com/notes")).toBe(true);
    expect(asked).toEqual([["external", "https://example.com/notes"]]);
  });

  it("returns null for author:open(null) where the host has no folder picker", async () => {
    const { session } = await harness();
    expect(await session.handlers["author:open"](null)).toBeNull();
  });

  it("opens an author folder, refreshes on save with author:changed, and allows its skills until closed", async () => {
    const { session, root, events } = await harness();
    const dir = path.join(root, "authoring/beta");
    const snapshot = (await session.handlers["author:open"](dir))!;
    expect(snapshot.path).toBe(dir);
    expect(snapshot.scan.skills.map((s) => s.name)).toEqual(["beta"]);
    expect((await session.handlers["skill:levels"](dir)).level1.name).toBe("beta");
    const authorEvents = () =>
      events.filter((e) => e.channel === "author:changed").map((e) => e.payload as typeof snapshot);
    expect(authorEvents()).toEqual([snapshot]);

    await writeFile(path.join(dir, "SKILL.md"), skill("beta", "Changed on save."));
    await expect
      .poll(() => authorEvents().some((e) => e.revision > snapshot.revision), { timeout: 10_000, interval: 50 })
      .toBe(true);
    const changed = authorEvents().at(-1)!;
    expect(changed.revision).toBeGreaterThan(snapshot.revision);
    expect(changed.scan.skills[0]!.description).toBe("Changed on save.");

    await session.handlers["author:close"]();
    await expect(session.handlers["skill:levels"](dir)).rejects.toThrow(/not a skill in the catalog/);
  });

  it("answers whether Claude Desktop would accept a skill of the opened folder, and only of it", async () => {
    const { session, root } = await harness();
    const dir = path.join(root, "authoring/beta");
    await expect(session.handlers["author:desktop-check"](dir)).rejects.toThrow(/not a skill in the folder opened/);
    await session.handlers["author:open"](dir);
    expect(await session.handlers["author:desktop-check"](dir)).toMatchObject({ accepted: true, name: "beta" });
    await expect(session.handlers["author:desktop-check"](root)).rejects.toThrow(/not a skill in the folder opened/);
  });

  it("explains a missing or non-folder author path", async () => {
    const { session, root } = await harness();
    await expect(session.handlers["author:open"](path.join(root, "nope"))).rejects.toThrow(/There is no folder/);
    await expect(session.handlers["author:open"](path.join(root, "secret.txt"))).rejects.toThrow(
      /is a file, not a folder/,
    );
  });

  it("validates a path as the CLI does", async () => {
    const { session, root } = await harness();
    const results = await session.handlers["validate:path"](path.join(root, "authoring/beta"), "agent-skills");
    expect(results).toEqual([expect.objectContaining({ kind: "skill", name: "beta", valid: true })]);
  });

  it("keeps the catalog live: a new skill in the home arrives as catalog:changed and becomes readable", async () => {
    const { session, root, events } = await harness({ liveCatalog: true });
    const first = await session.handlers["catalog:scan"]();
    expect(first.skills.map((s) => s.name)).toEqual(["alpha"]);
    const gamma = path.join(root, "home/.claude/skills/gamma");
    await writeTree(gamma, { "SKILL.md": skill("gamma") });
    await expect
      .poll(
        () =>
          events.some((e) => e.channel === "catalog:changed" && JSON.stringify(e.payload).includes('"name":"gamma"')),
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
    expect((await session.handlers["skill:levels"](gamma)).level1.name).toBe("gamma");
  });

  it("reports app facts for the host", async () => {
    const { session } = await harness();
    expect(await session.handlers["app:info"]()).toMatchObject({ host: "web", platform: "linux" });
  });
});
