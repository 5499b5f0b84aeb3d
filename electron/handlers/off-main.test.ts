// The handlers' thread answers requests (Electron main, the web host), so the engine they are given must do the slow
// work elsewhere: every skill read, the folder watches and path validation go to the worker the scan options name.
// A worker script that records what it is sent (then loads the real, built worker) shows where the work ran.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import type { EventChannel, IpcEvents } from "../../shared/ipc";
import { endIdleWorkers } from "../engine/discovery/worker-lease";
import { endTaskWorker, useTaskWorker } from "../engine/off-thread/runner";
import { ValidationCache, cacheFileIn } from "../engine/validate-cache/store";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";
import { createFirstScreenPage } from "./first-screen-page";
import { countingSession } from "./testing/counting-session";
import { firstScreenBuild } from "./testing/first-screen-build";
import { INERT_DESKTOP } from "./testing/inert-desktop";

const CLI_WORKER = path.resolve(__dirname, "../..", "dist", "cli", "read-worker.mjs");
const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things.\n---\n# ${name}\n`;

/** A worker script that notes each message it is sent (type and what it names) before loading the real, built worker. */
async function recordingWorker(root: string) {
  const log = path.join(root, "worker.log");
  await writeFile(log, "");
  const script = path.join(root, "recording-worker.mjs");
  const what = `m.type === "read" ? m.jobs.length + (m.cache ? " through the cache" : "") : m.type === "task" ? m.name : m.type === "watch" ? m.root : ""`;
  await writeFile(
    script,
    `import { parentPort } from "node:worker_threads";\nimport { appendFileSync } from "node:fs";\n` +
      `parentPort.on("message", (m) => appendFileSync(${JSON.stringify(log)}, (m.type + " " + (${what})).trim() + "\\n"));\n` +
      `await import(${JSON.stringify(pathToFileURL(CLI_WORKER).href)});\n`,
  );
  const lines = async () => (await readFile(log, "utf8")).split("\n").filter(Boolean);
  return { script, lines };
}

/** A home under root, with the cache and data folders beside it, read by the given worker script. */
const scanOptionsIn = (root: string, workerScript: string) => ({
  home: path.join(root, "home"),
  platform: "linux" as const,
  env: { SKILLSHELF_CACHE_DIR: path.join(root, "cache"), SKILLSHELF_DATA_DIR: path.join(root, "data") },
  workerScript,
});

const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
/** A live session (the catalog watched) over the engine the hosts build, recording the events it sends. */
function liveSession(scanOptions: ReturnType<typeof scanOptionsIn>, cleanup: () => Promise<void>) {
  const events: Array<{ channel: EventChannel; payload: unknown }> = [];
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop: INERT_DESKTOP,
    emit: <E extends EventChannel>(channel: E, payload: IpcEvents[E]) => void events.push({ channel, payload }),
    engine: createEngine(scanOptions),
    liveCatalog: true,
    watchDebounceMs: 50,
  });
  open.push({ session, cleanup });
  return { session, events };
}

afterEach(async () => {
  vi.restoreAllMocks();
  for (const item of open.splice(0)) {
    await item.session.dispose();
    await item.cleanup();
  }
  endTaskWorker();
  useTaskWorker(undefined);
  await endIdleWorkers();
});

