// The validation cache's file: its shape, the limits a file must keep to be trusted, and its parser.
import type { Diagnostic, Profile, VersionSource } from "../../../shared/model";
import type { FolderHash } from "../discovery/hash";
import { isUtf8 } from "node:buffer";
import { parseJsonWithinLimits } from "../fs/json-limits";

/** Bump when the file's shape changes. */
export const CACHE_FORMAT = 2;
/** Largest cache file read or written. */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** Most skills kept; the least recently recorded go first. */
export const MAX_RECORDS = 100_000;
/** Most paths one skill's record may list (a bigger skill is always read). */
export const MAX_ENTRIES = 1_000;
/** Most diagnostics one record may hold. */
export const MAX_DIAGNOSTICS = 10_000;
/** Deepest nesting the file's shape needs (root, records, record, scan part, hash, limit), with room to spare. */
const MAX_DEPTH = 8;
/** Longest frontmatter text kept (a SKILL.md's frontmatter is capped well below this). */
const MAX_FRONTMATTER = 256 * 1024;
/** Longest string accepted anywhere in the file. */
const MAX_STRING = 64 * 1024;

/** A record's key: the profile and the absolute folder (a newline cannot be in either's meaning). */
export const recordKey = (profile: Profile, dir: string): string => `${profile}\n${dir}`;

/** One skill's kept result and what it was computed from. */
export interface CacheRecord {
  /** Profile and absolute folder, joined by a newline. */
  k: string;
  /**
   * Each path the skill was read from, relative to the folder ("." for itself), with its identity: first the ones the
   * result depends on (the folders, whose identities change with any name in them, and the files whose contents the
   * rules read), then the rest of its files (the scan's content hash reads them too).
   */
  e: Array<[string, string]>;
  /** How many of `e`, from the start, the result depends on (absent: all of them). */
  o?: number;
  n: string;
  v: boolean;
  d: Diagnostic[];
  /** What the app's scan needs beyond the result (absent in records of other builds; then the skill is read). */
  s?: ScanPart;
}

/** The rest of a skill's report the scan builds its catalog row from, and its content hash once computed. */
export interface ScanPart {
  /** The real folder the result was computed for. */
  r: string;
  /** SKILL.md as read (absolute), or null. */
  f: string | null;
  ds: string;
  /** The frontmatter as JSON text, or null. */
  fm: string | null;
  bl: number;
  ver: string | null;
  vs: VersionSource | null;
  repo: string | null;
  /** The folder's content hash; absent when the run that kept the record did not need it (validate's cost). */
  h?: FolderHash;
}

/** The whole file. */
export interface CacheFile {
  format: number;
  /** The rules' version: a result from other rules is never reused. */
  rules: string;
  records: CacheRecord[];
}

const isString = (v: unknown): v is string => typeof v === "string" && v.length <= MAX_STRING;
const isCount = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const SEVERITIES = new Set(["error", "warning", "info"]);
const DIAGNOSTIC_KEYS = new Set(["code", "severity", "message", "file", "line", "column", "fix"]);

/** True when v is a diagnostic of the right shape, strings within the limits. */
export function isDiagnostic(v: unknown): v is Diagnostic {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const d = v as Record<string, unknown>;
  for (const key of Object.keys(d)) if (!DIAGNOSTIC_KEYS.has(key)) return false;
  return (
    isString(d.code) &&
    isString(d.severity) &&
    SEVERITIES.has(d.severity) &&
    isString(d.message) &&
    isString(d.file) &&
    (d.line === undefined || isCount(d.line)) &&
    (d.column === undefined || isCount(d.column)) &&
    (d.fix === undefined || isString(d.fix))
  );
}

/** A name of a path that is empty, "." or ".." (a leading, trailing or doubled "/" makes an empty one). */
const BAD_NAME = /(?:^|\/)\.{0,2}(?:\/|$)/;
/** A path inside the skill's folder, as listings give it: "." or names joined by "/", none of them "." or "..". */
const isRel = (v: unknown): v is string => isString(v) && (v === "." || !BAD_NAME.test(v));

const VERSION_SOURCES = new Set(["metadata.version", "frontmatter.version", "plugin.version"]);
const LIMIT_KINDS = new Set(["entries", "depth", "bytes"]);
const isNullableString = (v: unknown) => v === null || isString(v);

function isHash(v: unknown): v is FolderHash {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const h = v as Record<string, unknown>;
  const limit = h.limit as Record<string, unknown> | undefined;
  return (
    typeof h.hash === "string" &&
    /^[0-9a-f]{64}$/.test(h.hash) &&
    isCount(h.files) &&
    isCount(h.bytes) &&
    typeof h.truncated === "boolean" &&
    (limit === undefined ||
      (typeof limit === "object" &&
        limit !== null &&
        typeof limit.kind === "string" &&
        LIMIT_KINDS.has(limit.kind) &&
        isCount(limit.max)))
  );
}

