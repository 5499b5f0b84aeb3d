// Text from disk or a server is hostile in a terminal: control characters can move the cursor, clear the screen,
// retitle the window or hide part of a line. These functions make such characters visible instead.

/**
 * Characters that a terminal acts on or that change how a line reads: C0 controls, DEL, C1 controls, the Unicode
 * line and paragraph separators, and the bidirectional embeddings, overrides and isolates (they can show a command
 * in another order than it runs).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * What makes a command read otherwise than it runs, the test behind "suspicious" recipes: the characters above plus
 * every format character (General Category Cf: zero-width spaces, directional marks, tag characters…) and every
 * Default_Ignorable code point (variation selectors, fillers), which show as nothing or change how a line reads.
 */
const CONTROL_OR_BREAK =
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** The same set, global, for showing such characters as escapes. */
const HIDDEN = new RegExp(CONTROL_OR_BREAK.source, "gu");

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The visible form of one control character: `\n`, `\r`, `\t`, `\x1b` below U+0080 (DEL is `\x7f`), else `\u009b`. */
function visible(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code < 0x80 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Shows every control character of untrusted text as a visible escape so that printing it cannot act on a terminal.
 * With `keepNewlines` (for a block printed as several lines) line feeds and tabs are kept as they are. Backslashes are
 * left alone, so Windows paths read as usual.
 */
export function escapeControl(text: string, options: { keepNewlines?: boolean } = {}): string {
  const keep = options.keepNewlines === true;
  return text.replace(CONTROL, (char) => (keep && (char === "\n" || char === "\t") ? char : visible(char)));
}

/**
 * Whether UTF-8 bytes hold one of CONTROL's characters past U+007E, found without decoding them: DEL, a C1 control
 * (C2 80–9F), a line or paragraph separator or bidirectional embedding or override (E2 80 A8–AE), an isolate
 * (E2 81 A6–A9). On a Node Buffer each search runs at memchr's speed.
 */
export function bytesHoldWideControl(bytes: Uint8Array): boolean {
  if (bytes.indexOf(0x7f) >= 0) return true;
  for (let at = bytes.indexOf(0xc2); at >= 0; at = bytes.indexOf(0xc2, at + 1))
    if (bytes[at + 1]! >= 0x80 && bytes[at + 1]! <= 0x9f) return true;
  for (let at = bytes.indexOf(0xe2); at >= 0; at = bytes.indexOf(0xe2, at + 1)) {
    const [b1, b2] = [bytes[at + 1]!, bytes[at + 2]!];
    if ((b1 === 0x80 && b2 >= 0xa8 && b2 <= 0xae) || (b1 === 0x81 && b2 >= 0xa6 && b2 <= 0xa9)) return true;
  }
  return false;
}

/**
 * Whether escapeControl(text, { keepNewlines: true }) would change the text, told from its UTF-8 bytes without
 * decoding them: a search per C0 control, each at memchr's speed on a Buffer, is many times faster than one pass of
 * JavaScript over the bytes.
 */
export function bytesHoldControlButLines(bytes: Uint8Array): boolean {
  for (let c = 0; c < 0x20; c++) if (c !== 0x09 && c !== 0x0a && bytes.indexOf(c) >= 0) return true;
  return bytesHoldWideControl(bytes);
}

/** Shows control, format and invisible characters as escapes (`\\u200b`, `\\u{e0041}`): a suspicious command as it is. */
export function escapeHidden(text: string): string {
  return text.replace(HIDDEN, (char) => {
    const code = char.codePointAt(0)!;
    return code <= 0xffff ? visible(char) : `\\u{${code.toString(16)}}`;
  });
}

/**
 * Whether text holds a control character, a line break, or an invisible or format character: a command holding one
 * may not be what it shows.
 */
export function hasControlOrBreak(text: string): boolean {
  return CONTROL_OR_BREAK.test(text);
}
