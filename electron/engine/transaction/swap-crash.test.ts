// Crash consistency: a child process performing a swap is killed with SIGKILL at each step and at random moments;
// after start-up recovery the folder must equal the old or the new version exactly, with a usable backup.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chmod, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { listBackups, recoverInterrupted, type SwapStep } from "./swap";
import { runCrashChild } from "../../../test-support/crash-child";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

const CHILD = fileURLToPath(new URL("../../../test-support/swap-child.ts", import.meta.url));
const STEPS: SwapStep[] = ["journal-written", "stage-copied", "staged", "old-moved", "new-moved", "recorded"];
const ROUNDS_PER_STEP = 3;
const RANDOM_KILLS = 24;
const FILES = 80;

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => (tmp = await makeTempDir("skillshelf-crash-")));
afterAll(async () => tmp.cleanup());

const skillMd = (version: string) =>
  `---\nname: demo\ndescription: The demo skill.\nmetadata:\n  version: "${version}"\n---\n\n# Demo ${version}\n`;

async function writeVersion(dir: string, version: string, extra: Record<string, string> = {}): Promise<void> {
  const files: Record<string, string> = { "SKILL.md": skillMd(version), ...extra };
  for (let i = 0; i < FILES; i++) files[`references/part-${i}.md`] = `Part ${i} of version ${version}.\n`.repeat(20);
  await writeTree(dir, files);
  await chmod(path.join(dir, "references/part-0.md"), 0o755);
}

const runChild = (args: string[], killAfterMs: number | null) => runCrashChild(CHILD, args, killAfterMs);

describe("swap crash consistency", () => {
  it(
    "leaves the old or the new version, never a mix, after SIGKILL at every step and at random moments",
    { timeout: 600_000 },
    async () => {
      const parent = path.join(tmp.dir, "skills");
      const target = path.join(parent, "demo");
      const dataDir = path.join(tmp.dir, "data");
      const next = path.join(tmp.dir, "release", "demo");
      await writeVersion(next, "2.0.0");
      const userFile = { "mine/notes.md": "the user's own notes\n" };

      const reset = async () => {
        await rm(parent, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
        await writeVersion(target, "1.0.0", userFile);
      };
      await reset();
      const oldPrint = JSON.stringify([...(await fingerprintTree(target))]);
      const calibration = await runChild([target, next, dataDir, "none", "mine/notes.md"], null);
      const newPrint = JSON.stringify([...(await fingerprintTree(target))]);
      expect(newPrint).not.toBe(oldPrint);
      expect(newPrint).toContain("mine/notes.md");
      // The first whole run is the slowest (nothing cached yet): random kills are spread over the fastest of three, so
      // about all of them land before the swap ends, however loaded the machine is.
      let fastest = calibration.ms;
      for (let i = 0; i < 2; i++) {
        await reset();
        fastest = Math.min(fastest, (await runChild([target, next, dataDir, "none", "mine/notes.md"], null)).ms);
      }

      let kills = 0;
      let torn = 0;
      const outcomes = { old: 0, new: 0 };
      const problems: string[] = [];
      const check = async (label: string) => {
        const recovery = await recoverInterrupted(dataDir);
        const now = JSON.stringify([...(await fingerprintTree(target).catch(() => new Map()))]);
        const leftovers = (await readdir(parent)).filter((n) => n !== "demo");
        const journals = await readdir(path.join(dataDir, "journal")).catch(() => []);
        let ok =
          (now === oldPrint || now === newPrint) &&
          !leftovers.length &&
          !journals.length &&
          recovery.every((r) => r.outcome !== "needs-attention");
        if (now === newPrint) {
          const [backup] = await listBackups(target, dataDir);
          ok &&= !!backup && JSON.stringify([...(await fingerprintTree(backup.dir))]) === oldPrint;
          outcomes.new++;
        } else if (now === oldPrint) outcomes.old++;
        if (!ok) {
          torn++;
          problems.push(
            `${label}: ${now === oldPrint ? "old" : now === newPrint ? "new" : "MIXED"}, leftovers ${leftovers.join(",")}, journals ${journals.length}, ${JSON.stringify(recovery)}`,
          );
        }
      };

      for (let round = 0; round < ROUNDS_PER_STEP; round++) {
        for (const step of STEPS) {
          await reset();
          const run = await runChild([target, next, dataDir, step, "mine/notes.md"], null);
          expect(run.signal).toBe("SIGKILL");
          kills++;
          await check(`step ${step}`);
        }
      }
      const span = Math.max(20, fastest);
      for (let i = 0; i < RANDOM_KILLS; i++) {
        await reset();
        const delay = Math.floor(Math.random() * span);
        const run = await runChild([target, next, dataDir, "none", "mine/notes.md"], delay);
        if (run.signal === "SIGKILL") kills++;
        await check(`random ${delay} ms`);
      }
      console.log(
        `swap crash test: ${kills} kills (${STEPS.length * ROUNDS_PER_STEP} at named steps, ${kills - STEPS.length * ROUNDS_PER_STEP} at random moments within ${span} ms), ${torn} torn results; afterwards ${outcomes.old} old, ${outcomes.new} new`,
      );
      expect(problems).toEqual([]);
      expect(torn).toBe(0);
      expect(kills).toBeGreaterThanOrEqual(STEPS.length * ROUNDS_PER_STEP + RANDOM_KILLS / 2);
    },
  );
});
