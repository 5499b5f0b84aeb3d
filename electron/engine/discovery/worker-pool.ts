// Reads many skill folders on two cores: this thread and one worker thread take from one queue. Whatever goes wrong
// with the worker (it cannot start, throws, exits, stalls, answers nonsense) only moves its unfinished work back here.
import type { ReadKind, ReadWorkerMessage, ScanCacheOptions } from "./read-protocol";
import { leaseWorker, releaseWorker, type LeasedWorker } from "./worker-lease";

/** How a shared read runs: the worker bundle, reads in flight here, and the worker's batching. */
export interface SharedReadSettings {
  workerScript: string;
  /** Reads in flight in this thread (and per batch in the worker). */
  limit: number;
  /** Folders per batch sent to the worker (default 48). */
  batchSize?: number;
  /**
   * With work handed out, a worker that finishes no file for this long is stopped (default DEFAULT_FILE_TIME_LIMIT_MS):
   * work it never took is read here, a folder it took is read again alone, and a folder that stalls alone is reported.
   */
  stallMs?: number;
  onSkillRead?: (dir: string) => void;
  /**
   * False keeps this thread free for requests: it reads nothing itself while a worker can (a worker that dies is
   * replaced), and reads in short turns only when no worker can start. Default true: both threads read.
   */
  readsHere?: boolean;
  /**
   * The validation cache the worker checks each job against and records fresh reads in, written back by the worker
   * at the end; reads done here (no worker could) are neither checked nor recorded. The note of a damaged cache file
   * ignored goes to onCacheNote.
   */
  cache?: ScanCacheOptions;
  onCacheNote?: (note: string) => void;
}

const BATCHES_IN_FLIGHT = 2;
/** Longest this thread reads before it lets the event loop deliver the worker's messages. */
const TURN_MS = 4;
/** A worker that finishes no file for this long while it has work is stopped (the per-file time limit). */
const DEFAULT_FILE_TIME_LIMIT_MS = 10_000;
/** Longest the scan waits for the worker to write the validation cache back (it only costs the next scan speed). */
const CACHE_SAVE_WAIT_MS = 10_000;

class JobQueue {
  private next = 0;
  private returned: number[] = [];
  constructor(private readonly size: number) {}
  take(): number | undefined {
    if (this.returned.length) return this.returned.pop();
    return this.next < this.size ? this.next++ : undefined;
  }
  takeBatch(count: number): number[] {
    const end = Math.min(this.size, this.next + count);
    const batch: number[] = [];
    while (this.next < end) batch.push(this.next++);
    return batch;
  }
  /** Nothing left to hand out. */
  done(): boolean {
    return this.returned.length === 0 && this.next >= this.size;
  }
  giveBack(batch: number[]): void {
    this.returned.push(...batch.reverse());
  }
}

/** A folder whose read the worker could not finish within its limits, and which limit it was. */
export interface LimitedRead {
  index: number;
  limit: "memory" | "time" | "crash";
}

/**
 * One kind of shared read: its name in the worker, a job read in this thread, and the read of a job that alone stopped
 * the worker (memory, time, crash).
 */
export interface SharedReader<J, R> {
  kind: ReadKind;
  readHere(job: J): Promise<R>;
  limited(job: J, limit: LimitedRead["limit"], timeLimitMs: number): Promise<R>;
  /** Called for each read the worker sent back, before onRead. */
  arrived?(job: J, read: R): void;
}

class ReadHelper<J> {
  private lease: LeasedWorker | null = null;
  private ready = false;
  private dead = false;
  private broken = false;
  private batches = 0;
  private readonly pending = new Map<number, number[]>();
  private readonly taken = new Set<number>();
  /** Batches holding one suspect alone. */
  private readonly alone = new Set<number>();
  /** Folders of a batch the worker took and then died or stalled on: read again one at a time to find the culprit. */
  private suspects: number[] = [];
  private limited: LimitedRead[] = [];
  private arrived: Array<{ batch: number[]; reads: unknown[] }> = [];
  private waiters: Array<() => void> = [];
  private cacheSaved: ((note: string | null) => void) | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  /** When the worker last showed it was making progress (or the watchdog was last set). */
  private lastSign = 0;

  constructor(
    private readonly jobs: readonly J[],
    private readonly queue: JobQueue,
    private readonly settings: SharedReadSettings,
    private readonly kind: ReadKind,
  ) {}

