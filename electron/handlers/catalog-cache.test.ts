// The app's catalog scan and validate:path go through the validation cache validate keeps, unless the settings turn it
// off; skills read are counted through the engine's onSkillRead, not timed.
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { cacheFileIn } from "../engine/validate-cache/store";
import { SerializedJson, answerValue } from "../../shared/serialized-json";
import type { HandlerSession } from "./handlers";
import { countingSession } from "./testing/counting-session";

const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things.\n---\n# ${name}\n`;
const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) {
    await item.session.dispose();
    await item.cleanup();
  }
});

async function harness(settings: object | null, liveCatalog = false, at?: string) {
  const tmp = at ? null : await makeTempDir();
  const root = at ?? tmp!.dir;
  if (!at)
    await writeTree(root, {
      "home/.claude/skills/alpha/SKILL.md": skill("alpha"),
      "home/.claude/skills/beta/SKILL.md": skill("beta"),
    });
  const settingsFile = path.join(root, "config", "settings.json");
  if (settings) await writeTree(root, { "config/settings.json": JSON.stringify({ version: 1, ...settings }) });
  // A result is kept only when what it read is older than the 2-second racy window.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const scanOptions = {
    home: path.join(root, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(root, "cache") },
  };
  const { session, reads } = countingSession(scanOptions, { liveCatalog, settingsFile });
  open.push({ session, cleanup: tmp ? tmp.cleanup : async () => undefined });
  return { session, reads, cacheFile: cacheFileIn(path.join(root, "cache")), root };
}

describe("the app's validation cache", () => {
  it("is shared by the catalog scan and validate:path, so a second scan reads nothing", async () => {
    const { session, reads, cacheFile, root } = await harness(null);
    expect((await session.handlers["catalog:scan"]()).skills).toHaveLength(2);
    expect(reads).toHaveLength(2);
    expect(existsSync(cacheFile)).toBe(true);
    await session.handlers["catalog:scan"]();
    expect(reads).toHaveLength(2);
    const alpha = path.join(root, "home/.claude/skills/alpha");
    await writeFile(path.join(alpha, "SKILL.md"), skill("Alpha"));
    const [result] = await session.handlers["validate:path"](alpha, "agent-skills");
    expect(result?.valid).toBe(false);
    await session.handlers["catalog:scan"]();
    expect(reads).toEqual([expect.any(String), expect.any(String), alpha]);
  });

  it("is neither read nor written when the settings turn it off", async () => {
    const { session, reads, cacheFile, root } = await harness({ validationCache: false });
    await session.handlers["catalog:scan"]();
    await session.handlers["catalog:scan"]();
    await session.handlers["validate:path"](path.join(root, "home/.claude/skills/alpha"), "agent-skills");
    expect(reads).toHaveLength(4);
    expect(existsSync(cacheFile)).toBe(false);
  });

  it("stores the catalog for the next session of the same home, and for no other", async () => {
    const first = await harness(null);
    expect(await first.session.handlers["catalog:stored"]()).toBeNull();
    const scanned = await first.session.handlers["catalog:scan"]();
    await first.session.dispose();
    const again = await harness(null, false, first.root);
    const stored = await again.session.handlers["catalog:stored"]();
    // Passed on as the JSON the task worker read and checked: this thread never parses it.
    expect(stored).toBeInstanceOf(SerializedJson);
    expect(answerValue(stored)?.catalog).toEqual(scanned);
    // Shown, not trusted: a path of the stored catalog is refused until a scan of this session shows it.
    await expect(again.session.handlers["skill:levels"](scanned.skills[0]!.dir)).rejects.toThrow(/not a skill/);
    await writeTree(first.root, { "config/settings.json": JSON.stringify({ version: 1, validationCache: false }) });
    const off = await harness(null, false, first.root);
    expect(await off.session.handlers["catalog:stored"]()).toBeNull();
  });
});
