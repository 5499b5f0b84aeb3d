// The hosts assemble a catalog a slice at a time so their thread keeps answering: the result must be the one the
// synchronous assembly gives, and the event loop must get its turns while it is built.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFixtureHome } from "../../../test-support/fixture-homes";
import { addManySkills } from "../../../test-support/many-skills";
import { makeTempDir } from "../../../test-support/tmp";
import { assembleChanges, assembleChangesInTurns } from "./assemble";
import { createScanState } from "./scan";
import type { ScanOptions } from "./types";

let cleanup: () => Promise<void> = async () => undefined;
let options: ScanOptions;

beforeAll(async () => {
  const made = await makeTempDir();
  cleanup = made.cleanup;
  const { home, env } = await buildFixtureHome("linux", made.dir);
  await addManySkills(home, 1200);
  options = { home, platform: "linux", env };
});
afterAll(() => cleanup());

describe("assembleChangesInTurns", () => {
  it("gives the synchronous assembly's result and changes, letting the event loop run between slices", async () => {
    const once = assembleChanges(await createScanState(options));
    const state = await createScanState(options);
    let turns = 0;
    const count = () => {
      turns++;
      if (turns < 1000) setImmediate(count);
    };
    setImmediate(count);
    const sliced = await assembleChangesInTurns(state);
    expect(sliced.result).toEqual(once.result);
    expect([...sliced.changedSkills].sort()).toEqual([...once.changedSkills].sort());
    expect(sliced.result.skills.length).toBeGreaterThan(1200);
    expect(turns).toBeGreaterThan(1);
    // A second assembly of the same state reuses every skill: nothing changed.
    expect((await assembleChangesInTurns(state)).changedSkills.size).toBe(0);
  });
});
