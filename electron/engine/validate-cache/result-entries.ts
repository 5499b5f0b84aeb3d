// What a skill's result depends on, for validate's kept run: its record's own paths, from the record or from the
// worker's text of them.
import { parseJsonWithinLimits } from "../fs/json-limits";
import type { CacheRecord } from "./format";

/** The paths a record's result depends on (its first `o` entries), from the record or the worker's text of them. */
export function resultEntries(
  read: { record: CacheRecord | null } | { own: string | null },
): Array<[string, string]> | null {
  if ("own" in read) {
    const parsed = read.own === null ? null : parseJsonWithinLimits(read.own, { maxDepth: 3 });
    return parsed?.ok ? (parsed.value as Array<[string, string]>) : null;
  }
  const { record } = read;
  return record && record.e.slice(0, record.o ?? record.e.length);
}
