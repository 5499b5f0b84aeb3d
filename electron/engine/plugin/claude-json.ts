// Reads one JSON file of a Claude Code plugin or marketplace, confined to its root, with the positions of its members.
import type { Diagnostic } from "../../../shared/model";
import { MAX_MANIFEST_BYTES, jsonLimitProblem } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { resolveInRoot } from "./containment";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import { locateJsonPointers, parseJson, pointerOf, type TextPosition } from "./json-position";

/** Where a JSON member sits, by its keys from the top (undefined when not located). */
export type Locate = (...keys: Array<string | number>) => TextPosition | undefined;

/** A JSON object read from disk, or the diagnostic saying why it could not be. */
export type JsonObjectRead =
  { ok: true; value: Record<string, unknown>; at: Locate } | { ok: false; diagnostic: Diagnostic };

/** A marketplace lists many plugins, so its file may be larger than a plugin's own JSON files. */
export const MAX_MARKETPLACE_BYTES = 1024 * 1024;

/**
 * Reads `file` as a JSON object; a link leading out of `realRoot` is refused with `outsideCode`, every other failure
 * (unreadable, over `maxBytes` or nested too deep, not JSON, not an object) is `jsonCode`. `what` names the file in messages.
 */
export async function readJsonObject(
  file: string,
  realRoot: string,
  codes: { json: string; outside: string },
  what: string,
  consequence: string,
  maxBytes = MAX_MANIFEST_BYTES,
): Promise<JsonObjectRead> {
  const fail = (code: string, message: string, fix: string, at?: TextPosition): JsonObjectRead => ({
    ok: false,
    diagnostic: diagnostic(code, "error", file, message, { fix, at }),
  });
  const where = await resolveInRoot(realRoot, file);
  if (where.status === "outside")
    return fail(
      codes.outside,
      `${what} is a link to ${where.real}, outside the folder, so ${consequence}.`,
      "Put a real file in its place instead of a link that leads out of the folder.",
    );
  if (where.status === "missing")
    return fail(
      codes.json,
      `${what} is a link whose target is missing or loops, so ${consequence}.`,
      "Replace the link with a real file.",
    );
  const read = await readTextFile(where.real);
  if (!read.ok)
    return fail(
      codes.json,
      `${what} cannot be read (${read.message}), so ${consequence}.`,
      "Make it a readable UTF-8 JSON file of a reasonable size.",
    );
  const limit = jsonLimitProblem(read.text, { maxBytes });
  if (limit)
    return fail(
      codes.json,
      `${what} ${limit.message}, so ${consequence}.`,
      "Keep it a small JSON object without deep nesting.",
    );
  const parsed = parseJson(read.text);
  if (!parsed.ok)
    return fail(
      codes.json,
      `${what} is not valid JSON (${parsed.message}), so ${consequence}.`,
      "Fix the JSON syntax; a JSON linter or editor points at the exact spot.",
      parsed.at,
    );
  if (!isPlainObject(parsed.value))
    return fail(
      codes.json,
      `${what} must hold a JSON object, but it holds ${kindOf(parsed.value)}, so ${consequence}.`,
      "Wrap its content in { ... }.",
      { line: 1, column: 1 },
    );
  const positions = locateJsonPointers(read.text);
  return { ok: true, value: parsed.value, at: (...keys) => positions.get(pointerOf("", ...keys)) };
}

/** A warning per field Claude Code does not define (it ignores them), so a misspelt field is noticed. */
export function unknownClaudeFields(
  value: Record<string, unknown>,
  known: ReadonlySet<string>,
  report: { code: string; file: string; what: string; fix: string; at: Locate },
): Diagnostic[] {
  return Object.keys(value)
    .filter((key) => !known.has(key))
    .map((key) =>
      diagnostic(
        report.code,
        "warning",
        report.file,
        `${report.what} has a field ${quote(key)} that Claude Code does not define; it is ignored.`,
        { fix: report.fix, at: report.at(key) },
      ),
    );
}

/** The repository URL a manifest names: `"repository": "url"`, npm's `{ "url": … }`, else a GitHub `homepage`. */
export function repositoryOf(manifest: Record<string, unknown> | null): string | null {
  if (!manifest) return null;
  const repo = manifest.repository;
  if (typeof repo === "string" && repo.trim() !== "") return repo.trim().slice(0, 2048);
  if (isPlainObject(repo) && typeof repo.url === "string" && repo.url.trim() !== "")
    return repo.url.trim().slice(0, 2048);
  const home = manifest.homepage;
  return typeof home === "string" && /^https?:\/\/(www\.)?github\.com\//i.test(home.trim())
    ? home.trim().slice(0, 2048)
    : null;
}

/** A manifest's description, trimmed; null when absent, empty or not a string. */
export function descriptionOf(manifest: Record<string, unknown> | null): string | null {
  const text = manifest?.description;
  return typeof text === "string" && text.trim() !== "" ? text.trim() : null;
}

/** Claude Code's rule for plugin and marketplace names: kebab-case (lowercase letters, digits, single hyphens). */
export const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A kebab-case name close to `name` (lowercase, runs of other characters to single hyphens). */
export function kebabCaseOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "my-plugin"
  );
}