  start(): void {
    try {
      this.lease = leaseWorker(this.settings.workerScript, {
        message: (message) => this.onMessage(message as ReadWorkerMessage),
        failure: (error) => this.fail(error),
      });
      this.ready = this.lease.ready;
      this.fill();
      if (!this.ready && this.suspects.length > 0) this.setWatchdog(true);
    } catch {
      this.dead = true;
      this.queue.giveBack(this.suspects.splice(0));
    }
  }

  /** Whether no worker will read any more (it could not start, or failed before taking anything). */
  gaveUp(): boolean {
    return this.dead;
  }

  busy(): boolean {
    return this.pending.size > 0 || this.limited.length > 0 || (!this.dead && this.suspects.length > 0);
  }

  takeArrived(): { batch: number[]; reads: unknown[] } | undefined {
    return this.arrived.shift();
  }

  takeLimited(): LimitedRead | undefined {
    return this.limited.shift();
  }

  /** Asks the worker to write the validation cache back, and waits for it (bounded); resolves with its note. */
  saveCache(file: string): Promise<string | null> {
    const lease = this.lease;
    if (this.dead || !lease) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(null), CACHE_SAVE_WAIT_MS);
      const settle = (note: string | null) => {
        clearTimeout(timer);
        this.cacheSaved = null;
        resolve(note);
      };
      this.cacheSaved = settle;
      try {
        lease.worker.postMessage({ type: "cache-save", file });
      } catch {
        settle(null);
      }
    });
  }

  changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    const healthy = !this.broken && !this.dead && this.ready && this.pending.size === 0;
    this.dead = true;
    this.setWatchdog(false);
    const lease = this.lease;
    this.lease = null;
    if (lease) releaseWorker(this.settings.workerScript, lease, healthy);
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** While work is out, the worker must finish a file (or a batch) within stallMs, or it is given up on. */
  private setWatchdog(on: boolean): void {
    this.lastSign = performance.now();
    if (!on) {
      if (this.watchdog) clearTimeout(this.watchdog);
      this.watchdog = null;
    } else if (!this.watchdog) this.armWatchdog(this.stallMs());
  }

  private stallMs(): number {
    return this.settings.stallMs ?? DEFAULT_FILE_TIME_LIMIT_MS;
  }

  /** One timer per stall window, not one per file: when it rings, it waits on for the time left since the last sign. */
  private armWatchdog(ms: number): void {
    this.watchdog = setTimeout(() => {
      const left = this.lastSign + this.stallMs() - performance.now();
      if (left > 0) this.armWatchdog(left);
      else {
        this.watchdog = null;
        this.fail("time");
      }
    }, ms);
  }

  private fill(): void {
    while (!this.dead && this.ready && this.lease && this.pending.size < BATCHES_IN_FLIGHT) {
      // A suspect goes alone, with nothing else in flight, so a crash or stall names exactly one folder.
      const isolating = this.suspects.length > 0;
      if (isolating && this.pending.size > 0) break;
      const batch = isolating ? [this.suspects.shift() as number] : this.queue.takeBatch(this.settings.batchSize ?? 48);
      if (!batch.length) break;
      const id = ++this.batches;
      this.pending.set(id, batch);
      if (isolating) this.alone.add(id);
      try {
        this.lease.worker.postMessage({
          type: "read",
          kind: this.kind,
          batch: id,
          jobs: batch.map((i) => this.jobs[i]),
          limit: this.settings.limit,
          ...(this.settings.cache ? { cache: this.settings.cache } : {}),
        });
      } catch {
        this.fail();
        return;
      }
      if (isolating) break;
    }
    this.setWatchdog(this.pending.size > 0 || (this.suspects.length > 0 && !this.dead));
  }

  private onMessage(message: ReadWorkerMessage): void {
    if (!message || typeof message !== "object") return;
    if (message.type === "cache-saved") {
      this.cacheSaved?.(typeof message.note === "string" ? message.note : null);
      return;
    }
    if (this.dead) return;
    if (message.type === "ready") {
      this.ready = true;
      this.fill();
      return;
    }
    if (message.type === "taken" || message.type === "progress") {
      if (this.pending.has(message.batch)) {
        this.taken.add(message.batch);
        this.setWatchdog(true);
      }
      return;
    }
    const batch = this.pending.get(message.batch);
    if (!batch) return;
    this.pending.delete(message.batch);
    this.taken.delete(message.batch);
    const alone = this.alone.delete(message.batch);
    if (message.type === "done" && Array.isArray(message.reads) && message.reads.length === batch.length)
      this.arrived.push({ batch, reads: message.reads });
    else if (this.settings.readsHere !== false) this.queue.giveBack(batch);
    // Nobody here reads a batch the worker failed: its folders are read again alone, and one failing alone is reported.
    else if (alone) this.limited.push({ index: batch[0] as number, limit: "crash" });
    else this.suspects.push(...batch);
    this.fill();
    this.notify();
  }

  /**
   * The worker died or stalled. Batches it had taken are blamed on their folders: a lone folder is reported as over a
   * limit, the others are read again one by one in a fresh worker. Work it never took goes back to this thread, and a
   * worker that fails without having taken anything is not started again.
   */
  private fail(error?: unknown): void {
    this.cacheSaved?.(null);
    if (this.dead) return;
    const code = (error as { code?: unknown } | undefined)?.code;
    const limit: LimitedRead["limit"] =
      error === "time" ? "time" : code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "crash";
    let blamed = false;
    for (const [id, batch] of this.pending) {
      if (!this.taken.has(id)) {
        this.queue.giveBack(batch);
        continue;
      }
      blamed = true;
      if (this.alone.has(id)) this.limited.push({ index: batch[0] as number, limit });
      else this.suspects.push(...batch);
    }
    this.pending.clear();
    this.taken.clear();
    this.alone.clear();
    this.setWatchdog(false);
    const lease = this.lease;
    this.lease = null;
    this.ready = false;
    if (lease) releaseWorker(this.settings.workerScript, lease, false);
    if (blamed) this.start();
    else {
      this.broken = true;
      this.queue.giveBack(this.suspects.splice(0));
      this.stop();
    }
    this.notify();
  }
}

