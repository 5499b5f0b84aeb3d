// The engine's one way to bound concurrency: map a list a few items at a time, or share a fixed number of slots
// between callers. Long runs of synchronous work give the event loop a turn, so a host stays responsive.

/** After this much time without a turn, a bounded map lets the event loop run (timers, I/O, requests). */
const SLICE_MS = 8;

/** When this thread last gave the event loop a turn, and the turn every bounded map waits for (one for all of them). */
let sliceStart = performance.now();
let turn: Promise<void> | null = null;

/**
 * A turn of the event loop once SLICE_MS have passed since the last, else null. Shared by every map in the thread, so
 * maps running side by side (a scan's locations) hold the thread no longer together than one would alone.
 */
function giveTurn(): Promise<void> | null {
  if (turn || performance.now() - sliceStart < SLICE_MS) return turn;
  turn = new Promise<void>((resolve) =>
    setImmediate(() => {
      turn = null;
      sliceStart = performance.now();
      resolve();
    }),
  );
  return turn;
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order; the first failure rejects. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  // Tasks that finish in microtasks (small files read synchronously) would otherwise never let the event loop run.
  const runner = async () => {
    while (next < items.length) {
      const pause = giveTurn();
      if (pause) await pause;
      if (next >= items.length) return;
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner));
  return results;
}

/**
 * Maps a long list with synchronous work, `perTurn` items between two turns of the event loop (whatever the machine's
 * speed): ten thousand small steps never hold the thread that answers requests.
 */
export async function mapInTurns<T, R>(
  items: readonly T[],
  perTurn: number,
  work: (item: T, index: number) => R,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    // A turn before the first slice too: maps started together (a check's plans, its file, its answer) take turns.
    if (i % Math.max(1, perTurn) === 0) await new Promise((resolve) => setImmediate(resolve));
    results[i] = work(items[i] as T, i);
  }
  return results;
}

/** Shared slots: the returned function runs `work` once fewer than `limit` runs are in flight (in call order). */
export function createLimiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    // A finishing run hands its slot straight to the next waiting one, so the count never goes past the limit.
    if (running >= Math.max(1, limit)) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
