// `skillshelf scan` through the built bin: with the read worker on for a ~600-skill home (threshold lowered by
// SKILLSHELF_SCAN_WORKER_MIN) its JSON is exactly that of a run with the worker off (SKILLSHELF_SCAN_WORKER_MIN=0).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFixtureHome } from "../../test-support/fixture-homes";
import { runBin } from "../../test-support/cli";
import { addManySkills } from "../../test-support/many-skills";
import { makeTempDir } from "../../test-support/tmp";
import { scanWorkerOptions } from "./read-worker-script";

let home = "";
let env: Record<string, string> = {};
let cleanup: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const temp = await makeTempDir();
  cleanup = temp.cleanup;
  ({ home, env } = await buildFixtureHome("linux", temp.dir));
  await addManySkills(home, 600);
}, 60_000);

afterAll(() => cleanup());

describe("skillshelf scan with the read worker", () => {
  it("prints the same JSON with the worker as without it", async () => {
    const args = ["scan", "--json", "--home", home, "--platform", "linux"];
    const [withWorker, withoutWorker] = await Promise.all([
      runBin(args, { env: { ...env, SKILLSHELF_SCAN_WORKER_MIN: "50" } }),
      runBin(args, { env: { ...env, SKILLSHELF_SCAN_WORKER_MIN: "0" } }),
    ]);
    expect(withoutWorker.stderr).toBe("");
    expect(withoutWorker.code).toBe(0);
    expect(withWorker.stderr).toBe("");
    expect(withWorker.code).toBe(0);
    expect((JSON.parse(withoutWorker.stdout) as { skills: unknown[] }).skills.length).toBeGreaterThan(600);
    expect(withWorker.stdout).toBe(withoutWorker.stdout);
  });
});

describe("scanWorkerOptions", () => {
  const bundle = "file:///opt/skillshelf/dist/cli/skillshelf.mjs";

  it("uses no worker when running from source (no bundle beside it)", () => {
    expect(scanWorkerOptions({})).toEqual({});
  });

  it("turns the worker off with SKILLSHELF_SCAN_WORKER_MIN=0 and gives none when the worker bundle is missing", () => {
    expect(scanWorkerOptions({ SKILLSHELF_SCAN_WORKER_MIN: "0" }, bundle)).toEqual({});
    expect(scanWorkerOptions({}, bundle)).toEqual({});
  });
});
