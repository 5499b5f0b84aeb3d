// Crash consistency of add: a child process adding a skill (a new copy, a link replacing another link, a link replacing
// a copy, the lock entry) is killed with SIGKILL at every journaled step and at random moments; after the recovery run
// at start-up the home must be exactly as before or exactly as after, with no staged copy, aside link or journal left.
import { mkdir, readFile, readdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { recoverInterrupted } from "../transaction/swap";
import { recoverInterruptedAdds } from "./add-journal";
import { runCrashChild } from "../../../test-support/crash-child";
import type { AddStep } from "./journaled-place";

const CHILD = fileURLToPath(new URL("../../../test-support/add-child.ts", import.meta.url));
/** Each step with how many times it happens in this add (a place is written three times). */
const STEPS: Array<[AddStep, number]> = [
  ["journal-written", 1],
  ["place-written", 1],
  ["place-written", 2],
  ["place-written", 3],
  ["placed", 1],
  ["lock-written", 1],
];
const RANDOM_KILLS = 12;
const FILES = 40;

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => (tmp = await makeTempDir("skillshelf-add-crash-")));
afterAll(async () => tmp.cleanup());

const skillMd = (version: string) =>
  `---\nname: tidy\ndescription: The tidy skill.\nmetadata:\n  version: "${version}"\n---\n\n# Tidy ${version}\n`;

async function writeVersion(dir: string, version: string): Promise<void> {
  const files: Record<string, string> = { "SKILL.md": skillMd(version) };
  for (let i = 0; i < FILES; i++) files[`references/part-${i}.md`] = `Part ${i} of ${version}.\n`.repeat(20);
  await writeTree(dir, files);
}

const runChild = (args: string[], killAfterMs: number | null) => runCrashChild(CHILD, args, killAfterMs);

/** Every entry whose name says a write of ours was under way. */
async function leftovers(dirs: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const dir of dirs)
    for (const name of await readdir(dir).catch(() => [] as string[]))
      if (name.includes("skillshelf-")) out.push(path.join(dir, name));
  return out;
}

describe("add crash consistency", () => {
  it(
    "leaves the home as before or as after, never a mix, after SIGKILL at every step and at random moments",
    {
      timeout: 600_000,
    },
    async () => {
      const home = path.join(tmp.dir, "home");
      const dataDir = path.join(tmp.dir, "data");
      const source = path.join(tmp.dir, "src", "tidy");
      await writeVersion(source, "2.0.0");
      const lockFile = path.join(home, ".agents", ".skill-lock.json");
      const clientDirs = [".agents/skills", ".claude/skills", ".cursor/skills"].map((d) => path.join(home, d));
      const print = async () => {
        const all = await fingerprintTree(home);
        all.delete(".agents/.skill-lock.json");
        // Client folders an undone add created stay (empty): only files and links are the skill's state.
        return JSON.stringify([...all].filter(([, v]) => v !== "dir"));
      };
      const reset = async () => {
        await rm(home, { recursive: true, force: true });
        await rm(dataDir, { recursive: true, force: true });
        await writeVersion(path.join(home, ".claude", "skills", "tidy"), "1.0.0");
        await writeVersion(path.join(home, "elsewhere", "tidy"), "0.9.0");
        await mkdir(path.join(home, ".cursor", "skills"), { recursive: true });
        await symlink("../../elsewhere/tidy", path.join(home, ".cursor", "skills", "tidy"));
      };
      await reset();
      const oldPrint = await print();
      const calibration = await runChild([source, home, dataDir, "none"], null);
      const newPrint = await print();
      expect(newPrint).not.toBe(oldPrint);
      expect(JSON.parse(await readFile(lockFile, "utf8")).skills.tidy).toMatchObject({ sourceType: "local" });

      let kills = 0;
      const outcomes = { old: 0, new: 0 };
      const problems: string[] = [];
      const check = async (label: string) => {
        const swaps = await recoverInterrupted(dataDir);
        const adds = await recoverInterruptedAdds({ dataDir, home, env: {} });
        const now = await print();
        const left = await leftovers(clientDirs);
        const journals = await readdir(path.join(dataDir, "add-journal")).catch(() => []);
        const staging = await readdir(path.join(dataDir, "staging")).catch(() => []);
        const lock = await readFile(lockFile, "utf8").catch(() => null);
        const hasEntry = lock !== null && JSON.parse(lock).skills?.tidy !== undefined;
        const ok =
          ((now === oldPrint && !hasEntry) || (now === newPrint && hasEntry)) &&
          !left.length &&
          !journals.length &&
          !staging.length &&
          [...swaps, ...adds].every((r) => r.outcome !== "needs-attention");
        if (now === newPrint) outcomes.new++;
        else if (now === oldPrint) outcomes.old++;
        if (!ok)
          problems.push(
            `${label}: ${now === oldPrint ? "old" : now === newPrint ? "new" : "MIXED"}, lock entry ${hasEntry}, leftovers ${left.join(",")}, journals ${journals.length}, staging ${staging.length}, ${JSON.stringify(adds)}`,
          );
      };

      for (const [step, nth] of STEPS) {
        await reset();
        const run = await runChild([source, home, dataDir, step, String(nth)], null);
        expect(run.signal, `${step} #${nth}`).toBe("SIGKILL");
        kills++;
        await check(`step ${step} #${nth}`);
      }
      const span = Math.max(20, calibration.ms);
      for (let i = 0; i < RANDOM_KILLS; i++) {
        await reset();
        const delay = Math.floor(Math.random() * span);
        const run = await runChild([source, home, dataDir, "none"], delay);
        if (run.signal === "SIGKILL") kills++;
        await check(`random ${delay} ms`);
      }
      console.log(
        `add crash test: ${kills} kills (${STEPS.length} at named steps, the rest at random moments within ${span} ms); afterwards ${outcomes.old} as before, ${outcomes.new} as after`,
      );
      expect(problems).toEqual([]);
      expect(outcomes.old).toBeGreaterThan(0);
      expect(outcomes.new).toBeGreaterThan(0);
    },
  );
});
