// The last catalog, kept in the cache folder so the app shows it at once at the next start while a scan confirms it.
// One file per scan set-up (home, platform, added folders, settings file), so one home's catalog is never shown for
// another; bounded, written through the one writer, and checked on reading (a damaged or hostile file is ignored
// with a note, and replaced by the next scan's).
import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { packCatalog, unpackCatalog } from "../../../shared/catalog-wire";
import type { ScanResult, StoredCatalog } from "../../../shared/model";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";
import { isScanResult } from "./shape";

/** Bump when the file's shape changes (2: the catalog is packed, shared/catalog-wire.ts; 3: rows name their location by index). */
export const SNAPSHOT_FORMAT = 3;
/** Largest snapshot read or written (a catalog of 10,000 skills is a few MB). */
export const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024;
/** Deepest nesting read or written (a plugin's manifest is the deepest part). */
export const MAX_SNAPSHOT_DEPTH = 64;

/** What a catalog was scanned for: it is shown again only for the very same. */
export interface SnapshotKey {
  home: string;
  platform: string;
  include: string[];
  homeLocations: boolean;
  /** The settings file (another profile of the app has another). */
  settingsFile: string;
}

/** The key as one string (folders resolved, in order). */
const keyText = (key: SnapshotKey): string =>
  JSON.stringify([
    path.resolve(key.home),
    key.platform,
    key.include.map((dir) => path.resolve(dir)),
    key.homeLocations,
    path.resolve(key.settingsFile),
  ]);

/** The snapshot file for a key under a cache folder. */
export function snapshotFileIn(cacheDir: string, key: SnapshotKey): string {
  const id = createHash("sha256").update(keyText(key)).digest("hex").slice(0, 32);
  return path.join(cacheDir, "catalog", `catalog-v${SNAPSHOT_FORMAT}-${id}.json`);
}

/**
 * The stored catalog for a key; null when there is none, or when it was ignored (then `note` says why).
 * Exported for tests: they check each hostile file's note on the object itself.
 */
export async function readCatalogSnapshot(
  file: string,
  key: SnapshotKey,
): Promise<{ stored: StoredCatalog | null; note: string | null }> {
  const ignored = (why: string) => ({
    stored: null,
    note: `the stored catalog ${file} was ignored (${why}); it will be rebuilt.`,
  });
  const read = await readTextFile(file, { maxBytes: MAX_SNAPSHOT_BYTES });
  if (!read.ok) {
    if (read.reason === "not-found") return { stored: null, note: null };
    return ignored(read.reason === "too-large" ? "it is too large" : `it cannot be read: ${read.reason}`);
  }
  const parsed = parseJsonWithinLimits(read.text, { maxBytes: MAX_SNAPSHOT_BYTES, maxDepth: MAX_SNAPSHOT_DEPTH });
  if (!parsed.ok) return ignored(parsed.why.replace(/\.$/, ""));
  const v = parsed.value as Record<string, unknown> | null;
  if (typeof v !== "object" || v === null || Array.isArray(v)) return ignored("it is not a JSON object");
  if (v.format !== SNAPSHOT_FORMAT) return ignored("it has an unknown format");
  // Another set-up's catalog (a hash collision or a copied file) is never shown.
  if (v.key !== keyText(key)) return ignored("it is another home's or profile's");
  if (typeof v.savedAt !== "string" || Number.isNaN(Date.parse(v.savedAt))) return ignored("its time is missing");
  const catalog = unpackCatalog(v.catalog);
  if (!isScanResult(catalog)) return ignored("its catalog has the wrong shape");
  return { stored: { catalog, savedAt: v.savedAt }, note: null };
}

/**
 * The stored catalog for a key as the JSON of `{catalog, savedAt}` (UTF-8, the catalog packed), checked exactly as
 * readCatalogSnapshot checks it: the task worker reads it, so the thread answering the page only passes the bytes on.
 */
export async function readCatalogSnapshotJson(
  file: string,
  key: SnapshotKey,
): Promise<{ json: Uint8Array | null; note: string | null }> {
  const { stored, note } = await readCatalogSnapshot(file, key);
  if (!stored) return { json: null, note };
  return { json: Buffer.from(JSON.stringify({ ...stored, catalog: packCatalog(stored.catalog) })), note };
}

/** A written snapshot its check refused: the write is abandoned. */
class SnapshotRefused extends Error {}

/**
 * Writes the catalog for a key from its packed JSON in pieces (the bytes the page was answered with), never joined here.
 * `check` reads the written temp file as the reader will (the hosts run it in the task worker, so the thread answering
 * the page neither parses nor copies megabytes); one the reader would refuse is not stored (false), and the next
 * start scans as before.
 */
export async function writeCatalogSnapshotPieces(
  file: string,
  key: SnapshotKey,
  catalogJson: readonly Uint8Array[],
  check: (temp: string) => Promise<boolean>,
  now: Date = new Date(),
): Promise<boolean> {
  const head = JSON.stringify({ format: SNAPSHOT_FORMAT, key: keyText(key), savedAt: now.toISOString() });
  const open = Buffer.from(`${head.slice(0, -1)},"catalog":`);
  const size = catalogJson.reduce((sum, piece) => sum + piece.length, open.length + 1);
  if (size > MAX_SNAPSHOT_BYTES) return false;
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    await writeFileAtomic(file, [open, ...catalogJson, "}"], {
      mode: 0o600,
      beforeRename: async (temp) => {
        if (!(await check(temp))) throw new SnapshotRefused();
      },
    });
  } catch (error) {
    if (error instanceof SnapshotRefused) return false;
    throw error;
  }
  // The same key's file in an earlier format is never read again: it goes (a catalog is megabytes).
  for (let format = 1; format < SNAPSHOT_FORMAT; format++)
    await rm(file.replace(`catalog-v${SNAPSHOT_FORMAT}-`, `catalog-v${format}-`), { force: true });
  return true;
}

/** Whether a written snapshot reads back for its key (what writeCatalogSnapshotPieces's check runs, in a worker). */
export const snapshotReadsBack = async (temp: string, key: SnapshotKey): Promise<boolean> =>
  (await readCatalogSnapshot(temp, key)).stored !== null;

/** Writes the catalog for a key, checked in this thread. Exported for tests: they store catalogs. */
export const writeCatalogSnapshot = (
  file: string,
  key: SnapshotKey,
  catalog: ScanResult,
  now: Date = new Date(),
): Promise<boolean> =>
  writeCatalogSnapshotPieces(
    file,
    key,
    [Buffer.from(JSON.stringify(packCatalog(catalog)))],
    (temp) => snapshotReadsBack(temp, key),
    now,
  );
