import { writeFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { CatalogChange } from "../../../shared/results";
import { buildFixtureHome, FIXTURE_TREES } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { skillId } from "./ids";
import type { ScanOptions } from "./types";
import { watchCatalog, type CatalogWatch } from "./watch";

const skillMd = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nDo the thing.\n`;
const TIMEOUT = 15_000;
const SETTLE_MS = 800;

/** Collects changes and re-reads, and waits for them with a generous bound (never asserting durations). */
function recorder() {
  const changes: CatalogChange[] = [];
  const reads: string[] = [];
  let wake: (() => void) | null = null;
  return {
    changes,
    reads,
    onChange: (c: CatalogChange) => {
      changes.push(c);
      wake?.();
    },
    onSkillRead: (dir: string) => reads.push(dir),
    async until(predicate: () => boolean, what: string): Promise<void> {
      const deadline = Date.now() + TIMEOUT;
      while (!predicate()) {
        if (Date.now() > deadline)
          throw new Error(`timed out waiting for ${what}; changes so far: ${JSON.stringify(changes.map(summary))}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
    settle: () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS)),
  };
}

const summary = (c: CatalogChange) => ({ updated: c.skills.updated.map((s) => s.name), removed: c.skills.removed });
const mentions = (changes: CatalogChange[], id: string) =>
  changes.filter((c) => c.skills.updated.some((s) => s.id === id) || c.skills.removed.includes(id)).length;

let open: CatalogWatch | null = null;
let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
  await cleanup?.();
  cleanup = null;
});

async function authorFolder(
  debounceMs: number | undefined = 200,
  more: (folder: string) => Partial<ScanOptions> = () => ({}),
) {
  const tmp = await makeTempDir();
  cleanup = tmp.cleanup;
  const folder = path.join(tmp.dir, "skills");
  await writeTree(folder, {
    "alpha/SKILL.md": skillMd("alpha", "First skill."),
    "beta/SKILL.md": skillMd("beta", "Second skill."),
  });
  const rec = recorder();
  open = await watchCatalog(
    {
      home: tmp.dir,
      platform: "linux",
      env: {},
      homeLocations: false,
      include: [folder],
      debounceMs,
      onSkillRead: rec.onSkillRead,
      ...more(folder),
    },
    rec.onChange,
  );
  rec.reads.length = 0;
  return { folder, rec, watch: open };
}

