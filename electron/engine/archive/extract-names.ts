// Entry names as the world writes them: zip name bytes decoded the way unzip tools do (UTF-8 flag, Info-ZIP's Unicode
// Path field, valid UTF-8, else CP437), and the one verdict on a name every archive reader and `pack` apply.
import { crc32 } from "node:zlib";

/** CP437, bytes 0x80–0xFF: the code page zip's specification names for entries without the UTF-8 flag. */
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

function cp437(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80]!;
  return out;
}

/** The UTF-8 name of Info-ZIP's Unicode Path extra field (0x7075) when it is there and its CRC matches the raw name. */
function unicodePathField(extra: Uint8Array, raw: Uint8Array): string | null {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let at = 0; at + 4 <= extra.length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (at + 4 + size > extra.length) return null;
    if (id === 0x7075 && size >= 5 && extra[at + 4] === 1 && view.getUint32(at + 5, true) === crc32(raw))
      return utf8OrNull(extra.subarray(at + 9, at + 4 + size));
    at += 4 + size;
  }
  return null;
}

/**
 * A zip entry's name: UTF-8 when flag bit 11 says so; else Info-ZIP's Unicode Path field when its CRC matches; else
 * the bytes as UTF-8 when they are valid UTF-8 (what macOS, Linux and libarchive do); else CP437.
 */
export function decodeZipName(raw: Uint8Array, flags: number, extra: Uint8Array): string {
  if (flags & 0x800) return utf8OrNull(raw) ?? cp437(raw);
  return unicodePathField(extra, raw) ?? utf8OrNull(raw) ?? cp437(raw);
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
const VERSION_CONTROL = new Set([".git", ".hg", ".svn", "git~1"]);
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** The same name for comparisons: NFC and lower case (macOS and Windows treat names so). */
export function comparableName(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

/** Why no one should install a file or folder of this name (one path segment), or null when it is fine. */
export function refusedSegmentReason(segment: string): string | null {
  const bad = /[\n\r\u0085\u2028\u2029]/.exec(segment);
  if (bad) return "contains a line break";
  if (/[\u0000-\u001f\u007f-\u009f]/.test(segment)) return "contains a control character";
  const invisible = INVISIBLE.exec(segment);
  if (invisible)
    return `contains the invisible character U+${invisible[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} (a bidi or format character that can hide what the name says)`;
  if (VERSION_CONTROL.has(comparableName(segment)))
    return "is a version-control folder (.git, .hg or .svn); files there can run code in the folder's next git command";
  if (/[. ]$/.test(segment) && segment !== "." && segment !== "..")
    return "ends in a dot or a space, which Windows drops (it would name another file there)";
  if (WINDOWS_RESERVED.test(segment.split(".")[0]!.trimEnd()))
    return "is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1–9, LPT1–9)";
  return null;
}

/** True for what macOS adds to the archives it makes: `__MACOSX/`, AppleDouble `._*` files and `.DS_Store`. */
function isMacMetadata(segments: readonly string[]): boolean {
  const last = segments[segments.length - 1] ?? "";
  return segments.includes("__MACOSX") || last === ".DS_Store" || last.startsWith("._");
}

/** Why an entry's path could write outside the folder it is unpacked into, or null when it is a plain relative path. */
export function unsafePathReason(name: string): string | null {
  if (name.includes("\u0000")) return "contains a NUL character";
  if (name.startsWith("/") || name.startsWith("\\")) return "is an absolute path";
  if (/^[a-zA-Z]:/.test(name)) return "starts with a drive letter";
  if (name.split(/[\\/]/).includes("..")) return "climbs out of the folder with `..`";
  return null;
}

/**
 * Relative segments of an entry name ("" and "." dropped; both slashes separate, as on Windows), in NFC: a name macOS
 * wrote decomposed (NFD) is installed as the composed name the skill's links use.
 */
export function segmentsOf(name: string): string[] {
  return name
    .split(/[\\/]/)
    .filter((s) => s !== "" && s !== ".")
    .map((s) => s.normalize("NFC"));
}

/** What to do with one entry name: refuse the archive (with the reason), leave it out (macOS metadata), or keep it. */
export type NameVerdict =
  | { verdict: "refuse"; reason: string; escapes: boolean }
  | { verdict: "leave-out" }
  | { verdict: "keep"; segments: string[] };

/** The one verdict on an archive entry's name, shared by every reader (install, validate, content updates). */
export function judgeEntryName(name: string): NameVerdict {
  const unsafe = unsafePathReason(name);
  if (unsafe) return { verdict: "refuse", reason: unsafe, escapes: true };
  const segments = segmentsOf(name);
  if (isMacMetadata(segments)) return { verdict: "leave-out" };
  for (const segment of segments) {
    const reason = refusedSegmentReason(segment);
    if (reason)
      return { verdict: "refuse", reason: segments.length > 1 ? `has a part that ${reason}` : reason, escapes: false };
  }
  return { verdict: "keep", segments };
}
