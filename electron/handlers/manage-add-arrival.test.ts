// An add to Claude Desktop through the manage handlers, on a fixture home with a real Desktop account tree: the wait
// reports the skill arriving there (and in which account), a copy of another version as stale, and Stop ends it.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildFixtureHome, FIXTURE_TREES, fixtureDesktopTree } from "../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { EngineError } from "../engine/errors";
import { LifecycleService } from "../engine/lifecycle/service";
import { createManageHandlers, type ManageSession } from "./manage-handlers";

const SKILL = (version: string) =>
  `---\nname: tidy\ndescription: Tidies notes.\nmetadata:\n  version: "${version}"\n---\n\nBody.\n`;
const TASK = "00112233445566bb";
const open: Array<{ session: ManageSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

/** A Linux home with one Desktop account tree, a skill folder to add, and the manage handlers over it. */
async function harness(onArrivalCheck?: (tree: string) => void) {
  const tmp = await makeTempDir("skillshelf-add-arrival-");
  const { home, env } = await buildFixtureHome("linux", tmp.dir);
  await writeTree(tmp.dir, { "src/tidy/SKILL.md": SKILL("2.0.0") });
  const tree = fixtureDesktopTree(home, "linux");
  let changes = 0;
  const service = new LifecycleService({ home, platform: "linux", env, dataDir: path.join(tmp.dir, "data") });
  const session = createManageHandlers({
    service,
    changed: () => void changes++,
    arrivalTimeoutMs: 60_000,
    arrivalPollMs: 100,
    accountName: async (accountTree) => (accountTree === FIXTURE_TREES.a ? "account 1" : null),
    ...(onArrivalCheck ? { onArrivalCheck: () => onArrivalCheck(tree) } : {}),
  });
  open.push({ session, cleanup: async () => (await service.dispose(), await tmp.cleanup()) });
  const added = await session.handlers["manage:add"](path.join(tmp.dir, "src/tidy"), {
    clients: ["claude-desktop"],
    dryRun: false,
    taskId: TASK,
  });
  return { session, tree, added, changes: () => changes };
}

/** Writes the skill into the account tree once, as Claude Desktop's sync does after an upload. */
const uploadOnce = (version: string) => {
  let writing: Promise<void> | null = null;
  return (tree: string) => {
    writing ??= writeTree(path.join(tree, "skills", "tidy"), { "SKILL.md": SKILL(version) });
  };
};

describe("waiting for an added skill to arrive in Claude Desktop", () => {
  it("reports the skill arriving in a Desktop account tree, with the account, and rescans the catalog", async () => {
    const { session, added, changes } = await harness(uploadOnce("2.0.0"));
    expect(added.skills[0]!.handoff!.archive).toMatch(/tidy.*\.skill$/);
    const before = changes();
    const arrival = await session.handlers["manage:wait-arrival"](TASK);
    expect(arrival).toEqual({
      status: "arrived",
      name: "tidy",
      version: "2.0.0",
      account: FIXTURE_TREES.a,
      accountName: "account 1",
      advice: [],
    });
    expect(changes()).toBe(before + 1);
    expect(session.handoffFile(TASK)).toBe(added.skills[0]!.handoff!.archive);
  });

  it("says so when the copy that arrives is another version", async () => {
    const { session } = await harness(uploadOnce("1.0.0"));
    const arrival = await session.handlers["manage:wait-arrival"](TASK);
    expect(arrival.status).toBe("stale");
    expect(arrival.version).toBe("1.0.0");
    expect(arrival.account).toBe(FIXTURE_TREES.a);
    expect(arrival.message).toMatch(/now has 1\.0\.0 of "tidy", not version 2\.0\.0/);
    expect(arrival.advice.length).toBeGreaterThan(0);
  });

  it("stops waiting on manage:cancel-add, and refuses a task that made no .skill", async () => {
    let stop: (() => void) | null = null;
    const { session } = await harness(() => stop?.());
    stop = () => void session.handlers["manage:cancel-add"](TASK);
    const arrival = await session.handlers["manage:wait-arrival"](TASK);
    expect(arrival).toEqual({ status: "cancelled", name: "tidy", version: null, account: null, advice: [] });
    await expect(session.handlers["manage:wait-arrival"]("ffffffffffffffff")).rejects.toBeInstanceOf(EngineError);
  });
});
