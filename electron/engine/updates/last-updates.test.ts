import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFile, writeFile, mkdir } from "node:fs/promises";
import type { Skill, UpdateInfo } from "../../../shared/model";
import { countTurns } from "../../../test-support/event-loop-turns";
import { makeTempDir } from "../../../test-support/tmp";
import { lastUpdatesFile, readLastUpdates, recomputeUpdates, writeLastUpdates } from "./last-updates";

const checkedAt = "2026-11-30T12:00:00.000Z";
const info = (over: Partial<UpdateInfo> = {}): UpdateInfo => ({
  skillId: "s1",
  name: "agentkey",
  dir: "/h/agentkey",
  installed: "1.7.2",
  installedSource: "metadata.version",
  latest: "1.8.0",
  state: "outdated",
  source: "skill-meta",
  checkedAt,
  recipe: { kind: "shell", command: "npx -y skills update -g agentkey" },
  downloads: [{ name: "agentkey.skill", size: 10, url: "https://example.com/a.skill" }],
  ...over,
});
const skill = (over: Partial<Skill> = {}): Skill => ({
  id: "s1",
  name: "agentkey",
  description: "d",
  dir: "/h/agentkey",
  realDir: "/h/agentkey",
  client: "claude-desktop",
  locationId: "l",
  version: "1.7.2",
  versionSource: "metadata.version",
  contentHash: "x",
  diagnostics: [],
  valid: true,
  links: [],
  userOwned: false,
  ...over,
});

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await makeTempDir();
});
afterEach(async () => tmp.cleanup());

