// Edits one member of a JSON text in place: the rest of the file keeps its bytes (key order, integer-like keys, numbers
// past 2^53, duplicate keys, spacing), which a parse and re-serialise would change. The text must already parse.

/** One `"key": value` of an object: where its key starts and its value's span. */
interface Member {
  key: string;
  start: number;
  valueStart: number;
  valueEnd: number;
}

/** An object's braces and members, in text order (duplicates kept). */
interface ObjectSpan {
  open: number;
  close: number;
  members: Member[];
}

const WS = new Set([" ", "\t", "\n", "\r"]);

function skipWs(text: string, i: number): number {
  while (i < text.length && WS.has(text[i]!)) i++;
  return i;
}

/** The index just past the string starting at `i` (its opening quote). */
function stringEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === '"') return j + 1;
  }
  return text.length;
}

/** The index just past the value starting at `i`; objects and arrays are skipped by counting brackets outside strings. */
function valueEnd(text: string, i: number): number {
  const ch = text[i];
  if (ch === '"') return stringEnd(text, i);
  if (ch === "{" || ch === "[") {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const c = text[j];
      if (c === '"') j = stringEnd(text, j) - 1;
      else if (c === "{" || c === "[") depth++;
      else if ((c === "}" || c === "]") && --depth === 0) return j + 1;
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !WS.has(text[j]!) && text[j] !== "," && text[j] !== "}" && text[j] !== "]") j++;
  return j;
}

/** The object whose `{` is at `open`, with its members. */
function objectAt(text: string, open: number): ObjectSpan {
  const members: Member[] = [];
  let i = skipWs(text, open + 1);
  while (i < text.length && text[i] !== "}") {
    const keyEnd = stringEnd(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    const valueStart = skipWs(text, skipWs(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    members.push({ key, start: i, valueStart, valueEnd: end });
    i = skipWs(text, end);
    if (text[i] === ",") i = skipWs(text, i + 1);
  }
  return { open, close: i, members };
}

/** The member JSON.parse would keep for `key` (the last of duplicates), or undefined. */
function lastMember(object: ObjectSpan, key: string): Member | undefined {
  for (let m = object.members.length - 1; m >= 0; m--) if (object.members[m]!.key === key) return object.members[m];
  return undefined;
}

/** The object at `path` below the root object (each step the last member of that name), or null when one is not an object. */
export function objectSpan(text: string, path: readonly string[]): ObjectSpan | null {
  const root = skipWs(text, 0);
  if (text[root] !== "{") return null;
  let object = objectAt(text, root);
  for (const key of path) {
    const member = lastMember(object, key);
    if (!member || text[member.valueStart] !== "{") return null;
    object = objectAt(text, member.valueStart);
  }
  return object;
}

/** The file's indentation unit (its first indented line's), two spaces when it has none. */
function indentUnit(text: string): string {
  return /\n([ \t]+)["{}[\]]/.exec(text)?.[1] ?? "  ";
}

/** The whitespace before the line holding `index`'s first non-space character. */
function lineIndent(text: string, index: number): string {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, index))![0];
}

/** `value` as JSON laid out like the file: one line for a one-line file, else indented below `indent`. */
function layout(text: string, value: unknown, indent: string): string {
  if (!text.includes("\n")) return JSON.stringify(value);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  return JSON.stringify(value, null, indentUnit(text)).replace(/\n/g, eol + indent);
}

/** Sets `key` of the object at `path` to `value`: the kept member's value is replaced, or a member is added at the end. */
export function setMember(text: string, path: readonly string[], key: string, value: unknown): string | null {
  const object = objectSpan(text, path);
  if (!object) return null;
  const member = lastMember(object, key);
  if (member) {
    const indent = lineIndent(text, member.start);
    return text.slice(0, member.valueStart) + layout(text, value, indent) + text.slice(member.valueEnd);
  }
  const oneLine = !text.includes("\n");
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const last = object.members[object.members.length - 1];
  if (last) {
    const indent = lineIndent(text, last.start);
    const gap = oneLine ? "," : `,${eol}${indent}`;
    const added = `${gap}${JSON.stringify(key)}${oneLine ? ":" : ": "}${layout(text, value, indent)}`;
    return text.slice(0, last.valueEnd) + added + text.slice(last.valueEnd);
  }
  if (oneLine)
    return `${text.slice(0, object.open + 1)}${JSON.stringify(key)}:${JSON.stringify(value)}${text.slice(object.close)}`;
  const outer = lineIndent(text, object.open);
  const indent = outer + indentUnit(text);
  const body = `${eol}${indent}${JSON.stringify(key)}: ${layout(text, value, indent)}${eol}${outer}`;
  return text.slice(0, object.open + 1) + body + text.slice(object.close);
}

/** Removes every member named `key` from the object at `path` (duplicates too), leaving the others' text as it is. */
export function removeMember(text: string, path: readonly string[], key: string): string | null {
  let out = text;
  for (;;) {
    const object = objectSpan(out, path);
    if (!object) return out === text ? null : out;
    const index = object.members.findIndex((m) => m.key === key);
    if (index < 0) return out;
    const member = object.members[index]!;
    const before = object.members[index - 1];
    const after = object.members[index + 1];
    if (before) out = out.slice(0, before.valueEnd) + out.slice(member.valueEnd);
    else if (after) out = out.slice(0, member.start) + out.slice(after.start);
    else out = out.slice(0, object.open + 1) + out.slice(object.close);
  }
}