describe("watchCatalog on an author's folder", () => {
  it("starts from a full scan", async () => {
    const { watch } = await authorFolder();
    expect(
      watch
        .current()
        .skills.map((s) => s.name)
        .sort(),
    ).toEqual(["alpha", "beta"]);
  });

  it("reports a created skill once and reads only it", async () => {
    const { folder, rec } = await authorFolder();
    await mkdir(path.join(folder, "gamma"));
    await writeFile(path.join(folder, "gamma", "SKILL.md"), skillMd("gamma", "Third skill."));
    const id = skillId(path.join(folder, "gamma"));
    await rec.until(() => mentions(rec.changes, id) > 0, "the new skill");
    await rec.settle();
    expect(mentions(rec.changes, id)).toBe(1);
    expect(rec.changes.flatMap((c) => c.skills.updated.map((s) => s.name))).toEqual(["gamma"]);
    expect(new Set(rec.reads)).toEqual(new Set([path.join(folder, "gamma")]));
  });

  it("reports an edited skill once, re-reading only that skill", async () => {
    const { folder, rec, watch } = await authorFolder();
    const file = path.join(folder, "alpha", "SKILL.md");
    await writeFile(file, skillMd("alpha", "First skill, now edited."));
    const id = skillId(path.join(folder, "alpha"));
    await rec.until(() => mentions(rec.changes, id) > 0, "the edit");
    await rec.settle();
    expect(mentions(rec.changes, id)).toBe(1);
    const change = rec.changes.find((c) => c.skills.updated.some((s) => s.id === id));
    expect(change?.skills.updated.map((s) => [s.name, s.description])).toEqual([["alpha", "First skill, now edited."]]);
    expect(change?.skills.removed).toEqual([]);
    expect(new Set(rec.reads)).toEqual(new Set([path.join(folder, "alpha")]));
    expect(watch.current().skills.find((s) => s.id === id)?.description).toBe("First skill, now edited.");
    expect(await readFile(file, "utf8")).toContain("now edited");
  });

  it("reports an edit made after the first scan read the skill, before the watch was returned", async () => {
    let edited = false;
    // The scan reports a skill once it is read and kept: the edit lands after alpha's read, mid-scan.
    const { folder, rec, watch } = await authorFolder(50, (folder) => ({
      onProgress: (p) => {
        if (edited || !p.detail?.endsWith(path.join(folder, "alpha"))) return;
        edited = true;
        writeFileSync(path.join(folder, "alpha", "SKILL.md"), skillMd("alpha", "Edited while the first scan ran."));
      },
    }));
    expect(edited).toBe(true);
    const id = skillId(path.join(folder, "alpha"));
    await rec.until(() => mentions(rec.changes, id) > 0, "the edit made during the first scan");
    expect(watch.current().skills.find((s) => s.id === id)?.description).toBe("Edited while the first scan ran.");
  });

  it("reports an edit once with the default debounce too", async () => {
    const { folder, rec } = await authorFolder(undefined);
    await writeFile(path.join(folder, "beta", "SKILL.md"), skillMd("beta", "Second skill, edited."));
    const id = skillId(path.join(folder, "beta"));
    await rec.until(() => mentions(rec.changes, id) > 0, "the edit");
    await rec.settle();
    expect(mentions(rec.changes, id)).toBe(1);
    expect(new Set(rec.reads)).toEqual(new Set([path.join(folder, "beta")]));
  });

  it("follows an author's single skill folder: an edit to a bundled file is reported once", async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    const skill = path.join(tmp.dir, "my-skill");
    await writeTree(skill, {
      "SKILL.md": skillMd("my-skill", "An author's skill."),
      "references/guide.md": "# Guide\n",
    });
    const rec = recorder();
    open = await watchCatalog(
      {
        home: tmp.dir,
        platform: "linux",
        env: {},
        homeLocations: false,
        include: [skill],
        debounceMs: 200,
        onSkillRead: rec.onSkillRead,
      },
      rec.onChange,
    );
    const before = open.current().skills[0]?.contentHash;
    rec.reads.length = 0;
    await writeFile(path.join(skill, "references", "guide.md"), "# Guide\n\nMore detail.\n");
    const id = skillId(skill);
    await rec.until(() => mentions(rec.changes, id) > 0, "the edit of a bundled file");
    await rec.settle();
    expect(mentions(rec.changes, id)).toBe(1);
    expect(open.current().skills[0]?.contentHash).not.toBe(before);
    expect(new Set(rec.reads)).toEqual(new Set([skill]));
  });

  it("reports a renamed skill once: the old id removed, the new folder added", async () => {
    const { folder, rec, watch } = await authorFolder();
    const oldId = skillId(path.join(folder, "beta"));
    const newId = skillId(path.join(folder, "beta-two"));
    await rename(path.join(folder, "beta"), path.join(folder, "beta-two"));
    await rec.until(() => mentions(rec.changes, oldId) > 0 && mentions(rec.changes, newId) > 0, "the rename");
    await rec.settle();
    expect(mentions(rec.changes, oldId)).toBe(1);
    expect(mentions(rec.changes, newId)).toBe(1);
    expect(new Set(rec.reads)).toEqual(new Set([path.join(folder, "beta-two")]));
    expect(
      watch
        .current()
        .skills.map((s) => s.id)
        .sort(),
    ).toEqual([skillId(path.join(folder, "alpha")), newId].sort());
  });

  it("reports a deleted skill once and reads nothing", async () => {
    const { folder, rec, watch } = await authorFolder();
    const id = skillId(path.join(folder, "beta"));
    await rm(path.join(folder, "beta"), { recursive: true });
    await rec.until(() => mentions(rec.changes, id) > 0, "the delete");
    await rec.settle();
    expect(mentions(rec.changes, id)).toBe(1);
    expect(rec.changes.flatMap((c) => c.skills.removed)).toEqual([id]);
    expect(rec.reads).toEqual([]);
    expect(watch.current().skills.map((s) => s.name)).toEqual(["alpha"]);
  });
});

