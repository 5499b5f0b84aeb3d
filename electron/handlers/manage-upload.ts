// The web host's upload of an archive a browser picked for Add: the bytes are streamed into a staging folder of the
// data folder (only the accepted archive extensions, capped in size), and the file's path there is what Add reads.
// The uploads a session holds until they are added are capped in count and bytes, and dropped when left unused.
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { formatBytes } from "../../shared/format";
import { isAddArchiveName } from "../../shared/manage";
import { stagingRoot } from "../engine/app-data/data-dir";
import { ensureTrustedData } from "../engine/app-data/data-trust";
import { createNewFile } from "../engine/fs/write";
import { addStagingName } from "../engine/manage/add-journal";
import { EngineError } from "../engine/errors";

/** The largest archive the web host takes for Add (the page checks first, the host again while it reads). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** Uploads a session holds waiting to be added, and their bytes together, before it refuses another. */
export const MAX_HELD_UPLOADS = 4;
export const MAX_HELD_UPLOAD_BYTES = 3 * MAX_UPLOAD_BYTES;
/** How long an upload waits to be added before it is dropped. */
export const UPLOAD_TTL_MS = 30 * 60_000;

/** Limits of an UploadShelf (tests make them small). */
export interface UploadLimits {
  maxFiles?: number;
  maxTotalBytes?: number;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * The uploads of one session: `held` (the session's set, emptied by Add and dispose) capped in count and total bytes,
 * counting uploads still arriving; an upload not added within the time limit is deleted and leaves the set.
 * Exported for tests: they hold uploads on a shelf of their own.
 */
export class UploadShelf {
  private readonly received = new Map<string, { bytes: number; at: number }>();
  private readonly arriving = new Map<symbol, number>();
  private readonly maxFiles: number;
  private readonly maxTotalBytes: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly dataDir: string,
    readonly held: Set<string>,
    limits: UploadLimits = {},
  ) {
    this.maxFiles = limits.maxFiles ?? MAX_HELD_UPLOADS;
    this.maxTotalBytes = limits.maxTotalBytes ?? MAX_HELD_UPLOAD_BYTES;
    this.maxBytes = limits.maxBytes ?? MAX_UPLOAD_BYTES;
    this.ttlMs = limits.ttlMs ?? UPLOAD_TTL_MS;
    this.now = limits.now ?? Date.now;
  }

  /** The uploads held or arriving and their bytes (uploads already added or dropped are forgotten first). */
  private holding(): { count: number; bytes: number } {
    for (const file of this.received.keys()) if (!this.held.has(file)) this.received.delete(file);
    let bytes = 0;
    for (const r of this.received.values()) bytes += r.bytes;
    for (const b of this.arriving.values()) bytes += b;
    return { count: this.held.size + this.arriving.size, bytes };
  }

  private refusal(count: number, bytes: number, over: boolean): EngineError {
    const minutes = Math.round(this.ttlMs / 60_000);
    const waiting = `Skillshelf already holds ${count} upload${count === 1 ? "" : "s"} waiting to be added (${formatBytes(bytes)})`;
    return new EngineError(
      "app.refused",
      `${waiting}${over ? `, and this archive would take them past ${formatBytes(this.maxTotalBytes)}` : ""}; add one of them first (an upload not added within ${minutes} minute${minutes === 1 ? "" : "s"} is dropped). This archive was not taken.`,
    );
  }

  /** Deletes the uploads left unused past the time limit; one that cannot be deleted yet stays held and is tried again. */
  async expire(): Promise<void> {
    for (const [file, { at }] of this.received) {
      if (!this.held.has(file)) this.received.delete(file);
      if (!this.held.has(file) || this.now() - at < this.ttlMs) continue;
      const removed = await rm(path.dirname(file), { recursive: true, force: true }).then(
        () => true,
        () => false,
      );
      if (removed) {
        this.held.delete(file);
        this.received.delete(file);
      }
    }
  }

  /** Receives one upload as receiveUpload does, refusing it (in words) when the shelf is full; holds its path. */
  async receive(name: string, body: Readable, declaredBytes: number): Promise<string> {
    const refused = namedOrSizedRefusal(name, declaredBytes, this.maxBytes);
    if (refused) throw refused;
    await this.expire();
    const before = this.holding();
    if (before.count >= this.maxFiles) throw this.refusal(before.count, before.bytes, false);
    if (Number.isFinite(declaredBytes) && before.bytes + declaredBytes > this.maxTotalBytes)
      throw this.refusal(before.count, before.bytes, true);
    const key = Symbol(name);
    this.arriving.set(key, 0);
    const counted = async function* (this: UploadShelf) {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        this.arriving.set(key, (this.arriving.get(key) ?? 0) + chunk.byteLength);
        const now = this.holding();
        if (now.bytes > this.maxTotalBytes)
          throw this.refusal(now.count - 1, now.bytes - this.arriving.get(key)!, true);
        yield chunk;
      }
    }.call(this);
    try {
      const file = await streamUpload(this.dataDir, name, Readable.from(counted), declaredBytes, this.maxBytes);
      this.received.set(file, { bytes: this.arriving.get(key) ?? 0, at: this.now() });
      this.held.add(file);
      setTimeout(() => void this.expire(), this.ttlMs + 1).unref();
      return file;
    } finally {
      this.arriving.delete(key);
    }
  }
}

