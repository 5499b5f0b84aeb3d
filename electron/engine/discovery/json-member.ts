// Reads a small JSON file for one object-valued member (`plugins`, `skills`), telling "missing" from "unusable".
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";

/** The member's object, or why there is none: the file is absent, or it cannot be used (a sentence). */
export type JsonMember =
  { kind: "missing" } | { kind: "corrupt"; why: string } | { kind: "ok"; value: Record<string, unknown> };

/** Reads `file` and returns its top-level `member` when that is a JSON object. */
export async function readJsonMember(file: string, member: string): Promise<JsonMember> {
  const read = await readTextFile(file);
  if (!read.ok) return read.reason === "not-found" ? { kind: "missing" } : { kind: "corrupt", why: read.message };
  const json = parseJsonWithinLimits(read.text);
  if (!json.ok) return { kind: "corrupt", why: json.why };
  const parsed = json.value;
  const value =
    parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)[member]
      : undefined;
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { kind: "corrupt", why: `it has no "${member}" object.` };
  return { kind: "ok", value: value as Record<string, unknown> };
}