describe("watchCatalog on a home", () => {
  it("re-reads only the linked install when its real folder is edited, and updates Desktop facts from manifest.json", async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    const { home, env } = await buildFixtureHome("darwin", tmp.dir);
    const rec = recorder();
    open = await watchCatalog(
      { home, platform: "darwin", env, debounceMs: 200, onSkillRead: rec.onSkillRead },
      rec.onChange,
    );
    rec.reads.length = 0;
    const pdfDir = path.join(home, ".agents", "skills", "pdf-tools");
    const pdfId = skillId(pdfDir);
    const file = path.join(pdfDir, "SKILL.md");
    await writeFile(file, (await readFile(file, "utf8")).replace('version: "1.2.0"', 'version: "1.3.0"'));
    await rec.until(() => mentions(rec.changes, pdfId) > 0, "the edit of the linked skill");
    await rec.settle();
    expect(mentions(rec.changes, pdfId)).toBe(1);
    const updated = rec.changes.flatMap((c) => c.skills.updated);
    expect(updated.map((s) => [s.name, s.version, s.links.length])).toEqual([["pdf-tools", "1.3.0", 1]]);
    expect(new Set(rec.reads)).toEqual(new Set([pdfDir]));

    rec.changes.length = 0;
    rec.reads.length = 0;
    const tree = path.join(
      home,
      "Library",
      "Application Support",
      "Claude",
      "local-agent-mode-sessions",
      "skills-plugin",
      ...FIXTURE_TREES.b.split("/"),
    );
    const manifestFile = path.join(tree, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    manifest.skills[0].enabled = false;
    await writeFile(manifestFile, JSON.stringify(manifest));
    const brandId = skillId(path.join(tree, "skills", "brand-voice"));
    await rec.until(() => mentions(rec.changes, brandId) > 0, "the manifest change");
    await rec.settle();
    expect(rec.changes.flatMap((c) => c.skills.updated).map((s) => [s.id, s.desktop?.enabled])).toEqual([
      [brandId, false],
    ]);
    expect(rec.reads).toEqual([]);
  });

  it("follows Desktop's sync: a replaced skill folder and a new account tree", async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    const { home, env } = await buildFixtureHome("darwin", tmp.dir);
    const rec = recorder();
    open = await watchCatalog(
      { home, platform: "darwin", env, debounceMs: 200, onSkillRead: rec.onSkillRead },
      rec.onChange,
    );
    const root = path.join(
      home,
      "Library",
      "Application Support",
      "Claude",
      "local-agent-mode-sessions",
      "skills-plugin",
    );
    const skillDir = path.join(root, ...FIXTURE_TREES.b.split("/"), "skills", "brand-voice");
    const staged = path.join(root, ...FIXTURE_TREES.b.split("/"), "skills", ".incoming");
    await writeTree(staged, {
      "SKILL.md":
        '---\nname: brand-voice\ndescription: Rewrites text in the company\'s brand voice.\nmetadata:\n  version: "2.1.0"\n---\n# Brand voice\n',
    });
    await rm(skillDir, { recursive: true });
    await rename(staged, skillDir);
    const id = skillId(skillDir);
    await rec.until(
      () => rec.changes.some((c) => c.skills.updated.some((s) => s.id === id && s.version === "2.1.0")),
      "the replaced Desktop skill",
    );
    await rec.settle();
    expect(mentions(rec.changes, id)).toBe(1);

    rec.changes.length = 0;
    await writeTree(path.join(root, "new-org", "new-account"), {
      "manifest.json": JSON.stringify({
        lastUpdated: "2026-11-29T00:00:00Z",
        skills: [{ skillId: "s1", name: "fresh", creatorType: "user", enabled: true, syncManaged: true }],
      }),
      "skills/fresh/SKILL.md": skillMd("fresh", "Arrived with a new account tree."),
    });
    await rec.until(
      () => rec.changes.some((c) => c.skills.updated.some((s) => s.name === "fresh")),
      "the new tree's skill",
    );
    await rec.settle();
    expect(rec.changes.flatMap((c) => c.skills.updated.map((s) => s.name))).toEqual(["fresh"]);
    expect(rec.changes.flatMap((c) => c.skills.removed)).toEqual([]);
    const fresh = open.current().skills.find((s) => s.name === "fresh");
    expect(fresh?.desktop).toMatchObject({ skillId: "s1", accountTree: "new-org/new-account" });
    expect(open.current().locations.filter((l) => l.desktop?.accountTree)).toHaveLength(3);
  });

  it("notices a location that appears after the watch started", async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    const rec = recorder();
    open = await watchCatalog(
      { home: tmp.dir, platform: "linux", env: {}, debounceMs: 100, pollMs: 200 },
      rec.onChange,
    );
    expect(open.current().skills).toEqual([]);
    await writeTree(path.join(tmp.dir, ".cursor", "skills"), {
      "late/SKILL.md": skillMd("late", "Installed after the app started."),
    });
    await rec.until(
      () => rec.changes.some((c) => c.skills.updated.some((s) => s.name === "late")),
      "the new location's skill",
    );
    expect(open.current().skills.map((s) => [s.name, s.client])).toEqual([["late", "cursor"]]);
    expect(open.current().locations.find((l) => l.path === path.join(tmp.dir, ".cursor", "skills"))?.exists).toBe(true);
  });
});