/**
 * Reads every job once, here and in one worker thread, as `reader` says, calling onRead(index, read) in this thread for
 * each: what the worker does not take is read here, and a job that alone stops the worker gets reader.limited.
 */
export async function shareReadsWithWorker<J, R>(
  jobs: readonly J[],
  settings: SharedReadSettings,
  reader: SharedReader<J, R>,
  onRead: (index: number, read: R) => void,
): Promise<void> {
  const queue = new JobQueue(jobs.length);
  const helper = new ReadHelper(jobs, queue, settings, reader.kind);
  helper.start();
  // Reads here finish in microtasks (small files are read synchronously), so without a pause the event loop would
  // never deliver the worker's messages and this thread would read everything alone.
  let turnStarted = performance.now();
  let pause: Promise<void> | null = null;
  const yieldTurn = (): Promise<void> | null => {
    if (pause) return pause;
    if (performance.now() - turnStarted < TURN_MS) return null;
    pause = new Promise<void>((resolve) =>
      setImmediate(() => {
        pause = null;
        turnStarted = performance.now();
        resolve();
      }),
    );
    return pause;
  };
  const runner = async (): Promise<void> => {
    for (;;) {
      const turn = yieldTurn();
      if (turn) await turn;
      const arrived = helper.takeArrived();
      if (arrived) {
        arrived.batch.forEach((index, k) => {
          const read = arrived.reads[k] as R;
          reader.arrived?.(jobs[index] as J, read);
          onRead(index, read);
        });
        continue;
      }
      const limited = helper.takeLimited();
      if (limited) {
        const job = jobs[limited.index] as J;
        onRead(limited.index, await reader.limited(job, limited.limit, settings.stallMs ?? DEFAULT_FILE_TIME_LIMIT_MS));
        continue;
      }
      const index = settings.readsHere === false && !helper.gaveUp() ? undefined : queue.take();
      if (index !== undefined) {
        onRead(index, await reader.readHere(jobs[index] as J));
        continue;
      }
      if (!helper.busy() && (settings.readsHere !== false || helper.gaveUp() || queue.done())) return;
      await helper.changed();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.limit, jobs.length)) }, runner));
    if (settings.cache) {
      const note = await helper.saveCache(settings.cache.file);
      if (note) settings.onCacheNote?.(note);
    }
  } finally {
    helper.stop();
  }
}
