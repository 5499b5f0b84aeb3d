// The task worker (the built read worker, dist/ from vitest's globalSetup) must give the answers this thread would,
// and whatever goes wrong in it — a throw, a crash, a stall, a bundle that does not load — must come back as an error
// or an answer, never a hang, and a dead worker is replaced.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { hashSkillFolderWithInfo } from "../discovery/hash";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { gitTreeOf } from "../updates/git-tree";
import { endTaskWorker, OffThreadError, runTask, taskWorkersStarted, tasksRunOffThread, useTaskWorker } from "./runner";
import { offThread } from "./tasks";

const CLI_WORKER = path.resolve(__dirname, "../../..", "dist", "cli", "read-worker.mjs");
let dir = "";
let cleanup: () => Promise<void> = async () => undefined;
let skill = "";

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir());
  skill = path.join(dir, "skill");
  const files: Record<string, string> = { "SKILL.md": "---\nname: skill\ndescription: Hashes.\n---\n# Skill\n" };
  for (let i = 0; i < 40; i++) files[`references/part-${i % 4}/file-${i}.md`] = `# File ${i}\n`.repeat(i + 1);
  await writeTree(skill, files);
});
afterEach(() => {
  endTaskWorker();
  useTaskWorker(undefined);
});
afterAll(() => cleanup());

/** A worker script that records each task it is sent (name and first argument), then loads the real worker. */
async function recordingWorker(name: string, extra = ""): Promise<{ script: string; log: () => Promise<string[]> }> {
  const log = path.join(dir, `${name}.log`);
  await writeFile(log, "");
  const script = path.join(dir, `${name}.mjs`);
  await writeFile(
    script,
    `import { parentPort, threadId } from "node:worker_threads";\nimport { appendFileSync } from "node:fs";\n` +
      `parentPort.on("message", (m) => { if (m.type === "task") appendFileSync(${JSON.stringify(log)}, threadId + " " + m.name + " " + m.args[0] + "\\n"); ${extra} });\n` +
      `await import(${JSON.stringify(pathToFileURL(CLI_WORKER).href)});\n`,
  );
  return { script, log: async () => (await readFile(log, "utf8")).split("\n").filter(Boolean) };
}

describe("off-thread tasks", () => {
  it("the built worker exists (vitest's globalSetup builds it)", () => {
    expect(existsSync(CLI_WORKER)).toBe(true);
  });

  it("run in another thread and answer exactly what this thread computes", async () => {
    const worker = await recordingWorker("plain");
    useTaskWorker(worker.script);
    expect(tasksRunOffThread()).toBe(true);
    const [tree, installer, folder] = await Promise.all([
      offThread("gitTree", skill),
      offThread("installerHashes", skill),
      offThread("folderHash", skill),
    ]);
    expect(tree).toEqual(await gitTreeOf(skill));
    expect(installer).toEqual(await installerFolderHashes(skill));
    expect(folder).toEqual(await hashSkillFolderWithInfo(skill));
    const lines = await worker.log();
    expect(lines.map((l) => l.split(" ").slice(1).join(" ")).sort()).toEqual(
      [`folderHash ${skill}`, `gitTree ${skill}`, `installerHashes ${skill}`].sort(),
    );
    // Not this thread: the worker's own thread id.
    expect(new Set(lines.map((l) => Number(l.split(" ")[0])))).not.toContain(0);
  });

  it("pass on what a task throws, by message and name, and keep the worker", async () => {
    useTaskWorker(CLI_WORKER);
    const before = taskWorkersStarted();
    await expect(offThread("gitTree", path.join(dir, "missing"))).rejects.toThrow(/ENOENT/);
    const limited = await offThread("gitTree", skill, { maxFiles: 3 }).catch((error: Error) => error);
    expect(limited).toBeInstanceOf(Error);
    expect((limited as Error).name).toBe("GitTreeLimitError");
    expect((limited as Error).message).toContain("more than 3 files");
    expect((await offThread("gitTree", skill)).sha).toBe((await gitTreeOf(skill)).sha);
    expect(taskWorkersStarted()).toBe(before + 1);
  });

  it("fail a task whose worker dies, and replace the worker for the next one", async () => {
    const worker = await recordingWorker(
      "crashing",
      `if (m.type === "task" && String(m.args[0]).endsWith("crash-me")) process.exit(7);`,
    );
    useTaskWorker(worker.script);
    const before = taskWorkersStarted();
    await expect(offThread("gitTree", skill)).resolves.toBeTruthy();
    const crashed = await offThread("gitTree", path.join(dir, "crash-me")).catch((error: unknown) => error);
    expect(crashed).toBeInstanceOf(OffThreadError);
    expect((crashed as OffThreadError).limit).toBe("crash");
    expect((await offThread("gitTree", skill)).sha).toBe((await gitTreeOf(skill)).sha);
    expect(taskWorkersStarted()).toBe(before + 2);
  });

  it("stop a task that overruns its time, and answer the next one from a fresh worker", async () => {
    const worker = await recordingWorker(
      "spinning",
      `if (m.type === "task" && String(m.args[0]).endsWith("spin-me")) for (;;);`,
    );
    useTaskWorker(worker.script);
    const stalled = await runTask("gitTree", gitTreeOf, [path.join(dir, "spin-me")], 1500).catch((e: unknown) => e);
    expect(stalled).toBeInstanceOf(OffThreadError);
    expect((stalled as OffThreadError).limit).toBe("time");
    expect((await offThread("gitTree", skill)).sha).toBe((await gitTreeOf(skill)).sha);
  });

  it("run in this thread when the worker cannot load, with the same answer", async () => {
    const broken = path.join(dir, "broken.mjs");
    await writeFile(broken, "throw new Error('this bundle does not load');\n");
    useTaskWorker(broken);
    expect((await offThread("gitTree", skill)).sha).toBe((await gitTreeOf(skill)).sha);
    expect(tasksRunOffThread()).toBe(false);
    expect((await offThread("folderHash", skill)).hash).toBe((await hashSkillFolderWithInfo(skill)).hash);
  });

  it("run in this thread when no worker is named (the CLI from source)", async () => {
    useTaskWorker(undefined);
    const before = taskWorkersStarted();
    expect((await offThread("gitTree", skill)).sha).toBe((await gitTreeOf(skill)).sha);
    expect(taskWorkersStarted()).toBe(before);
  });
});
