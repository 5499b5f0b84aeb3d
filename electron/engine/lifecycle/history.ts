// The history of a skill's life: one record per update, undo, Claude Desktop hand-off, add, removal, put-back and
// share, written by the lifecycle service where each happens (once), kept in the data folder (0600, read only when it is ours), the newest MAX_HISTORY_EVENTS kept.
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { UpdateEvent } from "../../../shared/update-flow";
import { readTrustedJson, untrustedDirReason, writeDataJson } from "../app-data/data-trust";
import { isPlainAbsolute } from "../app-data/data-paths";
import { rollback, type ApplyResult } from "../transaction/swap";

/** Events kept; older ones are dropped and the history says how many. */
export const MAX_HISTORY_EVENTS = 1_000;
const MAX_FILE_BYTES = 4 * 1024 * 1024;
const FORMAT = 1;
const KINDS = new Set<UpdateEvent["kind"]>(["update", "undo", "handoff", "add", "remove", "restore", "share"]);

/** One stored record: what happened to which folder, and the backup it left (the copy it replaced), if any. */
export interface HistoryRecord extends UpdateEvent {
  id: string;
  /** The installed folder (its real path; for a hand-off, the Desktop copy's folder). */
  target: string;
  name: string;
  /** The folder the replaced copy was kept in, when one was kept. */
  backup: string | null;
}

/** What the file holds: the records, oldest first, and how many older ones were dropped. */
export interface HistoryFile {
  records: HistoryRecord[];
  dropped: number;
}

function historyFile(dataDir: string): string {
  return path.join(dataDir, "history.json");
}

const str = (v: unknown, max: number): v is string => typeof v === "string" && v.length > 0 && v.length <= max;
const version = (v: unknown): v is string | null => v === null || str(v, 256);

function parseRecord(v: unknown): HistoryRecord | null {
  if (!v || typeof v !== "object" || Array.isArray(v)) return null;
  const r = v as Record<string, unknown>;
  if (!str(r.id, 64) || !KINDS.has(r.kind as UpdateEvent["kind"]) || !str(r.at, 64) || !str(r.name, 256)) return null;
  if (!str(r.target, 4096) || !isPlainAbsolute(r.target) || !version(r.from) || !version(r.to)) return null;
  if (!(r.backup === null || (str(r.backup, 4096) && isPlainAbsolute(r.backup)))) return null;
  return {
    id: r.id,
    kind: r.kind as UpdateEvent["kind"],
    at: r.at,
    name: r.name,
    target: r.target,
    from: r.from,
    to: r.to,
    backup: r.backup as string | null,
  };
}

/** The history as stored; empty when there is none, or when the file is damaged or not ours (never acted on). */
export async function readHistory(dataDir: string): Promise<HistoryFile> {
  const empty: HistoryFile = { records: [], dropped: 0 };
  if (await untrustedDirReason(dataDir)) return empty;
  const read = await readTrustedJson(historyFile(dataDir), MAX_FILE_BYTES);
  if (!read.ok) return empty;
  const value = read.value as { format?: unknown; records?: unknown; dropped?: unknown } | null;
  if (!value || value.format !== FORMAT || !Array.isArray(value.records)) return empty;
  const records = value.records
    .slice(-MAX_HISTORY_EVENTS)
    .map(parseRecord)
    .filter((r): r is HistoryRecord => r !== null);
  const dropped = typeof value.dropped === "number" && Number.isSafeInteger(value.dropped) ? value.dropped : 0;
  return { records, dropped: Math.max(0, dropped) };
}

/** Appends in one process run one after another, so no record is lost to a concurrent write. */
const appending = new Map<string, Promise<unknown>>();

/** Adds one record (the caller does it once, where the update, undo or hand-off happened). */
export function recordHistory(
  dataDir: string,
  record: Omit<HistoryRecord, "id" | "at"> & { at?: string },
): Promise<HistoryRecord> {
  const full: HistoryRecord = {
    ...record,
    id: randomBytes(8).toString("hex"),
    at: record.at ?? new Date().toISOString(),
  };
  const run = (appending.get(dataDir) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const now = await readHistory(dataDir);
      const records = [...now.records, full];
      const over = Math.max(0, records.length - MAX_HISTORY_EVENTS);
      await writeDataJson(dataDir, historyFile(dataDir), {
        format: FORMAT,
        dropped: now.dropped + over,
        records: records.slice(over),
      });
      return full;
    });
  appending.set(dataDir, run);
  return run;
}

/**
 * Puts back the copy the last update of a folder replaced and records the undo once (the app's Undo and Restore and the
 * CLI's `rollback` all come here). A history that cannot be written never fails the undo; `log` hears of it.
 */
export async function undoRecorded(
  skill: { name: string; realDir: string },
  dataDir: string,
  log?: (line: string) => void,
): Promise<ApplyResult> {
  const result = await rollback(skill.realDir, dataDir);
  await recordHistory(dataDir, {
    kind: "undo",
    name: skill.name,
    target: result.target,
    from: result.previousVersion,
    to: result.version,
    backup: result.backup,
  }).catch((error: unknown) =>
    log?.(`Skillshelf: the update history could not be written: ${(error as Error)?.message ?? error}`),
  );
  return result;
}