function isScanPart(v: unknown): v is ScanPart {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const s = v as Record<string, unknown>;
  return (
    isString(s.r) &&
    isNullableString(s.f) &&
    isString(s.ds) &&
    (s.fm === null || (typeof s.fm === "string" && s.fm.length <= MAX_FRONTMATTER)) &&
    isCount(s.bl) &&
    isNullableString(s.ver) &&
    (s.vs === null || (typeof s.vs === "string" && VERSION_SOURCES.has(s.vs))) &&
    isNullableString(s.repo) &&
    (s.h === undefined || isHash(s.h))
  );
}

/** True when v is a record this build may trust. */
export function isRecord(v: unknown): v is CacheRecord {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  return (
    isString(r.k) &&
    Array.isArray(r.e) &&
    r.e.length >= 1 &&
    r.e.length <= MAX_ENTRIES &&
    r.e.every(
      (e, i) => Array.isArray(e) && e.length === 2 && isRel(e[0]) && (i > 0 || e[0] === ".") && isString(e[1]),
    ) &&
    (r.o === undefined || (Number.isSafeInteger(r.o) && (r.o as number) >= 1 && (r.o as number) <= r.e.length)) &&
    isString(r.n) &&
    typeof r.v === "boolean" &&
    Array.isArray(r.d) &&
    r.d.length <= MAX_DIAGNOSTICS &&
    r.d.every(isDiagnostic) &&
    (r.s === undefined || isScanPart(r.s))
  );
}

/** Deepest nesting of one record (the file's limit less the root object and the records array). */
const MAX_RECORD_DEPTH = MAX_DEPTH - 2;

/**
 * The text before the first record, for a file of these rules; the marker tells this layout from the same document
 * written in one line (as earlier builds did), whose records must be parsed together.
 */
const layoutHead = (rules: string): string =>
  `{"format":${CACHE_FORMAT},"rules":${JSON.stringify(rules)},"oneRecordPerLine":true,"records":[`;

/** Record texts joined into one piece up to about this many characters: one encoding per piece, not per record. */
const PIECE_CHARS = 64 * 1024;

/**
 * The file with one record per line: the same JSON document (any JSON reader, or an older build, reads it), laid out so
 * that a run can find each record's key without decoding or parsing the others. Each record is its JSON text, or the
 * bytes it was read as. In pieces, as the writer takes them (joined, the copy of a 10 MB file costs more than writing
 * it): texts in pieces of about 64 K characters, kept bytes as they are.
 */
export function cacheParts(rules: string, records: ReadonlyArray<string | Uint8Array>): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let text = layoutHead(rules);
  records.forEach((record, i) => {
    if (i > 0) text += ",\n";
    if (typeof record !== "string") {
      // Kept bytes mostly follow one another: their separator is the shared one.
      parts.push(text === ",\n" ? SEPARATOR : Buffer.from(text), record);
      text = "";
      return;
    }
    text += record;
    if (text.length < PIECE_CHARS) return;
    parts.push(Buffer.from(text));
    text = "";
  });
  parts.push(Buffer.from(text + "]}"));
  return parts;
}

const SEPARATOR = Buffer.from(",\n");
const TAIL = Buffer.from("]}");
const KEY_START = Buffer.from('{"k":"');

/** True when `file` holds `part` at `at` (compared in place: no view made per record). */
const holdsAt = (file: Buffer, at: number, part: Uint8Array): boolean =>
  at >= 0 && at + part.length <= file.length && file.compare(part, 0, part.length, at, at + part.length) === 0;