describe("the handlers' engine keeps its thread free", () => {
  it("reads every skill, watches the folders and validates paths in the worker, even for a small home", async () => {
    const tmp = await makeTempDir();
    const root = tmp.dir;
    const names = ["alpha", "beta", "gamma", "delta", "epsilon"];
    await writeTree(root, {
      ...Object.fromEntries(names.map((n) => [`home/.claude/skills/${n}/SKILL.md`, skill(n)])),
      "authoring/zeta/SKILL.md": skill("zeta"),
    });
    const { script, lines } = await recordingWorker(root);
    const scanOptions = scanOptionsIn(root, script);
    const { session, events } = liveSession(scanOptions, tmp.cleanup);

    const catalog = await session.handlers["catalog:scan"]();
    expect(catalog.skills.map((s) => s.name).sort()).toEqual([...names].sort());
    // All five read by the worker (far fewer than a CLI scan's threshold): none was read in this thread.
    const readJobs = (await lines()).filter((l) => l.startsWith("read ")).map((l) => Number(l.split(" ")[1]));
    expect(readJobs.reduce((a, b) => a + b, 0)).toBe(names.length);
    // The folder watches live in the worker too.
    await expect
      .poll(async () => (await lines()).includes(`watch ${path.join(root, "home/.claude/skills")}`))
      .toBe(true);

    const results = await session.handlers["validate:path"](path.join(root, "authoring/zeta"), "agent-skills");
    expect(results).toEqual([expect.objectContaining({ kind: "skill", name: "zeta", valid: true })]);
    expect(await lines()).toContain("task validatePath");
    await expect(session.handlers["validate:path"](path.join(root, "nowhere"), "agent-skills")).rejects.toThrow();

    // A change arrives through the worker's watch and is read there.
    await writeTree(path.join(root, "home/.claude/skills/eta"), { "SKILL.md": skill("eta") });
    await expect
      .poll(
        () => events.some((e) => e.channel === "catalog:changed" && JSON.stringify(e.payload).includes('"name":"eta"')),
        { timeout: 15_000, interval: 50 },
      )
      .toBe(true);
    const after = (await lines()).filter((l) => l.startsWith("read ")).map((l) => Number(l.split(" ")[1]));
    expect(after.reduce((a, b) => a + b, 0)).toBeGreaterThan(names.length);
  });

  it("checks, fills and writes the validation cache in the worker: this thread never opens it", async () => {
    const tmp = await makeTempDir();
    const root = tmp.dir;
    const names = ["alpha", "beta", "gamma"];
    await writeTree(root, Object.fromEntries(names.map((n) => [`home/.claude/skills/${n}/SKILL.md`, skill(n)])));
    const cacheFile = cacheFileIn(path.join(root, "cache"));
    // A damaged cache: ignored with a note (from the worker), then rebuilt.
    await writeTree(root, { [path.relative(root, cacheFile)]: "{ not json" });
    // A result is kept only when what it read is older than the 2-second racy window.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const { script, lines } = await recordingWorker(root);
    const scanOptions = scanOptionsIn(root, script);
    const opened = vi.spyOn(ValidationCache, "open");
    const notes: string[] = [];
    const { session, reads } = countingSession(scanOptions, { liveCatalog: false, log: (m) => notes.push(m) });
    open.push({ session, cleanup: tmp.cleanup });

    const first = await session.handlers["catalog:scan"]();
    expect(first.skills.map((s) => s.name).sort()).toEqual([...names].sort());
    expect(reads).toHaveLength(3);
    expect(notes).toEqual([expect.stringMatching(/validation cache .* was ignored .*rebuilt/)]);
    expect(JSON.parse(await readFile(cacheFile, "utf8")).records).toHaveLength(3);
    // The second scan sends every skill to the worker, which answers all three from the cache: nothing is read.
    const second = await session.handlers["catalog:scan"]();
    expect(second.skills).toEqual(first.skills);
    expect(reads).toHaveLength(3);
    const readLines = async () => (await lines()).filter((l) => l.startsWith("read") || l.startsWith("cache-save"));
    expect(await readLines()).toEqual([
      "read 3 through the cache",
      "cache-save",
      "read 3 through the cache",
      "cache-save",
    ]);
    // The stored catalog is read back (checked) in the task worker before it takes its name.
    await expect.poll(async () => (await lines()).includes("task storedCatalogReadsBack")).toBe(true);
    // An edit is read again, in the worker.
    await writeFile(path.join(root, "home/.claude/skills/beta/SKILL.md"), skill("beta").replace("Does", "Now does"));
    const third = await session.handlers["catalog:scan"]();
    expect(third.skills.find((s) => s.name === "beta")?.description).toBe("Now does beta things.");
    expect(reads).toEqual([...reads.slice(0, 3), path.join(root, "home/.claude/skills/beta")]);
    expect(opened).not.toHaveBeenCalled();
  });

  it("sees a save made right after author:open answers, though the folder's watch is set up in the worker", async () => {
    const tmp = await makeTempDir();
    const root = tmp.dir;
    const dir = path.join(root, "work", "draft");
    await writeTree(dir, { "SKILL.md": skill("draft") });
    const scanOptions = scanOptionsIn(root, CLI_WORKER);
    const { session, events } = liveSession(scanOptions, tmp.cleanup);
    await session.handlers["author:open"](dir);
    // No pause: a person may save the moment the folder shows (the browser test of author mode did).
    await writeFile(path.join(dir, "SKILL.md"), skill("draft").replace("Does draft things.", "Saved at once."));
    const descriptions = () =>
      events
        .filter((e) => e.channel === "author:changed")
        .map((e) => (e.payload as { scan: { skills: Array<{ description: string }> } }).scan.skills[0]?.description);
    await expect.poll(descriptions, { timeout: 10_000, interval: 50 }).toContain("Saved at once.");
  });

  it("renders the page's first screen in the task worker, from the stored catalog's bytes", async () => {
    const build = await firstScreenBuild({ alpha: skill("alpha") });
    open.push({ session: build.session("other"), cleanup: build.cleanup });
    const { script, lines } = await recordingWorker(build.root);
    const session = build.session("mine");
    // As the hosts' engine does with the worker its scan options name (this session's name none).
    useTaskWorker(script);
    const page = await createFirstScreenPage({
      rendererDir: build.rendererDir,
      storedCatalog: () => session.handlers["catalog:stored"](),
    }).render();
    expect(page?.html).toContain('<span class="entry-name">alpha</span>');
    expect(await lines()).toEqual(
      expect.arrayContaining(["task canRenderFirstScreen", "task storedCatalogJson", "task firstScreenPage"]),
    );
  });
});
