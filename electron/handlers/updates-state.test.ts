// The update state through the handlers: the last results at start and after a restart, a recomputation without a
// network call when an installed version changes on disk, and the engine's plan with every result.
import { afterEach, describe, expect, it } from "vitest";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { installFromUpstream } from "../../test-support/skills-installer";
import { addManySkills } from "../../test-support/many-skills";
import { startReleaseServer, type RunningReleaseServer } from "../../test-support/servers/release-server";
import type { EventChannel, IpcEvents } from "../../shared/ipc";
import type { UpdateInfo } from "../../shared/model";
import { gitTreeOf } from "../engine/updates/git-tree";
import { lastUpdatesFile } from "../engine/updates/last-updates";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";
import { INERT_DESKTOP } from "./testing/inert-desktop";

const skillMd = (name: string, version: string) =>
  [
    "---",
    `name: ${name}`,
    `description: Does ${name} things.`,
    "metadata:",
    `  version: "${version}"`,
    `  repository: https://github.com/acme/${name}`,
    "---",
    `# ${name}`,
    "",
  ].join("\n");
const desktop = INERT_DESKTOP;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Fixture {
  root: string;
  releases: RunningReleaseServer;
}

async function fixture(): Promise<Fixture> {
  const tmp = await makeTempDir();
  closers.push(tmp.cleanup);
  const releases = await startReleaseServer({
    releases: { "acme/agentkey": { tag: "v1.8.0" }, "acme/report": { tag: "v2.0.0" } },
  });
  closers.push(releases.close);
  await writeTree(path.join(tmp.dir, "home/.claude/skills"), {
    "agentkey/SKILL.md": skillMd("agentkey", "1.7.2"),
    "report/SKILL.md": skillMd("report", "2.0.0"),
  });
  return { root: tmp.dir, releases };
}

function open(f: Fixture, options: { live?: boolean; polling?: boolean } = {}) {
  const events: Array<{ channel: EventChannel; payload: unknown }> = [];
  const scanOptions = {
    home: path.join(f.root, "home"),
    platform: "linux" as const,
    env: {
      SKILLSHELF_CACHE_DIR: path.join(f.root, "cache"),
      SKILLSHELF_CONFIG_DIR: path.join(f.root, "config"),
      SKILLSHELF_GITHUB_API: f.releases.url,
    },
  };
  const session: HandlerSession = createHandlerSession({
    host: "web",
    scanOptions,
    desktop,
    emit: <E extends EventChannel>(channel: E, payload: IpcEvents[E]) => void events.push({ channel, payload }),
    engine: createEngine(scanOptions),
    liveCatalog: options.live ?? false,
    watchDebounceMs: 50,
    updatePolling: options.polling ? { intervalHours: 24 } : undefined,
  });
  closers.push(() => session.dispose());
  const pushed = () => events.filter((e) => e.channel === "updates:changed").map((e) => e.payload as UpdateInfo[]);
  return { session, pushed };
}

const byName = (updates: UpdateInfo[], name: string) => updates.find((u) => u.name === name)!;

/** The fixture plus skill b installed by the `skills` installer from a repository the server serves (content-checked). */
async function contentFixture(): Promise<{ f: Fixture; dir: string }> {
  const f = await fixture();
  const upstream = path.join(f.root, "upstream");
  const skillB = "---\nname: b\ndescription: Skill b. Use it in tests.\n---\n\nDo it.\n";
  await writeTree(upstream, { "skills/b/SKILL.md": skillB, "skills/b/x.sh": "echo b\n" });
  const dir = path.join(f.root, "home/.agents/skills/b");
  await installFromUpstream(path.join(f.root, "home"), upstream, ["b"]);
  await f.releases.trees.setRepo("acme/skills", { dir: upstream });
  return { f, dir };
}

