// Bounds on JSON read from disk, checked before JSON.parse: a file of millions of `[` is refused in one linear pass
// instead of building a structure that later code (validation, cloning, stringifying) cannot walk.
import { readTextFile } from "./safe-fs";

/**
 * Deepest nesting of arrays and objects accepted in JSON the engine reads.
 * Exported for tests: they nest JSON to either side of it.
 */
export const MAX_JSON_DEPTH = 64;
/** The size limit of a plugin's own JSON files (plugin.json, mcp.json), like a skill's frontmatter. */
export const MAX_MANIFEST_BYTES = 64 * 1024;

/** Why a JSON text is refused before parsing, as a sentence that ends the clause "The file …". */
export interface JsonLimitProblem {
  limit: "too-large" | "too-deep";
  message: string;
}

/** The deepest nesting of arrays and objects, strings skipped; stops counting once past `stopAbove`. */
function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      // To the closing quote in one jump (indexOf is far faster than a loop over long strings): the next quote that
      // no odd run of backslashes escapes.
      for (;;) {
        const quote = text.indexOf('"', i + 1);
        if (quote < 0) return deepest;
        let before = quote - 1;
        while (text.charCodeAt(before) === 92) before--;
        i = quote;
        if ((quote - 1 - before) % 2 === 0) break;
      }
    } else if (ch === 91 || ch === 123) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if ((ch === 93 || ch === 125) && depth > 0) {
      depth--;
    }
  }
  return deepest;
}

/** The limit a JSON text breaks (size in UTF-8 bytes when `maxBytes` is given, then depth), or null. */
export function jsonLimitProblem(
  text: string,
  options: { maxBytes?: number; maxDepth?: number } = {},
): JsonLimitProblem | null {
  if (options.maxBytes !== undefined) {
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > options.maxBytes)
      return {
        limit: "too-large",
        message: `is ${Math.ceil(bytes / 1024)} KiB, over the ${Math.floor(options.maxBytes / 1024)} KiB limit, so it was not parsed`,
      };
  }
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  if (jsonDepth(text, maxDepth) > maxDepth)
    return {
      limit: "too-deep",
      message: `nests arrays or objects more than ${maxDepth} levels deep, so it was not parsed`,
    };
  return null;
}

/** JSON.parse behind the limits: the value, or why not (a limit, or a syntax error) as a clause for a sentence. */
export function parseJsonWithinLimits(
  text: string,
  options: { maxBytes?: number; maxDepth?: number } = {},
): { ok: true; value: unknown } | { ok: false; why: string } {
  const problem = jsonLimitProblem(text, options);
  if (problem) return { ok: false, why: `it ${problem.message}.` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: "it is not valid JSON." };
  }
}

/** Reads a JSON file Skillshelf keeps (journal, manifest, backup record) within size and depth limits; null when absent or unusable. */
export async function readJsonFileWithinLimits(file: string, maxBytes: number): Promise<unknown> {
  const read = await readTextFile(file, { maxBytes });
  if (!read.ok) return null;
  const parsed = parseJsonWithinLimits(read.text);
  return parsed.ok ? parsed.value : null;
}
