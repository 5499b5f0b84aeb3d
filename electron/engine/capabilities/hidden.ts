// Text a person does not see in a rendered page but a model reads: zero-width, bidirectional, tag and other
// invisible characters, and HTML comments in Markdown.
import type { CapabilityHidden } from "../../../shared/capabilities";

type Range = readonly [number, number];
const ZERO_WIDTH: Range[] = [
  [0x200b, 0x200d],
  [0x2060, 0x2060],
  [0x180e, 0x180e],
  [0xfeff, 0xfeff],
];
const BIDI: Range[] = [
  [0x202a, 0x202e],
  [0x2066, 0x2069],
  [0x200e, 0x200f],
  [0x061c, 0x061c],
];
const TAG: Range[] = [[0xe0000, 0xe007f]];
const INVISIBLE: Range[] = [
  [0x00ad, 0x00ad],
  [0x2061, 0x2064],
  [0x115f, 0x1160],
  [0x3164, 0x3164],
  [0xffa0, 0xffa0],
  [0xfe00, 0xfe0f],
  [0xe0100, 0xe01ef],
];
const within = (cp: number, ranges: Range[]) => ranges.some(([a, b]) => cp >= a && cp <= b);
const MAX_TEXT = 120;

/** A hidden character made visible: tag characters decode to the ASCII they smuggle, others to their code point. */
function shown(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (cp >= 0xe0020 && cp <= 0xe007e) return String.fromCharCode(cp - 0xe0000);
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

function kindOf(cp: number): CapabilityHidden["kind"] | null {
  if (within(cp, TAG)) return "tag";
  if (within(cp, BIDI)) return "bidi";
  if (within(cp, ZERO_WIDTH)) return "zero-width";
  return within(cp, INVISIBLE) ? "invisible" : null;
}

const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);

const EMOJI = /^\p{Emoji}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const MODIFIER = /^\p{Emoji_Modifier}$/u;

/**
 * Whether the character at `i` is part of an emoji a person sees: one text or emoji presentation selector (U+FE0E,
 * U+FE0F) right after an emoji character, or a zero-width joiner between two pictographs (👨‍👩‍👧). A run of
 * selectors, or one after a letter, stays hidden text: that is how data is smuggled in selectors.
 */
function partOfEmoji(chars: readonly string[], i: number): boolean {
  const cp = chars[i]!.codePointAt(0)!;
  const before = chars[i - 1] ?? "";
  const after = chars[i + 1] ?? "";
  if (cp === 0xfe0e || cp === 0xfe0f) return EMOJI.test(before) && !within(after.codePointAt(0) ?? 0, INVISIBLE);
  if (cp !== 0x200d) return false;
  const joined = PICTOGRAPHIC.test(before) || MODIFIER.test(before) || before === "\uFE0F";
  return joined && PICTOGRAPHIC.test(after);
}

/** Fenced code blocks and code spans blanked (line breaks kept): a comment there is shown as written, not hidden. */
function withoutCode(markdown: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, " ");
  return markdown
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)[^`\n][\s\S]*?\1/g, (m) => (m.includes("\n\n") ? m : blank(m)));
}

/** The hidden text of one file (one finding per kind and line; a BOM at the very start is allowed). */
export function hiddenTextOf(file: string, text: string, markdown: boolean, limit: number): CapabilityHidden[] {
  const out: CapabilityHidden[] = [];
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  for (const [i, line] of lines.entries()) {
    const byKind = new Map<CapabilityHidden["kind"], string[]>();
    const chars = [...line];
    for (const [at, ch] of chars.entries()) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0xad) continue;
      const kind = kindOf(cp);
      if (!kind || partOfEmoji(chars, at)) continue;
      const list = byKind.get(kind) ?? [];
      list.push(shown(ch));
      byKind.set(kind, list);
    }
    for (const [kind, parts] of byKind) {
      if (out.length >= limit) return out;
      const text = kind === "tag" ? `"${parts.join("")}"` : [...new Set(parts)].join(" ");
      out.push({ file, line: i + 1, kind, text: clip(text) });
    }
  }
  if (!markdown) return out;
  const body = withoutCode(lines.join("\n"));
  for (const m of body.matchAll(/<!--([\s\S]*?)(?:-->|$)/g)) {
    if (out.length >= limit) break;
    const inside = m[1]!.trim().replace(/\s+/g, " ");
    if (!inside) continue;
    const line = body.slice(0, m.index).split("\n").length;
    out.push({ file, line, kind: "html-comment", text: clip(inside) });
  }
  return out;
}
