// The update service on a real temp home, a real scan and the loopback release server: a page that reloads finds its
// task again, a fast failure keeps its outcome until read, a task nobody watches expires with its staging removed,
// a failed apply is retried without downloading again, and Update all is one operation.
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Skill, UpdateInfo } from "../../../shared/model";
import { allSkills } from "../../../shared/scan-result";
import { zipOf } from "../../../test-support/archives";
import { writeInterruptedUpdate } from "../../../test-support/interrupted-update";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "../discovery/scan";
import { readHistory } from "./history";
import { LifecycleService } from "./service";

const md = (name: string, version: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill.\nmetadata:\n  version: "${version}"\n---\n# ${name} ${version}\n`;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function outdated(skill: Skill, server: RunningReleaseServer, asset = `${skill.name}.zip`): UpdateInfo {
  return {
    skillId: skill.id,
    name: skill.name,
    dir: skill.dir,
    installed: "1.0.0",
    installedSource: "metadata.version",
    latest: "2.0.0",
    state: "outdated",
    source: "github-release",
    downloads: [{ name: asset, size: null, url: `${server.url}/download/acme/${skill.name}/v2.0.0/${asset}` }],
    checkedAt: new Date().toISOString(),
  };
}

async function setup(names: string[] = ["notes"]) {
  const tmp = await makeTempDir("skillshelf-lifecycle-service-");
  const home = path.join(tmp.dir, "home");
  const releases: Record<string, { tag: string; assets: Record<string, Uint8Array> }> = {};
  for (const name of names) {
    await writeTree(path.join(home, ".claude", "skills", name), { "SKILL.md": md(name, "1.0.0") });
    releases[`acme/${name}`] = {
      tag: "v2.0.0",
      assets: { [`${name}.zip`]: zipOf({ [`${name}/SKILL.md`]: md(name, "2.0.0") }) },
    };
  }
  const server = await startReleaseServer({ releases });
  const data = path.join(tmp.dir, "data");
  const env = { SKILLSHELF_DATA_DIR: data, SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") };
  const catalog = await scan({ home, platform: "linux", env });
  const skills = names.map((n) => allSkills(catalog).find((s) => s.name === n)!);
  let clock = 1_000_000;
  const service = new LifecycleService({
    dataDir: data,
    home,
    platform: "linux",
    env,
    idleMs: 60_000,
    now: () => clock,
  });
  cleanups.push(async () => {
    await service.dispose();
    await server.close();
    await tmp.cleanup();
  });
  const staging = async () => readdir(path.join(data, "staging")).catch(() => [] as string[]);
  return { service, server, skills, home, data, staging, advance: (ms: number) => (clock += ms) };
}

describe("the update service", () => {
  it("re-attaches a page that reloaded to the task of its copy instead of locking the skill", async () => {
    const { service, server, skills } = await setup();
    const [skill] = skills as [Skill];
    const first = service.start(skill, outdated(skill, server));
    if (!first.ok) throw new Error(first.problem.message);
    expect((await service.review(first.taskId)).ok).toBe(true);
    const again = service.start(skill, outdated(skill, server));
    expect(again).toEqual({ ok: true, taskId: first.taskId, attached: true });
    expect((await service.review(first.taskId)).ok).toBe(true);
    expect(server.stats.assetDownloads).toBe(1);
  });

  it("keeps a download that failed fast with its outcome until the page has read it, then forgets it", async () => {
    const { service, server, skills } = await setup();
    const [skill] = skills as [Skill];
    const started = service.start(skill, outdated(skill, server, "missing.zip"));
    if (!started.ok) throw new Error(started.problem.message);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const review = await service.review(started.taskId);
    expect(review).toMatchObject({ ok: false, problem: { code: "install.download.failed", cause: "not-found" } });
    await expect(service.review(started.taskId)).rejects.toMatchObject({ code: "update.task-gone" });
  });

  it("drops a task nobody asks about after the idle time, with what it staged", async () => {
    const { service, server, skills, staging, advance } = await setup();
    const [skill] = skills as [Skill];
    const started = service.start(skill, outdated(skill, server));
    if (!started.ok) throw new Error(started.problem.message);
    expect((await service.review(started.taskId)).ok).toBe(true);
    expect(await staging()).not.toEqual([]);
    advance(30_000);
    await service.sweep();
    expect(service.running()).toHaveLength(1);
    advance(61_000);
    await service.sweep();
    expect(service.running()).toEqual([]);
    expect(await staging()).toEqual([]);
    await expect(service.review(started.taskId)).rejects.toMatchObject({ code: "update.task-gone" });
  });

  it("retries a failed apply without downloading again what was downloaded and checked", async () => {
    const { service, server, skills, data } = await setup();
    const [skill] = skills as [Skill];
    const started = service.start(skill, outdated(skill, server));
    if (!started.ok) throw new Error(started.problem.message);
    expect((await service.review(started.taskId)).ok).toBe(true);
    await writeInterruptedUpdate(data, skill.realDir, "not-started");
    const refused = await service.apply(started.taskId);
    expect(refused).toMatchObject({ ok: false, problem: { code: "install.busy", cause: "locked" } });
    await rm(path.join(data, "journal", "0b0b0b0b0b0b.json"));
    const applied = await service.apply(started.taskId);
    expect(applied).toMatchObject({ ok: true, kind: "replace-folder", version: "2.0.0" });
    expect(server.stats.assetDownloads).toBe(1);
    expect(await readFile(path.join(skill.realDir, "SKILL.md"), "utf8")).toBe(md("notes", "2.0.0"));
  });

  it("updates all given folders as one operation and says how each fared", async () => {
    const { service, server, skills } = await setup(["alpha", "beta"]);
    const [alpha, beta] = skills as [Skill, Skill];
    const seen: string[] = [];
    const items = await service.updateAll(
      [
        { skill: alpha, info: outdated(alpha, server) },
        { skill: beta, info: { ...outdated(beta, server), state: "up-to-date" } },
      ],
      (item) => seen.push(item.name),
    );
    expect(items).toEqual([
      { skillId: alpha.id, name: "alpha", ok: true, version: "2.0.0", nothingToDo: false },
      {
        skillId: beta.id,
        name: "beta",
        ok: false,
        problem: expect.objectContaining({ code: "install.not-due", cause: "refused" }),
      },
    ]);
    expect(seen).toEqual(["alpha", "beta"]);
    expect(service.running()).toEqual([]);
  });

  it("records each update and undo once, even when apply is asked twice at the same time", async () => {
    const { service, server, skills, data } = await setup();
    const [skill] = skills as [Skill];
    for (let round = 0; round < 2; round++) {
      const started = service.start(skill, outdated(skill, server));
      if (!started.ok) throw new Error(started.problem.message);
      expect((await service.review(started.taskId)).ok).toBe(true);
      const [a, b] = await Promise.all([service.apply(started.taskId), service.apply(started.taskId)]);
      expect(a).toMatchObject({ ok: true, version: "2.0.0" });
      expect(b).toBe(a);
      expect(await service.undo(skill)).toMatchObject({ ok: true, version: "1.0.0", replacedVersion: "2.0.0" });
    }
    const { records, dropped } = await readHistory(data);
    expect(dropped).toBe(0);
    expect(records.map((r) => [r.kind, r.from, r.to])).toEqual([
      ["update", "1.0.0", "2.0.0"],
      ["undo", "2.0.0", "1.0.0"],
      ["update", "1.0.0", "2.0.0"],
      ["undo", "2.0.0", "1.0.0"],
    ]);
    expect(new Set(records.map((r) => r.id)).size).toBe(4);
    expect(records.every((r) => r.target === skill.realDir && r.backup !== null)).toBe(true);
  });

  it("leaves out of Update all the copies whose update the user ignored", async () => {
    const { service, server, skills } = await setup(["alpha", "beta"]);
    const [alpha, beta] = skills as [Skill, Skill];
    const items = await service.updateAll([
      { skill: alpha, info: { ...outdated(alpha, server), ignored: "version" } },
      { skill: beta, info: outdated(beta, server) },
    ]);
    expect(items.map((i) => [i.name, i.ok])).toEqual([["beta", true]]);
    expect(server.stats.assetDownloads).toBe(1);
  });
});