const shelves = new WeakMap<Set<string>, UploadShelf>();

/** The shelf of a session's set of uploads (made on first use), so the session needs no field of its own for it. */
export function uploadShelf(held: Set<string>, dataDir: string, limits?: UploadLimits): UploadShelf {
  let shelf = shelves.get(held);
  if (!shelf) shelves.set(held, (shelf = new UploadShelf(dataDir, held, limits)));
  return shelf;
}

/** Why an upload of this name and declared size is not taken, before any byte is read; null when it may be. */
function namedOrSizedRefusal(name: string, declaredBytes: number, maxBytes: number): EngineError | null {
  if (name.length > 1000 || !isAddArchiveName(name))
    return new EngineError(
      "app.refused",
      "Only a .zip, .skill, .tar.gz or .tgz archive can be uploaded to add a skill.",
    );
  if (Number.isFinite(declaredBytes) && declaredBytes > maxBytes)
    return new EngineError("app.refused", `The archive is larger than ${formatBytes(maxBytes)}, so it was not taken.`);
  return null;
}

/** A safe file name for the upload: its last path part, plain characters only, the extension kept. */
function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return (
    base
      .replace(/[^A-Za-z0-9._-]/g, "_")
      .replace(/^\.+/, "")
      .slice(-120) || "upload"
  );
}

/**
 * Streams `body` into a fresh staging folder; resolves with the file's path, or throws EngineError (nothing kept).
 * Given the session's set of uploads, it goes through that set's shelf: capped, held in the set, dropped when unused.
 */
export function receiveUpload(
  dataDir: string,
  name: string,
  body: Readable,
  declaredBytes: number,
  maxBytes = MAX_UPLOAD_BYTES,
  held?: Set<string>,
): Promise<string> {
  return held
    ? uploadShelf(held, dataDir, { maxBytes }).receive(name, body, declaredBytes)
    : streamUpload(dataDir, name, body, declaredBytes, maxBytes);
}

async function streamUpload(
  dataDir: string,
  name: string,
  body: Readable,
  declaredBytes: number,
  maxBytes: number,
): Promise<string> {
  const refused = namedOrSizedRefusal(name, declaredBytes, maxBytes);
  if (refused) throw refused;
  const root = stagingRoot(dataDir);
  await ensureTrustedData(dataDir, root);
  const dir = path.join(root, addStagingName());
  await mkdir(dir, { mode: 0o700 });
  const file = path.join(dir, safeFileName(name));
  let size = 0;
  try {
    const out = await createNewFile(file, { mode: 0o600 });
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > maxBytes)
          throw new EngineError(
            "app.refused",
            `The archive is larger than ${formatBytes(maxBytes)}, so it was not taken.`,
          );
        await out.write(chunk);
      }
      await out.finish();
    } finally {
      await out.close();
    }
    return file;
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (error instanceof EngineError) throw error;
    throw new EngineError(
      "app.refused",
      `The upload did not arrive whole (${(error as Error).message}); nothing was kept.`,
    );
  }
}