/** Where the key string ends (`{"k":"…"` at `start`): the first quote after it no odd run of backslashes escapes. */
function keyEnd(file: Buffer, start: number, end: number): number {
  for (let at = start + KEY_START.length; ;) {
    const quote = file.indexOf(34, at);
    if (quote < 0 || quote >= end) return -1;
    let before = quote - 1;
    while (file[before] === 92) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Strict UTF-8 text of bytes, or null. */
const utf8 = (bytes: Uint8Array): string | null =>
  isUtf8(bytes) ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8") : null;

/** What a key's text must be parsed for: an escape, a control character, or bytes the decoder replaced. */
const PLAIN_KEY_UNSAFE = /[\\\u0000-\u001f\uFFFD]/;

/** The key a record's line starts with, from its JSON string text (`"…"`, no unescaped quote inside), or null. */
function keyOf(file: Buffer, from: number, to: number): string | null {
  // A key with no escape and no control character is its own text (as JSON.parse would give it).
  const inner = file.toString("utf8", from + 1, to - 1);
  if (!PLAIN_KEY_UNSAFE.test(inner)) return inner;
  const text = file.toString("utf8", from, to);
  // The decoder replaces what is not UTF-8 with U+FFFD: only then is the strict check worth a view of the bytes.
  if (text.includes("\uFFFD") && utf8(file.subarray(from, to)) === null) return null;
  const key = parseJsonWithinLimits(text, { maxDepth: 0 });
  return key.ok && typeof key.value === "string" ? key.value : null;
}

/**
 * Each record's bytes by its key, when the file is laid out as cacheParts lays it out for these rules; null for any
 * other file (another layout, other rules, a damaged file), which the whole-file parser then judges. Nothing here is
 * trusted: recordFromBytes checks a record when it is first used.
 */
export function splitCacheBytes(file: Buffer, rules: string): Map<string, Uint8Array> | null {
  const head = Buffer.from(layoutHead(rules));
  if (file.length < head.length + TAIL.length || !holdsAt(file, 0, head)) return null;
  const records = new Map<string, Uint8Array>();
  if (file.length === head.length + TAIL.length) return holdsAt(file, head.length, TAIL) ? records : null;
  for (let at = head.length; ;) {
    const newline = file.indexOf(10, at);
    const last = newline < 0;
    const end = last ? file.length : newline;
    const closeLength = last ? TAIL.length : 1;
    if (end - closeLength < at || !(last ? holdsAt(file, end - TAIL.length, TAIL) : file[end - 1] === SEPARATOR[0]))
      return null;
    const recordEnd = end - closeLength;
    const quote = holdsAt(file, at, KEY_START) ? keyEnd(file, at, recordEnd) : -1;
    if (quote < 0 || records.size >= MAX_RECORDS) return null;
    const key = keyOf(file, at + KEY_START.length - 1, quote + 1);
    if (key === null) return null;
    records.set(key, file.subarray(at, recordEnd));
    if (last) return records;
    at = newline + 1;
  }
}

/** The record a line of the file holds for `key`, when it is one this build may trust; otherwise null. */
export function recordFromBytes(key: string, bytes: Uint8Array): CacheRecord | null {
  const text = utf8(bytes);
  if (text === null) return null;
  // No size check: a record is part of a file read within MAX_CACHE_BYTES.
  const parsed = parseJsonWithinLimits(text, { maxDepth: MAX_RECORD_DEPTH });
  return parsed.ok && isRecord(parsed.value) && parsed.value.k === key ? parsed.value : null;
}

/**
 * Where a record's scan part starts (`,"s":{`), or -1. The writer puts it last, and the bytes cannot stand inside a
 * string (a quote in one is escaped) nor at another key of the record (no other key is `s`).
 */
const SCAN_PART = Buffer.from(',"s":{');

/**
 * The record a line holds for `key` without its scan part, which `validate` never reads: the rest is parsed and checked
 * as recordFromBytes does, and the whole line is when it is not laid out as this build writes it.
 */
export function resultFromBytes(key: string, bytes: Uint8Array): CacheRecord | null {
  const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(SCAN_PART);
  if (at < 0) return recordFromBytes(key, bytes);
  const head = utf8(bytes.subarray(0, at));
  const parsed = head === null ? null : parseJsonWithinLimits(head + "}", { maxDepth: MAX_RECORD_DEPTH });
  return parsed?.ok && isRecord(parsed.value) && parsed.value.k === key ? parsed.value : recordFromBytes(key, bytes);
}

/** The file's records when its text is a cache this build can trust; otherwise why not, as a clause ("it …"). */
export function parseCacheText(text: string): { ok: true; file: CacheFile } | { ok: false; why: string } {
  const parsed = parseJsonWithinLimits(text, { maxBytes: MAX_CACHE_BYTES, maxDepth: MAX_DEPTH });
  if (!parsed.ok) return parsed;
  const v = parsed.value;
  if (typeof v !== "object" || v === null || Array.isArray(v)) return { ok: false, why: "it is not a JSON object." };
  const f = v as Record<string, unknown>;
  if (f.format !== CACHE_FORMAT || !isString(f.rules)) return { ok: false, why: "it has an unknown format." };
  if (!Array.isArray(f.records) || f.records.length > MAX_RECORDS)
    return { ok: false, why: "its list of skills is missing or too long." };
  if (!f.records.every(isRecord)) return { ok: false, why: "it holds a skill record of the wrong shape." };
  return { ok: true, file: { format: CACHE_FORMAT, rules: f.rules, records: f.records } };
}
