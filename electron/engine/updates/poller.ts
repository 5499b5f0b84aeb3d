// Runs the update check on start, every N hours and on demand, without ever blocking its caller:
// results and failures arrive through callbacks; the clock is injectable so tests never wait.
import type { UpdateInfo } from "../../../shared/model";

/** The timer functions the poller uses (the real ones by default). */
export interface PollerClock {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** What the poller runs and where it reports. */
export interface UpdatePollerOptions {
  /** Runs one check; `newSession` is true for "check now" (skill-meta servers are asked again). */
  check: (run: { newSession: boolean }) => Promise<UpdateInfo[]>;
  /** Hours between automatic checks (a setting, default 24). */
  intervalHours?: number;
  onUpdates: (updates: UpdateInfo[]) => void;
  onError?: (error: unknown) => void;
  clock?: PollerClock;
}

/** A started poller. */
export interface UpdatePoller {
  start(): void;
  stop(): void;
  /** Starts a new session at once; shares a check already running on demand. */
  checkNow(): Promise<UpdateInfo[]>;
  /** The last results, or null before the first check finishes. */
  latest(): UpdateInfo[] | null;
  /** The check under way, if one is (a page that loads during it waits for its result instead of missing it). */
  current(): Promise<UpdateInfo[]> | null;
  /** Changes the interval; the next automatic check is rescheduled from now. */
  setIntervalHours(hours: number): void;
}

const realClock: PollerClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
const HOUR = 60 * 60 * 1000;
const MAX_TIMER = 2 ** 31 - 1;

/** Creates a poller; nothing runs until start() or checkNow(). */
export function createUpdatePoller(options: UpdatePollerOptions): UpdatePoller {
  const clock = options.clock ?? realClock;
  let hours = options.intervalHours && options.intervalHours > 0 ? options.intervalHours : 24;
  let timer: unknown = null;
  let running: { promise: Promise<UpdateInfo[]>; newSession: boolean } | null = null;
  let last: UpdateInfo[] | null = null;
  let started = false;

  function schedule(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    if (!started) return;
    timer = clock.setTimeout(
      () => {
        timer = null;
        void run(false).catch(() => undefined);
      },
      Math.min(hours * HOUR, MAX_TIMER),
    );
  }

  function run(newSession: boolean): Promise<UpdateInfo[]> {
    if (running && (running.newSession || !newSession)) return running.promise;
    const promise = Promise.resolve()
      .then(() => options.check({ newSession }))
      .then(
        (updates) => {
          last = updates;
          options.onUpdates(updates);
          return updates;
        },
        (error: unknown) => {
          options.onError?.(error);
          throw error;
        },
      )
      .finally(() => {
        if (running?.promise === promise) running = null;
        schedule();
      });
    running = { promise, newSession };
    return promise;
  }

  return {
    start() {
      if (started) return;
      started = true;
      void run(false).catch(() => undefined);
    },
    stop() {
      started = false;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
    checkNow: () => run(true),
    latest: () => last,
    current: () => running?.promise ?? null,
    setIntervalHours(value) {
      if (value > 0) hours = value;
      if (!running) schedule();
    },
  };
}
