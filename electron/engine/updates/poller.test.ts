import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { createUpdatePoller, type PollerClock } from "./poller";

function fakeClock(): PollerClock & { pending: Array<{ fn: () => void; ms: number; id: number }>; fire: () => void } {
  let next = 1;
  const pending: Array<{ fn: () => void; ms: number; id: number }> = [];
  return {
    pending,
    setTimeout: (fn, ms) => {
      const id = next++;
      pending.push({ fn, ms, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = pending.findIndex((p) => p.id === id);
      if (i >= 0) pending.splice(i, 1);
    },
    fire() {
      const t = pending.shift();
      t?.fn();
    },
  };
}

const info = (n: number): UpdateInfo => ({
  skillId: `s${n}`,
  name: "a",
  dir: "/a",
  installed: "1.0.0",
  installedSource: "metadata.version",
  latest: `1.${n}.0`,
  state: "outdated",
  source: "github-release",
  checkedAt: "2026-11-30T12:00:00.000Z",
});
const flush = () => new Promise((r) => setImmediate(r));

describe("createUpdatePoller", () => {
  it("checks on start, then every N hours, reporting each result", async () => {
    const clock = fakeClock();
    const runs: boolean[] = [];
    const seen: UpdateInfo[][] = [];
    const poller = createUpdatePoller({
      clock,
      intervalHours: 6,
      check: async ({ newSession }) => (runs.push(newSession), [info(runs.length)]),
      onUpdates: (u) => seen.push(u),
    });
    poller.start();
    await flush();
    expect(runs).toEqual([false]);
    expect(clock.pending.map((p) => p.ms)).toEqual([6 * 3600 * 1000]);
    clock.fire();
    await flush();
    expect(runs).toEqual([false, false]);
    expect(seen.map((u) => u[0]!.latest)).toEqual(["1.1.0", "1.2.0"]);
    expect(poller.latest()?.[0]?.latest).toBe("1.2.0");
    poller.stop();
    expect(clock.pending).toEqual([]);
  });

  it("defaults to 24 hours and never blocks: start returns before the check finishes", async () => {
    const clock = fakeClock();
    let release!: (u: UpdateInfo[]) => void;
    const poller = createUpdatePoller({
      clock,
      check: () => new Promise((r) => (release = r)),
      onUpdates: () => undefined,
    });
    poller.start();
    await flush();
    expect(clock.pending).toEqual([]);
    release([info(1)]);
    await flush();
    expect(clock.pending.map((p) => p.ms)).toEqual([24 * 3600 * 1000]);
    poller.stop();
  });

  it("checks on demand with a new session and shares a demand already running", async () => {
    const clock = fakeClock();
    const runs: boolean[] = [];
    const poller = createUpdatePoller({
      clock,
      check: async ({ newSession }) => (runs.push(newSession), [info(runs.length)]),
      onUpdates: () => undefined,
    });
    const [a, b] = await Promise.all([poller.checkNow(), poller.checkNow()]);
    expect(runs).toEqual([true]);
    expect(a).toBe(b);
    expect(clock.pending).toEqual([]);
  });

  it("reports a failed check and keeps polling", async () => {
    const clock = fakeClock();
    const errors: unknown[] = [];
    let calls = 0;
    const poller = createUpdatePoller({
      clock,
      check: async () => {
        calls++;
        if (calls === 1) throw new Error("boom");
        return [info(2)];
      },
      onUpdates: () => undefined,
      onError: (e) => errors.push(e),
    });
    poller.start();
    await flush();
    expect(errors).toHaveLength(1);
    expect(clock.pending).toHaveLength(1);
    clock.fire();
    await flush();
    expect(poller.latest()).toHaveLength(1);
    poller.stop();
  });
});
