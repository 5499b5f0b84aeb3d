// A fast path for the frontmatter most skills have — plain `key: value` lines and one level of nesting —
// that yields exactly what the yaml parser yields (a differential test holds it to that). Anything else returns
// null and goes to the yaml package.
import type { Node, Pair, Scalar, YAMLMap } from "yaml";
import type { FrontmatterEntry, ParsedFrontmatter } from "./frontmatter-types";
import { mapNode, pairNode, scalarNode } from "./yaml-nodes";

const TOP_KEY = /^([A-Za-z0-9_][A-Za-z0-9_.-]*):(?: +(.*))?$/;
const NESTED_KEY = /^ {2}([A-Za-z0-9_][A-Za-z0-9_.-]*): +(.*)$/;
const PLAIN_FIRST_REFUSED = new Set([..."-?:,[]{}#&*!|>'\"%@`"]);

/**
 * The string a one-line value stands for, or null when it is anything but plain, simply quoted text.
 * Exported for tests: a property test holds it to the YAML parser.
 */
export function simpleScalar(raw: string): string | null {
  if (raw.includes("\t")) return null;
  const text = raw.replace(/ +$/, "");
  if (text === "") return null;
  const first = text[0]!;
  if (first === '"') return /^"[^"\\]*"$/.test(text) ? text.slice(1, -1) : null;
  if (first === "'") return /^'[^']*'$/.test(text) ? text.slice(1, -1) : null;
  if (PLAIN_FIRST_REFUSED.has(first) || text.includes(": ") || text.endsWith(":") || text.includes(" #")) return null;
  return text;
}

function defineValue(target: Record<string, unknown>, key: string, value: unknown): void {
  // A plain assignment would set the prototype for `__proto__`; every other key is an ordinary own property.
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * Parses frontmatter made only of `key: value` lines (plain, or quoted without escapes), blank lines,
 * and `key:` followed by two-space-indented `sub: value` lines. Returns null for anything else.
 */
export function parseSimpleFrontmatter(yamlText: string, firstLine: number): ParsedFrontmatter | null {
  const lines = yamlText.split("\n");
  const lineStarts: number[] = [];
  const data: Record<string, unknown> = {};
  const entries: FrontmatterEntry[] = [];
  let open: { map: YAMLMap; data: Record<string, unknown>; pair: Pair; keyEnd: number } | null = null;
  const closeOpen = () => {
    if (open && open.map.items.length === 0) {
      open.pair.value = scalarNode("", open.keyEnd, open.keyEnd);
      defineValue(data, String((open.pair.key as Scalar).value), "");
      entries[entries.length - 1]!.value = open.pair.value as Node;
    }
    open = null;
  };
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    lineStarts.push(offset);
    const start = offset;
    offset += line.length + 1;
    if (/^ *$/.test(line)) continue;
    if (line.startsWith(" ")) {
      const nested = NESTED_KEY.exec(line);
      if (!nested || !open) return null;
      const [, key, raw] = nested as unknown as [string, string, string];
      const value = simpleScalar(raw);
      if (value === null || Object.prototype.hasOwnProperty.call(open.data, key)) return null;
      open.map.items.push(
        pairNode(
          scalarNode(key, start + 2, start + 2 + key.length),
          scalarNode(value, start + line.length - raw.length, start + line.length),
        ),
      );
      defineValue(open.data, key, value);
      continue;
    }
    closeOpen();
    const top = TOP_KEY.exec(line);
    if (!top) return null;
    const key = top[1]!;
    const raw = top[2];
    if (Object.prototype.hasOwnProperty.call(data, key)) return null;
    const keyNode = scalarNode(key, start, start + key.length);
    if (raw === undefined || raw.trim() === "") {
      if (raw !== undefined && raw.includes("\t")) return null;
      const map = mapNode();
      const pair = pairNode(keyNode, map);
      const nestedData: Record<string, unknown> = {};
      defineValue(data, key, nestedData);
      entries.push({ key, line: i + firstLine, column: 1, value: map });
      open = { map, data: nestedData, pair, keyEnd: start + key.length + 1 };
      continue;
    }
    const value = simpleScalar(raw);
    if (value === null) return null;
    const valueNode = scalarNode(value, start + line.length - raw.length, start + line.length);
    defineValue(data, key, value);
    entries.push({ key, line: i + firstLine, column: 1, value: valueNode });
  }
  closeOpen();
  if (entries.length === 0) return null;
  const at = (pos: number | undefined) => {
    const target = pos ?? 0;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= target) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + firstLine, column: target - lineStarts[lo]! + 1 };
  };
  return { data, entries, doc: null, at };
}
