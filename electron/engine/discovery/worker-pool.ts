// Reads many skill folders on two cores: this thread and one worker thread take from one queue. Whatever goes wrong
// with the worker (it cannot start, throws, exits, stalls, answers nonsense) only moves its unfinished work back here.
import { readSkillAt, type SkillRead } from "./read";
import type { ReadJob, ReadWorkerMessage } from "./read-protocol";
import { leaseWorker, releaseWorker, type LeasedWorker } from "./worker-lease";

/** How a shared read runs: the worker bundle, reads in flight here, and the worker's batching. */
export interface SharedReadSettings {
  workerScript: string;
  /** Reads in flight in this thread (and per batch in the worker). */
  limit: number;
  /** Folders per batch sent to the worker (default 48). */
  batchSize?: number;
  /** With work handed out, a worker silent this long is given up on and its batches are read here (default 60 s). */
  stallMs?: number;
  onSkillRead?: (dir: string) => void;
}

const BATCHES_IN_FLIGHT = 2;

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
  giveBack(batch: number[]): void {
    this.returned.push(...batch.reverse());
  }
}

class ReadHelper {
  private lease: LeasedWorker | null = null;
  private ready = false;
  private dead = false;
  private broken = false;
  private batches = 0;
  private readonly pending = new Map<number, number[]>();
  private arrived: Array<{ batch: number[]; reads: SkillRead[] }> = [];
  private waiters: Array<() => void> = [];
  private watchdog: NodeJS.Timeout | null = null;

  constructor(
    private readonly jobs: readonly ReadJob[],
    private readonly queue: JobQueue,
    private readonly settings: SharedReadSettings,
  ) {}

  start(): void {
    try {
      this.lease = leaseWorker(this.settings.workerScript, { message: (message) => this.onMessage(message as ReadWorkerMessage), failure: () => this.fail() });
      this.ready = this.lease.ready;
      this.fill();
    } catch {
      this.dead = true;
    }
  }

  busy(): boolean {
    return this.pending.size > 0;
  }

  takeArrived(): { batch: number[]; reads: SkillRead[] } | undefined {
    return this.arrived.shift();
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

  private setWatchdog(on: boolean): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = on ? setTimeout(() => this.fail(), this.settings.stallMs ?? 60_000) : null;
  }

  private fill(): void {
    while (!this.dead && this.ready && this.lease && this.pending.size < BATCHES_IN_FLIGHT) {
      const batch = this.queue.takeBatch(this.settings.batchSize ?? 48);
      if (!batch.length) break;
      const id = ++this.batches;
      this.pending.set(id, batch);
      try {
        this.lease.worker.postMessage({ type: "read", batch: id, jobs: batch.map((i) => this.jobs[i]), limit: this.settings.limit });
      } catch {
        this.fail();
        return;
      }
    }
    this.setWatchdog(this.pending.size > 0);
  }

  private onMessage(message: ReadWorkerMessage): void {
    if (this.dead || !message || typeof message !== "object") return;
    if (message.type === "ready") {
      this.ready = true;
      this.fill();
      return;
    }
    const batch = this.pending.get(message.batch);
    if (!batch) return;
    this.pending.delete(message.batch);
    if (message.type === "done" && Array.isArray(message.reads) && message.reads.length === batch.length) this.arrived.push({ batch, reads: message.reads });
    else this.queue.giveBack(batch);
    this.fill();
    this.notify();
  }

  private fail(): void {
    if (this.dead) return;
    for (const batch of this.pending.values()) this.queue.giveBack(batch);
    this.pending.clear();
    this.broken = true;
    this.stop();
  }
}

/**
 * Reads every job once, here and in one worker thread, calling onSkillRead and then onRead(index, read) in this
 * thread for each; what the worker does not finish is read here, so the reads are those of readSkillAt either way.
 */
export async function readSharedWithWorker(jobs: readonly ReadJob[], settings: SharedReadSettings, onRead: (index: number, read: SkillRead) => void): Promise<void> {
  const queue = new JobQueue(jobs.length);
  const helper = new ReadHelper(jobs, queue, settings);
  helper.start();
  const runner = async (): Promise<void> => {
    for (;;) {
      const arrived = helper.takeArrived();
      if (arrived) {
        arrived.batch.forEach((index, k) => {
          settings.onSkillRead?.((jobs[index] as ReadJob).dir);
          onRead(index, arrived.reads[k] as SkillRead);
        });
        continue;
      }
      const index = queue.take();
      if (index !== undefined) {
        const job = jobs[index] as ReadJob;
        onRead(index, await readSkillAt(job.dir, job.realDir, job.profile, settings.onSkillRead));
        continue;
      }
      if (!helper.busy()) return;
      await helper.changed();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(settings.limit, jobs.length)) }, runner));
  } finally {
    helper.stop();
  }
}
