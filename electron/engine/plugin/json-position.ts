// Finds where keys and array items sit in a JSON text, so diagnostics can name a line and column.

/** A 1-based line and column in a text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Escapes one JSON Pointer segment (RFC 6901). */
function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Joins JSON Pointer segments onto a base pointer ("" is the whole document). */
export function pointerOf(base: string, ...keys: Array<string | number>): string {
  return keys.reduce<string>((acc, key) => `${acc}/${pointerSegment(key)}`, base);
}

/** Members nested deeper than this are not located (their pointers would grow with the square of the depth). */
const MAX_LOCATED_DEPTH = 64;

interface Frame {
  kind: "object" | "array";
  pointer: string;
  index: number;
  key: string | null;
}

/**
 * Maps the JSON Pointer of every object member (to its key) and every array item (to its first
 * character) of a text that JSON.parse accepted. Iterative, so deep nesting cannot overflow the stack;
 * a later duplicate key wins, as in JSON.parse; nothing below MAX_LOCATED_DEPTH levels is located.
 */
export function locateJsonPointers(text: string): Map<string, TextPosition> {
  const positions = new Map<string, TextPosition>();
  const stack: Frame[] = [];
  let line = 1;
  let lineStart = 0;
  let expectKey = false;
  let i = 0;
  const here = (at: number): TextPosition => ({ line, column: at - lineStart + 1 });
  const located = (): boolean => stack.length <= MAX_LOCATED_DEPTH;
  const noteValueStart = (at: number): void => {
    const top = stack[stack.length - 1];
    if (top?.kind === "array" && located()) positions.set(pointerOf(top.pointer, top.index), here(at));
  };
  const childPointer = (): string => {
    const top = stack[stack.length - 1];
    if (!top || !located()) return "";
    return top.kind === "array" ? pointerOf(top.pointer, top.index) : pointerOf(top.pointer, top.key ?? "");
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "\n") {
      line++;
      lineStart = i + 1;
      i++;
      continue;
    }
    if (ch === " " || ch === "\t" || ch === "\r" || ch === ":") {
      i++;
      continue;
    }
    if (ch === ",") {
      const top = stack[stack.length - 1];
      if (top?.kind === "array") top.index++;
      else if (top) expectKey = true;
      i++;
      continue;
    }
    if (ch === "{" || ch === "[") {
      noteValueStart(i);
      stack.push({ kind: ch === "{" ? "object" : "array", pointer: childPointer(), index: 0, key: null });
      expectKey = ch === "{";
      i++;
      continue;
    }
    if (ch === "}" || ch === "]") {
      stack.pop();
      expectKey = false;
      i++;
      continue;
    }
    if (ch === '"') {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
      i++;
      const top = stack[stack.length - 1];
      if (expectKey && top?.kind === "object") {
        top.key = decodeJsonString(text.slice(start, i));
        if (located()) positions.set(pointerOf(top.pointer, top.key), here(start));
        expectKey = false;
      } else {
        noteValueStart(start);
      }
      continue;
    }
    noteValueStart(i);
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  }
  return positions;
}

function decodeJsonString(raw: string): string {
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

/**
 * The line and column of a character offset in a text.
 * Exported for tests: they check the counting at the text's edges, which parse errors do not all reach.
 */
export function positionAt(text: string, offset: number): TextPosition {
  const upTo = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lastBreak = upTo.lastIndexOf("\n");
  let line = 1;
  for (let i = 0; i < upTo.length; i++) if (upTo.charCodeAt(i) === 10) line++;
  return { line, column: upTo.length - lastBreak };
}

/** Parses JSON text; on failure says why (never quoting the text, which may hold header values) and, when the engine reports an offset, where. */
export function parseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string; at?: TextPosition } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const message = raw
      .replace(/\s*in JSON at position \d+.*$/s, "")
      .replace(/, ".*" is not valid JSON$/s, "")
      .replace(/[\u0000-\u001f\u007f]/g, "?");
    const offset = /position (\d+)/.exec(raw);
    if (offset) return { ok: false, message, at: positionAt(text, Number(offset[1])) };
    if (/end of JSON input/i.test(message)) return { ok: false, message, at: positionAt(text, text.length) };
    return { ok: false, message };
  }
}
