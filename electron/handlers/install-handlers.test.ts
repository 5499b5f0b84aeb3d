// The guided update's handlers on a real temp home, a real scan and the loopback release server: a folder update
// from download to Undo, progress on task:progress, refusals by id (never by path), the recipe confirmation.
import { randomBytes } from "node:crypto";
import { chmod, readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { commandArgs, type EventChannel, type IpcEvents } from "../../shared/ipc";
import type { ScanResult, Skill, TaskProgress, UpdateInfo } from "../../shared/model";
import { allSkills } from "../../shared/scan-result";
import { zipOf } from "../../test-support/archives";
import { startReleaseServer, type RunningReleaseServer } from "../../test-support/servers/release-server";
import { buildFixtureHome, fixtureDesktopTree } from "../../test-support/fixture-homes";
import { writeInterruptedUpdate } from "../../test-support/interrupted-update";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { installFromUpstream } from "../../test-support/skills-installer";
import { scan } from "../engine/discovery/scan";
import { gitTreeOf } from "../engine/updates/git-tree";
import { createEngine } from "./engine";
import type { DesktopIntegration } from "./context";
import { createInstallHandlers } from "./install-handlers";
import { INERT_DESKTOP } from "./testing/inert-desktop";

const md = (version: string) =>
  `---\nname: notes\ndescription: Takes notes.\nmetadata:\n  version: "${version}"\n---\n# Notes ${version}\n`;

let releases: RunningReleaseServer;
beforeAll(async () => {
  releases = await startReleaseServer({
    releases: {
      "acme/notes": {
        tag: "v2.0.0",
        assets: { "notes.zip": zipOf({ "notes/SKILL.md": md("2.0.0"), "notes/new.md": "new\n" }) },
      },
    },
  });
});
afterAll(async () => releases.close());

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** What the release check says of the "notes" copy: 1.0.0 installed, 2.0.0 released on the test server. */
function notesOutdated(skill: Skill): UpdateInfo {
  return {
    skillId: skill.id,
    name: "notes",
    dir: skill.dir,
    installed: "1.0.0",
    installedSource: "metadata.version",
    latest: "2.0.0",
    state: "outdated",
    source: "github-release",
    downloads: [{ name: "notes.zip", size: null, url: `${releases.url}/download/acme/notes/v2.0.0/notes.zip` }],
    checkedAt: new Date().toISOString(),
  };
}

async function setup(
  options: { confirmRecipe?: DesktopIntegration["confirmRecipe"]; info?: (skill: Skill) => Partial<UpdateInfo> } = {},
) {
  const tmp = await makeTempDir("skillshelf-install-handlers-");
  const home = path.join(tmp.dir, "home");
  const dir = path.join(home, ".claude", "skills", "notes");
  await writeTree(dir, { "SKILL.md": md("1.0.0"), "mine.md": "my own\n" });
  const scanOptions = {
    home,
    platform: "linux" as const,
    env: { SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"), SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
  };
  const catalog: ScanResult = await scan(scanOptions);
  const skill = allSkills(catalog).find((s) => s.name === "notes")!;
  const events: Array<{ channel: EventChannel; payload: unknown }> = [];
  const asked: string[] = [];
  const desktop: DesktopIntegration = {
    ...INERT_DESKTOP,
    reveal: async (p) => void asked.push(p),
    ...(options.confirmRecipe ? { confirmRecipe: options.confirmRecipe } : {}),
  };
  const info: UpdateInfo = { ...notesOutdated(skill), ...options.info?.(skill) };
  const install = createInstallHandlers({
    scanOptions,
    desktop,
    catalog: () => catalog,
    updateInfo: async (id) => (id === skill.id ? info : undefined),
    emit: <E extends EventChannel>(channel: E, payload: IpcEvents[E]) => void events.push({ channel, payload }),
  });
  cleanups.push(async () => {
    await install.dispose();
    await tmp.cleanup();
  });
  return { h: install.handlers, startRecovery: install.startRecovery, skill, dir, events, asked, root: tmp.dir };
}

/** A Claude Desktop copy updated to the hand-off (the .skill made), with a stand-in system opener that records its file. */
async function desktopHandoff(desktop: DesktopIntegration) {
  const tmp = await makeTempDir("skillshelf-install-desktop-");
  cleanups.push(tmp.cleanup);
  const { home, env } = await buildFixtureHome("linux", path.join(tmp.dir, "linux"));
  const tree = path.join(fixtureDesktopTree(home, "linux"), "skills", "notes");
  await writeTree(tree, { "SKILL.md": md("1.0.0") });
  // A stand-in for the system's opener, so "Open in Claude Desktop" can be seen opening exactly the file it built.
  const bin = path.join(tmp.dir, "bin");
  const opened = path.join(tmp.dir, "opened.txt");
  await writeTree(bin, { "xdg-open": `#!/bin/sh\nprintf '%s\\n' "$@" >> '${opened}'\n` });
  await chmod(path.join(bin, "xdg-open"), 0o755);
  const scanOptions = {
    home,
    platform: "linux" as const,
    env: { ...env, SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"), PATH: `${bin}:${process.env.PATH ?? ""}` },
  };
  const catalog = await scan(scanOptions);
  const skill = allSkills(catalog).find((s) => s.name === "notes")!;
  const info = notesOutdated(skill);
  const install = createInstallHandlers({
    scanOptions,
    desktop,
    emit: () => undefined,
    catalog: () => catalog,
    updateInfo: async () => info,
    arrivalTimeoutMs: 300,
  });
  cleanups.unshift(() => install.dispose());
  const h = install.handlers;
  const { taskId } = await h["update:start"](skill.id);
  expect((await h["update:review"](taskId)).ok).toBe(true);
  const applied = await h["update:apply"](taskId);
  if (!applied.ok || applied.kind !== "desktop-upload") throw new Error("expected the Desktop hand-off");
  expect(path.basename(applied.archive)).toBe("notes-2.0.0.skill");
  expect(applied.steps.length).toBeGreaterThan(2);
  expect(await readFile(path.join(tree, "SKILL.md"), "utf8")).toBe(md("1.0.0"));
  return { h, taskId, applied, opened, tree, install };
}

/** A temp folder and a GitHub look-alike on 127.0.0.1, both ended after the test. */
async function folderAndGitHub(prefix: string) {
  const tmp = await makeTempDir(prefix);
  const server = await startReleaseServer();
  cleanups.push(async () => {
    await server.close();
    await tmp.cleanup();
  });
  return { tmp, server };
}

describe("install handlers", () => {
  it("updates a folder the user owns: review, apply with the user's file kept, history, and Undo byte for byte", async () => {
    const { h, skill, dir, events } = await setup();
    const { taskId } = await h["update:start"](skill.id);
    const review = await h["update:review"](taskId);
    if (!review.ok) throw new Error(review.problem.message);
    expect(review.review.version).toBe("2.0.0");
    expect(review.review.files.map((f) => [f.change, f.path]).sort()).toEqual([
      ["added", "new.md"],
      ["changed", "SKILL.md"],
      ["kept", "mine.md"],
    ]);
    const progress = events.filter((e) => e.channel === "task:progress").map((e) => e.payload as TaskProgress);
    expect(progress.every((p) => p.taskId === taskId && p.kind === "update-download")).toBe(true);
    expect(progress.at(-1)!.value).toBe(1);

    const applied = await h["update:apply"](taskId);
    expect(applied).toMatchObject({
      ok: true,
      kind: "replace-folder",
      version: "2.0.0",
      previousVersion: "1.0.0",
      canUndo: true,
    });
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toBe(md("2.0.0"));
    expect(await readFile(path.join(dir, "mine.md"), "utf8")).toBe("my own\n");
    expect((await h["update:history"](skill.id)).backups.map((b) => b.version)).toEqual(["1.0.0"]);
    const updated = { kind: "update", at: expect.any(String), from: "1.0.0", to: "2.0.0" };
    expect((await h["update:histories"]()).histories).toEqual([
      {
        skillId: skill.id,
        backups: [{ createdAt: expect.any(String), version: "1.0.0" }],
        events: [{ ...updated, kept: true }],
      },
    ]);

    expect(await h["update:undo"](skill.id)).toEqual({ ok: true, version: "1.0.0", replacedVersion: "2.0.0" });
    // Each recorded once; the update's kept copy went back into place, the undo's (2.0.0) is kept.
    expect((await h["update:history"](skill.id)).events).toEqual([
      { kind: "undo", at: expect.any(String), from: "2.0.0", to: "1.0.0", kept: true },
      { ...updated, kept: false },
    ]);
    expect((await readdir(dir)).sort()).toEqual(["SKILL.md", "mine.md"]);
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toBe(md("1.0.0"));
    await expect(h["update:review"](taskId)).rejects.toThrow("no longer running");
  });

  it("refuses by id: an unknown skill, a copy with no update due, and undo with no backup say so", async () => {
    const { h, skill } = await setup({ info: () => ({ state: "up-to-date", latest: "1.0.0" }) });
    await expect(h["update:start"]("claude-code:/etc")).rejects.toThrow("not in the catalog");
    await expect(h["update:start"](skill.id)).rejects.toThrow('"notes" is up to date.');
    expect(await h["update:undo"](skill.id)).toMatchObject({ ok: false, problem: { code: "install.rollback.none" } });
    await expect(h["update:apply"]("0123456789abcdef")).rejects.toThrow("no longer running");
  });

  it("a download that fails leaves nothing half-done and says what to do", async () => {
    const { h, skill, dir } = await setup({
      info: () => ({
        downloads: [{ name: "notes.zip", size: null, url: `${releases.url}/download/acme/notes/v9/notes.zip` }],
      }),
    });
    const { taskId } = await h["update:start"](skill.id);
    const review = await h["update:review"](taskId);
    expect(review).toMatchObject({
      ok: false,
      problem: { code: "install.download.failed", cause: "not-found", advice: expect.stringContaining("Retry") },
    });
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toBe(md("1.0.0"));
  });

  it("cancel stops a download and drops what was staged; nothing else changes", async () => {
    const slow = await startReleaseServer({
      releases: {
        "acme/notes": {
          tag: "v2.0.0",
          assets: { "notes.zip": zipOf({ "notes/SKILL.md": md("2.0.0"), "notes/big.bin": randomBytes(512 * 1024) }) },
        },
      },
      throttleAssets: { chunkBytes: 16 * 1024, pauseMs: 50 },
    });
    cleanups.push(() => slow.close());
    const { h, skill, dir, events, root } = await setup({
      info: () => ({
        downloads: [{ name: "notes.zip", size: null, url: `${slow.url}/download/acme/notes/v2.0.0/notes.zip` }],
      }),
    });
    const { taskId } = await h["update:start"](skill.id);
    while (!events.some((e) => e.channel === "task:progress" && (e.payload as TaskProgress).value > 0))
      await new Promise((r) => setTimeout(r, 20));
    await h["update:cancel"](taskId);
    await expect(h["update:review"](taskId)).rejects.toThrow("no longer running");
    expect(await readdir(path.join(root, "data", "staging")).catch(() => [])).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(["SKILL.md", "mine.md"]);
  });

  it("runs a shell recipe only when the host's confirmation says yes", async () => {
    const answers: boolean[] = [false, true];
    const shown: string[] = [];
    const { h, skill, root, events } = await setup({
      confirmRecipe: async (_name, command) => (shown.push(command), answers.shift()!),
      info: () => ({ recipe: { kind: "shell", command: "echo ran > ran.txt && echo hello" }, downloads: [] }),
    });
    expect(await h["update:run-recipe"](skill.id)).toBeNull();
    await expect(readFile(path.join(root, "home", "ran.txt"), "utf8")).rejects.toThrow();
    const started = await h["update:run-recipe"](skill.id);
    expect(started).not.toBeNull();
    expect(await h["update:recipe-result"](started!.taskId)).toMatchObject({ ok: true, exitCode: 0 });
    expect(shown).toEqual(["echo ran > ran.txt && echo hello", "echo ran > ran.txt && echo hello"]);
    expect(await readFile(path.join(root, "home", "ran.txt"), "utf8")).toBe("ran\n");
    expect(
      events
        .filter((e) => e.channel === "task:output")
        .map((e) => (e.payload as { chunk: string }).chunk)
        .join(""),
    ).toBe("hello\n");
  });

  it("a skill without a version comes from its folder on GitHub (a private repository, with the settings' token), and the installer's lock records the new folder", async () => {
    const { tmp, server } = await folderAndGitHub("skillshelf-install-content-");
    const upstream = path.join(tmp.dir, "upstream");
    const home = path.join(tmp.dir, "home");
    const skillMd = "---\nname: b\ndescription: Skill b. Use it in tests.\n---\n\nDo it.\n";
    await writeTree(upstream, { "skills/b/SKILL.md": skillMd, "skills/b/x.sh": "echo b\n" });
    const dir = path.join(home, ".agents", "skills", "b");
    await installFromUpstream(home, upstream, ["b"]);
    await writeTree(upstream, { "skills/b/x.sh": "echo b2\n", "skills/b/NEW.md": "new\n" });
    await server.trees.setRepo("acme/skills", { dir: upstream, token: "settings-token" });
    const env = {
      SKILLSHELF_GITHUB_API: server.url,
      SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
      SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    };
    const scanOptions = { home, platform: "linux" as const, env };
    const catalog = await scan(scanOptions);
    const skill = allSkills(catalog).find((s) => s.name === "b" && s.realDir === dir)!;
    const sources = { servers: [], githubToken: "settings-token", includeStdio: false };
    const [info] = await createEngine(scanOptions).checkUpdates([skill], { force: true, sources });
    expect(info).toMatchObject({ state: "outdated", source: "github-tree" });
    const install = createInstallHandlers({
      scanOptions,
      desktop: INERT_DESKTOP,
      emit: () => undefined,
      catalog: () => catalog,
      updateInfo: async () => info,
      githubToken: async () => "settings-token",
    });
    cleanups.unshift(() => install.dispose());
    const h = install.handlers;
    const { taskId } = await h["update:start"](skill.id);
    const review = await h["update:review"](taskId);
    if (!review.ok) throw new Error(review.problem.message);
    expect(
      review.review.files
        .filter((f) => f.change !== "kept")
        .map((f) => [f.change, f.path])
        .sort(),
    ).toEqual([
      ["added", "NEW.md"],
      ["changed", "x.sh"],
    ]);
    const applied = await h["update:apply"](taskId);
    expect(applied).toMatchObject({
      ok: true,
      restartNote: expect.stringContaining("lock now records the new folder"),
    });
    expect(await readFile(path.join(dir, "x.sh"), "utf8")).toBe("echo b2\n");
    const written = JSON.parse(await readFile(path.join(home, ".agents", ".skill-lock.json"), "utf8")) as {
      skills: { b: { skillFolderHash: string } };
    };
    expect(written.skills.b.skillFolderHash).toBe((await gitTreeOf(path.join(upstream, "skills", "b"))).sha);
    expect(server.stats.authorizationOffApi).toBe(0);
  });

  it("Show my changes reads what was installed from the host's GitHub API, not the source's newer state", async () => {
    const { tmp, server } = await folderAndGitHub("skillshelf-install-local-changes-");
    const upstream = path.join(tmp.dir, "upstream");
    const home = path.join(tmp.dir, "home");
    const skillMd = (line: string) => `---\nname: b\ndescription: Skill b. Use it in tests.\n---\n\n${line}\n`;
    await writeTree(upstream, { "skills/b/SKILL.md": skillMd("Do it."), "skills/b/x.sh": "echo b\n" });
    await server.trees.setRepo("acme/skills", { dir: upstream, token: "settings-token" });
    await installFromUpstream(home, upstream, ["b"]);
    await writeTree(upstream, { "skills/b/x.sh": "echo b2\n", "skills/b/NEW.md": "new\n" });
    await server.trees.setRepo("acme/skills", { dir: upstream, token: "settings-token" });
    await writeTree(path.join(home, ".agents", "skills", "b"), { "SKILL.md": skillMd("Do it my way.") });
    // The environment names no API that answers: the host's --github-api is the one reachable GitHub.
    const env = {
      SKILLSHELF_GITHUB_API: "http://127.0.0.1:9",
      SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
      SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    };
    const scanOptions = { home, platform: "linux" as const, env };
    const catalog = await scan(scanOptions);
    const skill = allSkills(catalog).find((s) => s.name === "b")!;
    const install = createInstallHandlers({
      scanOptions,
      desktop: INERT_DESKTOP,
      emit: () => undefined,
      catalog: () => catalog,
      updateInfo: async () => undefined,
      githubToken: async () => "settings-token",
      githubApi: server.url,
    });
    cleanups.unshift(() => install.dispose());
    const shown = await install.handlers["update:local-changes"](skill.id);
    expect(shown).toMatchObject({ baseline: "installed", files: [{ path: "SKILL.md", change: "changed" }] });
    if (shown.baseline !== "installed") return;
    expect(shown.files).toHaveLength(1);
    expect(shown.files[0]!.diff).toContain("+Do it my way.");
    expect(server.stats.authorizationOffApi).toBe(0);
  });

  // The stand-in opener is a shell script, which Windows cannot run.
  it.skipIf(process.platform === "win32")(
    "a Claude Desktop copy: the .skill is made and opened, the tree untouched; waiting says what to try, and Check again sees the arrival",
    async () => {
      const { h, taskId, applied, opened, tree } = await desktopHandoff(INERT_DESKTOP);
      expect(await h["update:open-handoff"](taskId)).toEqual({ ok: true, message: `Opened ${applied.archive}.` });
      expect(await readFile(opened, "utf8")).toBe(`${applied.archive}\n`);
      const first = await h["update:wait-arrival"](taskId);
      expect(first.status).toBe("timeout");
      expect(first.advice.length).toBeGreaterThan(0);
      await writeTree(tree, { "SKILL.md": md("2.0.0") });
      expect(await h["update:wait-arrival"](taskId)).toEqual({ status: "arrived", version: "2.0.0", advice: [] });
      await expect(h["update:wait-arrival"](taskId)).rejects.toThrow("no longer running");
      // The hand-off is in the history once (waiting twice and the arrival add nothing), with nothing to restore.
      const { histories } = await h["update:histories"]();
      expect(histories.map((x) => x.events)).toEqual([
        [{ kind: "handoff", at: expect.any(String), from: "1.0.0", to: "2.0.0", kept: false }],
      ]);
      expect(histories[0]!.backups).toEqual([]);
    },
  );

  it.skipIf(process.platform === "win32")(
    "in the web host the .skill is never handed to the system's opener: the answer names the file to download",
    async () => {
      const { h, taskId, applied, opened, install } = await desktopHandoff({ ...INERT_DESKTOP, downloadsOnly: true });
      const answer = await h["update:open-handoff"](taskId);
      expect(answer).toEqual({ ok: false, message: expect.stringContaining(applied.archive) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(readFile(opened, "utf8")).rejects.toThrow();
      expect(install.handoffArchive(taskId)).toBe(applied.archive);
      expect(install.handoffArchive("0123456789abcdef")).toBeNull();
    },
  );

  it("tells the page, once per session, what start-up did with updates a killed run left unfinished", async () => {
    const { h, startRecovery, dir, root } = await setup();
    const data = path.join(root, "data");
    const gone = path.join(root, "home", ".claude", "skills", "gone");
    await writeInterruptedUpdate(data, dir, "not-started");
    await writeInterruptedUpdate(data, gone, "lost");
    // The page may ask before the first catalog is read: it waits, and asking starts nothing.
    const asked = h["update:recoveries"]();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readdir(path.join(data, "journal"))).sort()).toEqual(["0a0a0a0a0a0a.json", "0b0b0b0b0b0b.json"]);
    startRecovery();
    const recoveries = await asked;
    expect(recoveries).toEqual([
      {
        target: gone,
        outcome: "needs-attention",
        detail: expect.stringContaining("nothing was changed"),
      },
      { target: dir, outcome: "undone", detail: "the swap had not started; the old version is in place" },
    ]);
    expect(await h["update:recoveries"]()).toEqual(recoveries);
    expect(await readFile(path.join(dir, "SKILL.md"), "utf8")).toBe(md("1.0.0"));
  });

  it("the contract accepts only host-produced ids: task ids are 16 hex digits, never paths", () => {
    expect(commandArgs["update:review"](["0123456789abcdef"])).toBe(true);
    expect(commandArgs["update:review"](["/tmp/x"])).toBe(false);
    expect(commandArgs["update:apply"](["../../etc/passwd"])).toBe(false);
    expect(commandArgs["update:start"](["a\u0000b"])).toBe(false);
    expect(commandArgs["update:start"]([1])).toBe(false);
    expect(commandArgs["update:undo"](["x", "y"])).toBe(false);
  });
});