describe("last update results on disk", () => {
  it("round-trips the results and their check time, without the plans", async () => {
    const withPlan = {
      ...info(),
      plan: {
        kind: "desktop-upload" as const,
        skillId: "s1",
        name: "agentkey",
        dir: "/h/agentkey",
        realDir: "/h/agentkey",
        nextStep: "x",
        steps: [],
      },
    };
    await writeLastUpdates(tmp.dir, {
      updates: [
        withPlan,
        info({
          skillId: "s2",
          state: "unknown",
          latest: null,
          reason: "Offline.",
          recipe: undefined,
          downloads: undefined,
        }),
      ],
      checkedAt,
    });
    const read = await readLastUpdates(tmp.dir);
    expect(read).toEqual({
      updates: [
        info(),
        {
          ...info({ skillId: "s2", state: "unknown", latest: null, reason: "Offline." }),
          recipe: undefined,
          downloads: undefined,
        },
      ].map((u) => JSON.parse(JSON.stringify(u))),
      checkedAt,
      lastSuccessAt: null,
    });
    expect(await readFile(lastUpdatesFile(tmp.dir), "utf8")).not.toContain("nextStep");
  });

  it("writes, answer by answer, the same text one JSON.stringify writes, for no answers, one, and thousands", async () => {
    const lastSuccessAt = "2026-11-20T08:00:00.000Z";
    for (const count of [0, 1, 3000]) {
      const updates = Array.from({ length: count }, (_, i) =>
        info({ skillId: `s${i}`, dir: `/h/"quoted"\\${i}`, reason: i % 2 ? "Line\nbreak." : undefined }),
      );
      await writeLastUpdates(tmp.dir, { updates, checkedAt, lastSuccessAt });
      const whole = { format: 1, checkedAt, lastSuccessAt, updates };
      expect(await readFile(lastUpdatesFile(tmp.dir), "utf8")).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    }
  });

  it("writes thousands of answers a slice per turn of the event loop, not in one stringify", async () => {
    const turns = countTurns();
    const seenAt: number[] = [];
    const updates = Array.from({ length: 2_000 }, (_, i) => {
      const answer = info({ skillId: `s${i}` });
      return Object.assign(answer, { toJSON: () => (seenAt.push(turns.now()), { ...answer, toJSON: undefined }) });
    });
    try {
      await writeLastUpdates(tmp.dir, { updates, checkedAt });
    } finally {
      turns.stop();
    }
    expect(seenAt).toHaveLength(2_000);
    expect(seenAt[1_999]! - seenAt[0]!).toBeGreaterThanOrEqual(3);
    expect((await readLastUpdates(tmp.dir))?.updates).toHaveLength(2_000);
  });

  it("keeps each result's cause and the last successful check's time, never the page's ignore marks", async () => {
    const offline = info({ skillId: "s2", state: "unknown", latest: null, reason: "Offline.", cause: "offline" });
    const success = "2026-11-20T08:00:00.000Z";
    await writeLastUpdates(tmp.dir, {
      updates: [{ ...info(), ignored: "version" }, offline],
      checkedAt,
      lastSuccessAt: success,
    });
    const read = await readLastUpdates(tmp.dir);
    expect(read?.lastSuccessAt).toBe(success);
    expect(read?.updates.map((u) => [u.cause, u.ignored])).toEqual([
      [undefined, undefined],
      ["offline", undefined],
    ]);
    const text = await readFile(lastUpdatesFile(tmp.dir), "utf8");
    await writeFile(lastUpdatesFile(tmp.dir), text.replace('"offline"', '"on-fire"'));
    expect(await readLastUpdates(tmp.dir)).toBeNull();
  });

  it("keeps a last known answer's later failure, what failed and the plugin across a restart", async () => {
    const kept = info({
      failedSource: "GitHub",
      stale: { at: "2026-11-30T13:00:00.000Z", cause: "offline", failedSource: "GitHub" },
      plugin: { id: "p1", name: "security-kit", format: "claude-code" },
    });
    await writeLastUpdates(tmp.dir, { updates: [kept], checkedAt });
    expect((await readLastUpdates(tmp.dir))?.updates).toEqual([kept]);
  });

  it("keeps a content check's results (source github-tree, hashes, folder, changed files) across a restart", async () => {
    const content = info({
      skillId: "s3",
      name: "b",
      installed: null,
      installedSource: null,
      latest: null,
      state: "changed-locally",
      source: "github-tree",
      recipe: undefined,
      downloads: undefined,
      reason: "Changed.",
      repository: "acme/skills",
      folder: "skills/b",
      branch: "main",
      installedHash: "a".repeat(40),
      recordedHash: "b".repeat(40),
      upstreamHash: "c".repeat(40),
      changedFiles: ["SKILL.md"],
    });
    await writeLastUpdates(tmp.dir, { updates: [content], checkedAt });
    expect(await readLastUpdates(tmp.dir)).toEqual({
      updates: [JSON.parse(JSON.stringify(content))],
      checkedAt,
      lastSuccessAt: null,
    });
    await writeFile(
      lastUpdatesFile(tmp.dir),
      JSON.stringify({ format: 1, checkedAt, updates: [{ ...content, changedFiles: [1] }] }),
    );
    expect(await readLastUpdates(tmp.dir)).toBeNull();
  });

  it("reads nothing when there is no file, and deletes a damaged one", async () => {
    expect(await readLastUpdates(tmp.dir)).toBeNull();
    const file = lastUpdatesFile(tmp.dir);
    await mkdir(tmp.dir, { recursive: true });
    for (const damaged of [
      "{ not json",
      JSON.stringify({ format: 1, checkedAt, updates: [{ ...info(), state: "exploded" }] }),
      JSON.stringify({ format: 2, checkedAt, updates: [] }),
      JSON.stringify({
        format: 1,
        checkedAt,
        updates: [{ ...info(), downloads: [{ name: "x", size: 1, url: "file:///etc/passwd" }] }],
      }),
    ]) {
      await writeFile(file, damaged);
      expect(await readLastUpdates(tmp.dir), damaged).toBeNull();
      await expect(readFile(file)).rejects.toThrow();
    }
  });
});

describe("recomputeUpdates", () => {
  it("recomputes a copy whose installed version changed from the latest known version, dropping the recipe once current", () => {
    const { updates, changed } = recomputeUpdates([info()], [skill({ version: "1.8.0" })], []);
    expect(changed).toBe(true);
    expect(updates).toEqual(
      [{ ...info({ installed: "1.8.0", state: "up-to-date" }), recipe: undefined }].map((u) =>
        JSON.parse(JSON.stringify(u)),
      ),
    );
    expect(updates[0]!.checkedAt).toBe(checkedAt);
  });

  it("gives a new copy of a known skill its state, drops removed copies, and leaves unchanged ones alone", () => {
    const fresh = recomputeUpdates([info()], [skill({ id: "s9", dir: "/h/new/agentkey", version: "1.8.0" })], ["s1"]);
    expect(fresh.updates).toEqual([
      expect.objectContaining({
        skillId: "s9",
        dir: "/h/new/agentkey",
        installed: "1.8.0",
        latest: "1.8.0",
        state: "up-to-date",
        source: "skill-meta",
      }),
    ]);
    const same = recomputeUpdates([info()], [skill()], []);
    expect(same).toEqual({ updates: [info()], changed: false });
    const older = recomputeUpdates([info()], [skill({ version: null, versionSource: null })], []);
    expect(older.updates[0]).toMatchObject({
      state: "unknown",
      installed: null,
      reason: "This copy does not say which version it is, so it cannot be compared.",
    });
  });
});