describe("update state in the handlers", () => {
  it("keeps the time of the last check that reached the network when a check finds the sources offline", async () => {
    const f = await fixture();
    const online = open(f);
    await online.session.handlers["catalog:scan"]();
    const good = await online.session.handlers["updates:check"](true);
    const goodAt = byName(good, "agentkey").checkedAt;
    expect((await online.session.handlers["updates:last"]()).lastSuccessAt).toBe(goodAt);
    await online.session.dispose();

    const dead = { ...f, releases: { ...f.releases, url: "http://127.0.0.1:9" } } as Fixture;
    const offline = open(dead);
    await offline.session.handlers["catalog:scan"]();
    const failed = await offline.session.handlers["updates:check"](true);
    // GitHub unreachable: the last known answer stays, with its own time, and says what failed.
    expect(byName(failed, "agentkey")).toMatchObject({
      state: byName(good, "agentkey").state,
      latest: byName(good, "agentkey").latest,
      checkedAt: goodAt,
      stale: { cause: "offline", failedSource: "GitHub" },
    });
    const last = await offline.session.handlers["updates:last"]();
    expect(last.checkedAt! > goodAt).toBe(true);
    expect(last.lastSuccessAt).toBe(goodAt);
    await offline.session.dispose();
    expect((await open(dead).session.handlers["updates:last"]()).lastSuccessAt).toBe(goodAt);
  });

  it("marks an update the user ignored in the settings at once, without a new check, and shows it again", async () => {
    const f = await fixture();
    const { session, pushed } = open(f);
    await session.handlers["catalog:scan"]();
    await session.handlers["updates:check"](true);
    const requests = f.releases.stats.apiRequests;
    await session.handlers["settings:update"]({ ignoreUpdates: { name: "agentkey", version: "1.8.0" } });
    expect(byName(pushed().at(-1)!, "agentkey")).toMatchObject({ state: "outdated", ignored: "version" });
    expect(byName((await session.handlers["updates:last"]()).updates, "agentkey").ignored).toBe("version");
    await session.handlers["settings:update"]({ unignoreUpdates: "agentkey" });
    expect(byName(pushed().at(-1)!, "agentkey").ignored).toBeUndefined();
    expect(f.releases.stats.apiRequests).toBe(requests);
  });

  it("pushes thousands of answers with their plans, in order, the newest ignore marks last", async () => {
    const f = await fixture();
    await addManySkills(path.join(f.root, "home"), 1_200);
    const { session, pushed } = open(f);
    await session.handlers["catalog:scan"]();
    const checked = await session.handlers["updates:check"](true);
    expect(checked.length).toBeGreaterThan(1_200);
    expect(checked.every((u) => u.plan?.skillId === u.skillId)).toBe(true);
    expect(byName(checked, "agentkey")).toMatchObject({ state: "outdated", latest: "1.8.0" });
    await expect.poll(() => pushed().at(-1)?.length, { timeout: 10_000, interval: 20 }).toBe(checked.length);
    await session.handlers["settings:update"]({ ignoreUpdates: { name: "agentkey", version: "1.8.0" } });
    await session.handlers["settings:update"]({ unignoreUpdates: "agentkey" });
    await session.handlers["settings:update"]({ ignoreUpdates: { name: "agentkey", version: "1.8.0" } });
    const settled = pushed().length;
    await expect.poll(() => pushed().length, { timeout: 10_000, interval: 20 }).toBeGreaterThan(settled);
    await expect
      .poll(() => byName(pushed().at(-1)!, "agentkey").ignored, { timeout: 10_000, interval: 20 })
      .toBe("version");
    expect(pushed().at(-1)).toHaveLength(checked.length);
    expect(
      pushed()
        .at(-1)!
        .every((u) => u.plan !== undefined),
    ).toBe(true);
  });

  it("hands the page the last results and their time at start, also after a restart, without asking the network", async () => {
    const f = await fixture();
    const first = open(f);
    expect(await first.session.handlers["updates:last"]()).toEqual({
      updates: [],
      checkedAt: null,
      lastSuccessAt: null,
      checking: false,
    });
    await first.session.handlers["catalog:scan"]();
    const checked = await first.session.handlers["updates:check"](true);
    expect(byName(checked, "agentkey")).toMatchObject({
      state: "outdated",
      latest: "1.8.0",
      plan: { kind: "replace-folder", nextStep: expect.stringMatching(/^Download version 1\.8\.0/) },
    });
    await first.session.dispose();
    const requests = f.releases.stats.apiRequests;
    expect(requests).toBe(2);

    const second = open(f);
    const before = await second.session.handlers["updates:last"]();
    expect(before.checkedAt).toBe(byName(checked, "agentkey").checkedAt);
    expect(byName(before.updates, "agentkey")).toMatchObject({
      state: "outdated",
      installed: "1.7.2",
      latest: "1.8.0",
      downloads: [expect.objectContaining({ name: "agentkey.zip" })],
    });
    await second.session.handlers["catalog:scan"]();
    expect(byName((await second.session.handlers["updates:last"]()).updates, "report")).toMatchObject({
      state: "up-to-date",
      plan: { nextStep: "Nothing to do: this copy is the latest version." },
    });
    expect(f.releases.stats.apiRequests).toBe(requests);
  });

  it("a page that loads while the start-up check runs is told so, and gets that check's result without a second check", async () => {
    const tmp = await makeTempDir();
    closers.push(tmp.cleanup);
    const releases = await startReleaseServer({
      releases: { "acme/agentkey": { tag: "v1.8.0" }, "acme/report": { tag: "v2.0.0" } },
    });
    const release = releases.hold();
    closers.push(releases.close);
    await writeTree(path.join(tmp.dir, "home/.claude/skills"), {
      "agentkey/SKILL.md": skillMd("agentkey", "1.7.2"),
      "report/SKILL.md": skillMd("report", "2.0.0"),
    });
    const { session } = open({ root: tmp.dir, releases }, { polling: true });
    await session.handlers["catalog:scan"]();
    // The start-up check begins after the first catalog and waits on the held answers.
    await expect.poll(async () => (await session.handlers["updates:last"]()).checking, { timeout: 10_000 }).toBe(true);
    expect((await session.handlers["updates:last"]()).updates).toEqual([]);
    const asked = session.handlers["updates:check"](false);
    release();
    const result = await asked;
    expect(byName(result, "agentkey")).toMatchObject({ state: "outdated", latest: "1.8.0" });
    expect(releases.stats.apiRequests).toBe(2);
    expect((await session.handlers["updates:last"]()).checking).toBe(false);
  });

  it("ignores and replaces a damaged results file", async () => {
    const f = await fixture();
    const file = lastUpdatesFile(path.join(f.root, "cache"));
    await writeTree(path.dirname(file), {
      [path.basename(file)]: '{"format":1,"checkedAt":null,"updates":[{"skillId":',
    });
    const { session } = open(f);
    expect(await session.handlers["updates:last"]()).toEqual({
      updates: [],
      checkedAt: null,
      lastSuccessAt: null,
      checking: false,
    });
    await session.handlers["catalog:scan"]();
    await session.handlers["updates:check"](true);
    await expect
      .poll(async () => JSON.parse(await readFile(file, "utf8").catch(() => "{}")).updates?.length, { timeout: 5000 })
      .toBe(2);
  });

  it("recomputes a copy's state at once when its installed version changes on disk, with no new request", async () => {
    const f = await fixture();
    const { session, pushed } = open(f, { live: true });
    await session.handlers["catalog:scan"]();
    await session.handlers["updates:check"](true);
    const requests = f.releases.stats.apiRequests;
    const pushes = pushed().length;

    await writeFile(path.join(f.root, "home/.claude/skills/agentkey/SKILL.md"), skillMd("agentkey", "1.8.0"));
    await expect.poll(() => pushed().length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(pushes);
    const latest = pushed().at(-1)!;
    expect(byName(latest, "agentkey")).toMatchObject({
      state: "up-to-date",
      installed: "1.8.0",
      latest: "1.8.0",
      plan: { nextStep: expect.stringMatching(/^Nothing to do/) },
    });
    expect(byName(latest, "report")).toMatchObject({ state: "up-to-date" });
    expect(f.releases.stats.apiRequests).toBe(requests);
    expect(byName((await session.handlers["updates:last"]()).updates, "agentkey").installed).toBe("1.8.0");
  });
  it("judges a copy changed on disk while a check ran by its version now, not the one the check began with", async () => {
    // As after a Restore: the check compares the version it began with, and the copy changes before it answers.
    const f = await fixture();
    const { session, pushed } = open(f, { live: true });
    await session.handlers["catalog:scan"]();
    await session.handlers["updates:check"](true);
    expect(byName((await session.handlers["updates:last"]()).updates, "agentkey")).toMatchObject({ state: "outdated" });
    const release = f.releases.hold();
    const checking = session.handlers["updates:check"](true);
    await expect.poll(() => f.releases.heldCount(), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    const pushes = pushed().length;
    await writeFile(path.join(f.root, "home/.claude/skills/agentkey/SKILL.md"), skillMd("agentkey", "1.8.0"));
    await expect.poll(() => pushed().length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(pushes);
    expect(byName(pushed().at(-1)!, "agentkey")).toMatchObject({ state: "up-to-date", installed: "1.8.0" });
    release();
    const answered = await checking;
    for (const updates of [answered, pushed().at(-1)!, (await session.handlers["updates:last"]()).updates])
      expect(byName(updates, "agentkey")).toMatchObject({ state: "up-to-date", installed: "1.8.0", latest: "1.8.0" });
  });

  it("recomputes a content-checked copy's state from its folder when it is edited, with no new request", async () => {
    const { f, dir } = await contentFixture();
    const recordedHash = (await gitTreeOf(dir)).sha;
    const { session, pushed } = open(f, { live: true });
    await session.handlers["catalog:scan"]();
    const checked = await session.handlers["updates:check"](true);
    expect(byName(checked, "b")).toMatchObject({ state: "up-to-date", source: "github-tree" });
    const requests = () =>
      f.releases.stats.apiRequests + Object.values(f.releases.trees.stats).reduce((a, b) => a + b, 0);
    const before = requests();
    const pushes = pushed().length;

    await writeFile(path.join(dir, "x.sh"), "echo edited here\n");
    await expect
      .poll(
        () =>
          pushed()
            .slice(pushes)
            .some((u) => byName(u, "b")?.state === "changed-locally"),
        {
          timeout: 10_000,
          interval: 50,
        },
      )
      .toBe(true);
    const latest = pushed().at(-1)!;
    expect(byName(latest, "b")).toMatchObject({
      state: "changed-locally",
      installedHash: (await gitTreeOf(dir)).sha,
      recordedHash,
      plan: { nextStep: expect.stringMatching(/changed here since it was installed/) },
    });
    expect(byName(latest, "agentkey")).toMatchObject({ state: "outdated" });
    expect(requests()).toBe(before);
    expect(byName((await session.handlers["updates:last"]()).updates, "b").state).toBe("changed-locally");
  });

  it("judges a content-checked copy edited while a check ran by its folder now, not as the check found it", async () => {
    const { f, dir } = await contentFixture();
    const { session, pushed } = open(f, { live: true });
    await session.handlers["catalog:scan"]();
    expect(byName(await session.handlers["updates:check"](true), "b").state).toBe("up-to-date");
    const release = f.releases.hold();
    const checking = session.handlers["updates:check"](true);
    await expect.poll(() => f.releases.heldCount(), { timeout: 10_000, interval: 20 }).toBeGreaterThan(0);
    const pushes = pushed().length;
    await writeFile(path.join(dir, "x.sh"), "echo edited here\n");
    const edited = () =>
      pushed()
        .slice(pushes)
        .some((u) => byName(u, "b")?.state === "changed-locally");
    await expect.poll(edited, { timeout: 10_000, interval: 50 }).toBe(true);
    release();
    await checking;
    const state = async () => byName((await session.handlers["updates:last"]()).updates, "b").state;
    await expect.poll(state, { timeout: 10_000, interval: 50 }).toBe("changed-locally");
    expect(byName(pushed().at(-1)!, "b").state).toBe("changed-locally");
  });

  it("after a restart, a content-checked copy edited while the app was closed shows its new state, with no new request", async () => {
    const { f, dir } = await contentFixture();
    const first = open(f);
    await first.session.handlers["catalog:scan"]();
    expect(byName(await first.session.handlers["updates:check"](true), "b").state).toBe("up-to-date");
    await first.session.dispose();
    const requests = () =>
      f.releases.stats.apiRequests + Object.values(f.releases.trees.stats).reduce((a, b) => a + b, 0);
    const before = requests();

    await writeFile(path.join(dir, "x.sh"), "echo edited while closed\n");
    const { session } = open(f);
    await session.handlers["catalog:scan"]();
    await expect
      .poll(async () => byName((await session.handlers["updates:last"]()).updates, "b")?.state, {
        timeout: 10_000,
        interval: 50,
      })
      .toBe("changed-locally");
    expect(byName((await session.handlers["updates:last"]()).updates, "b").installedHash).toBe(
      (await gitTreeOf(dir)).sha,
    );
    expect(requests()).toBe(before);
  });
});

describe("Check now", () => {
  it("asks GitHub again after a new tag and an upstream commit (within the 24 h cache), and a 304 for what is unchanged", async () => {
    const { f } = await contentFixture();
    const upstream = path.join(f.root, "upstream");
    const app = open(f);
    await app.session.handlers["catalog:scan"]();
    const first = await app.session.handlers["updates:check"](true);
    expect(byName(first, "report")).toMatchObject({ state: "up-to-date", latest: "2.0.0" });
    expect(byName(first, "b")).toMatchObject({ state: "up-to-date", source: "github-tree" });
    const trees = f.releases.trees.stats.treeRequests;
    const releases = f.releases.stats.apiRequests;
    await app.session.dispose();

    f.releases.setRelease("acme/report", { tag: "v2.1.0" });
    await writeFile(path.join(upstream, "skills/b/x.sh"), "echo b2\n");
    await f.releases.trees.setRepo("acme/skills", { dir: upstream });
    const restarted = open(f);
    await restarted.session.handlers["catalog:scan"]();
    const now = await restarted.session.handlers["updates:check"](true);
    expect(byName(now, "report")).toMatchObject({ state: "outdated", latest: "2.1.0" });
    expect(byName(now, "b")).toMatchObject({ state: "outdated", source: "github-tree" });
    expect(f.releases.stats.apiRequests).toBe(releases * 2);
    expect(f.releases.trees.stats.treeRequests).toBe(trees + 1);
    const notModified = f.releases.stats.notModified;
    await restarted.session.handlers["updates:check"](true);
    expect(f.releases.stats.notModified).toBe(notModified + 2);
  });
});
