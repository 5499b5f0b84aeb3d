// Validates a skill archive (.zip/.skill, and .tar/.tar.gz/.tgz) as it would be installed: read by the install engine's
// one archive reader (the same entry rules), one SKILL.md at NAME/SKILL.md for Desktop, the same rules on its text.
import { stat } from "node:fs/promises";
import path from "node:path";
import { formatBytes } from "../../../shared/format";
import { DEFAULT_MAX_BYTES, decodeUtf8, realpathOrNull, type TextRead } from "../fs/safe-fs";
import { EngineError } from "../errors";
import { EXTRACT_LIMITS, type EntryRefusedError, type KeptEntry } from "../archive/extract-rules";
import { DiagnosticSink, quote } from "./diagnostics";
import { ListedFileSet } from "./file-set";
import { isMarkdownPath } from "./references";
import { MAX_REFERENCE_BYTES } from "./skill-folder";
import type { ReadSkillOptions, SkillReport } from "./types";
import { skillReport, validateSkillText, type SkillTextResult } from "./validate-text";

/** The archive limits, the install engine's own: what validate accepts, an update installs, and pack writes within. */
export const ARCHIVE_LIMITS = {
  maxArchiveBytes: EXTRACT_LIMITS.maxArchiveBytes,
  maxEntries: EXTRACT_LIMITS.maxFiles,
  maxTotalUncompressed: EXTRACT_LIMITS.maxTotalBytes,
};

/** Most bytes of Markdown held in memory while one archive is validated. */
const MAX_HELD_BYTES = 64 * 1024 * 1024;

/** True for the archives Claude Desktop's upload takes (.zip and .skill). */
function isZipPath(file: string): boolean {
  return /\.(zip|skill)$/i.test(file);
}

/** One entry the reader kept: its path relative to the archive's root, kind and size. */
interface Listed {
  name: string;
  kind: "file" | "dir";
  size: number;
}

/** Reads a skill archive and checks its layout and its SKILL.md with the profile's rules; never throws on bad input. */
export async function readSkillArchive(file: string, options: ReadSkillOptions = {}): Promise<SkillReport> {
  const profile = options.profile ?? "agent-skills";
  const desktop = profile === "claude-desktop";
  const abs = path.resolve(file);
  const sink = new DiagnosticSink(abs);
  let realDir = abs;
  let skillFile: string | null = null;
  const finish = (text: SkillTextResult | null = null) =>
    skillReport({ dir: abs, realDir, skillFile }, sink.items, text);

  const info = await stat(abs).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error || !info.isFile()) {
    sink.add(
      "skill.unreadable",
      "error",
      info instanceof Error
        ? `The archive cannot be read (${info.code ?? "unknown error"}).`
        : "The archive is not a regular file.",
      "Point at a .zip, .skill, .tar or .tar.gz file.",
    );
    return finish();
  }
  realDir = (await realpathOrNull(abs)) ?? abs;
  if (desktop && !isZipPath(abs))
    sink.add(
      "desktop.archive.format",
      "error",
      "Claude Desktop's upload takes a .zip or .skill file, not a tar archive.",
      "Pack the skill with `skillshelf pack DIR --for claude-desktop`.",
    );

  // Loaded here, not at the top: validating a folder never needs the archive reader.
  const { readArchive } = await import("../archive/extract");
  const kept: Listed[] = [];
  const held = new Map<string, Uint8Array>();
  let heldBytes = 0;
  let unsafeCount = 0;
  const refused = (refusal: EntryRefusedError) => {
    if (unsafeCount++ >= 10) return;
    if (refusal.escapes)
      sink.add(
        "skill.archive.entry-path",
        "error",
        `The archive entry ${quote(refusal.entry)} ${refusal.rule}; unpacking it could write outside the skill's folder, so it was refused.`,
        "Pack the skill again from its folder so every entry is a relative path inside it.",
      );
    else
      sink.add(
        "skill.archive.entry-refused",
        "error",
        `The archive entry ${quote(refusal.entry)} ${refusal.rule}; installing refuses the whole archive for it.`,
        "Rename or remove that file in the skill's folder and pack it again.",
      );
  };
  const keep = (entry: KeptEntry) => {
    const name = entry.segments.join("/");
    kept.push({ name, kind: entry.kind, size: entry.size ?? 0 });
    if (entry.kind !== "file") return null;
    const last = entry.segments[entry.segments.length - 1]!;
    const limit = /^skill\.md$/i.test(last) ? DEFAULT_MAX_BYTES : isMarkdownPath(name) ? MAX_REFERENCE_BYTES : 0;
    if ((entry.size ?? 0) > limit || heldBytes + (entry.size ?? 0) > MAX_HELD_BYTES) return null;
    heldBytes += entry.size ?? 0;
    const chunks: Uint8Array[] = [];
    return {
      write: (chunk: Uint8Array) => void chunks.push(chunk),
      end: () => void held.set(name, Buffer.concat(chunks)),
    };
  };
  let summary: Awaited<ReturnType<typeof readArchive>>;
  try {
    summary = await readArchive(abs, { folder: keep, file: keep }, { onRefused: refused });
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    const code =
      error.code === "install.archive.too-large"
        ? "skill.archive.too-large"
        : error.code === "install.source.unreadable"
          ? "skill.unreadable"
          : "skill.archive.invalid";
    const fix =
      code === "skill.archive.too-large"
        ? "Pack only the skill's own files."
        : code === "skill.unreadable"
          ? "Check the file's permissions."
          : "Pack the skill folder again as a standard zip or tar.gz.";
    sink.add(code, "error", error.message, fix);
    return finish();
  }
  if (unsafeCount > 10)
    sink.add(
      "skill.archive.entry-path",
      "error",
      `${unsafeCount - 10} more archive entries were refused.`,
      "Pack the skill again from its folder.",
    );
  if (summary.leftOutCount > 0)
    sink.add(
      "skill.archive.left-out",
      "info",
      `Left out: ${summary.leftOut
        .slice(0, 10)
        .map((n) => quote(n))
        .join(
          ", ",
        )}${summary.leftOutCount > 10 ? ` and ${summary.leftOutCount - 10} more` : ""} — macOS metadata (\`__MACOSX/\`, \`._*\`, \`.DS_Store\`), which installing leaves out too.`,
      undefined,
    );
  if (heldBytes >= MAX_HELD_BYTES)
    sink.add(
      "skill.archive.too-large",
      "error",
      `The archive's Markdown files add up to more than ${formatBytes(MAX_HELD_BYTES)}; only that much was read, so some references may be reported missing.`,
      "Pack only the skill's own files.",
    );
  const safe = kept.filter((e) => e.name !== "");

  const byDepth = (a: Listed, b: Listed) =>
    a.name.split("/").length - b.name.split("/").length || (a.name < b.name ? -1 : 1);
  let skillEntries = safe.filter((e) => e.name === "SKILL.md" || e.name.endsWith("/SKILL.md")).sort(byDepth);
  // The folder rule, for archives too: without a SKILL.md, a lone lowercase `skill.md` is read with a warning.
  const lowercaseEntries =
    skillEntries.length === 0 && !desktop
      ? safe.filter((e) => e.name === "skill.md" || e.name.endsWith("/skill.md")).sort(byDepth)
      : [];
  if (lowercaseEntries.length === 1) {
    skillEntries = lowercaseEntries;
    sink.add(
      "skill.file-case",
      "warning",
      `The archive's skill file is named ${quote(lowercaseEntries[0]!.name)} in lowercase; the reference validator accepts it, but plugins and several clients only find \`SKILL.md\`.`,
      "Rename skill.md to SKILL.md and pack the archive again.",
    );
  }
  if (skillEntries.length !== 1) {
    const listed = skillEntries
      .slice(0, 5)
      .map((e) => quote(e.name))
      .join(", ");
    const lowercase = safe.find((e) => /(^|\/)skill\.md$/i.test(e.name) && !e.name.endsWith("SKILL.md"));
    const message =
      skillEntries.length === 0
        ? `The archive holds no SKILL.md${lowercase ? ` (only ${quote(lowercase.name)}, whose case differs)` : ""}; it must hold exactly one.`
        : `The archive holds ${skillEntries.length} SKILL.md files (${listed}); it must hold exactly one skill.`;
    const fix =
      skillEntries.length === 0
        ? "Pack the skill's folder, with its SKILL.md, into the archive."
        : "Pack one skill per archive.";
    if (desktop) sink.add("desktop.archive.skill-count", "error", message, fix);
    else
      sink.add(skillEntries.length === 0 ? "skill.missing-file" : "skill.archive.skill-count", "error", message, fix);
    if (skillEntries.length === 0) return finish();
  }
  const skillEntry = skillEntries[0]!;
  const segments = skillEntry.name.split("/");
  if (desktop && segments.length !== 2) {
    sink.add(
      "desktop.archive.layout",
      "error",
      `SKILL.md is at ${quote(skillEntry.name)}; Claude Desktop expects the skill's folder at the archive's root, as \`NAME/SKILL.md\`.`,
      "Zip the skill's folder itself (so the archive holds `NAME/SKILL.md`), not its contents or a parent folder.",
    );
  }
  const prefix = segments.slice(0, -1).join("/");
  const dirName =
    segments.length >= 2
      ? segments[segments.length - 2]!
      : path.basename(abs).replace(/\.(zip|skill|tar|tar\.gz|tgz)$/i, "");
  const under = (name: string) =>
    prefix ? (name.startsWith(prefix + "/") ? name.slice(prefix.length + 1) : null) : name;

  const kinds = new Map<string, "file" | "dir">();
  for (const entry of safe) {
    const rel = under(entry.name);
    if (rel === null || rel === "") continue;
    const parts = rel.split("/");
    for (let i = 1; i < parts.length; i++) kinds.set(parts.slice(0, i).join("/"), "dir");
    kinds.set(rel, entry.kind);
  }
  skillFile = path.join(abs, ...segments);
  const bytes = held.get(skillEntry.name);
  const read: TextRead = bytes
    ? decodeUtf8(bytes)
    : {
        ok: false,
        reason: "too-large",
        message: `It is ${formatBytes(skillEntry.size)} unpacked, over the ${formatBytes(DEFAULT_MAX_BYTES)} limit.`,
      };
  const readText = async (rel: string) => {
    const entryBytes = held.get(prefix ? `${prefix}/${rel}` : rel);
    if (!entryBytes) return null;
    const decoded = decodeUtf8(entryBytes);
    return decoded.ok && !decoded.binary ? decoded.text : null;
  };
  const files = new ListedFileSet(kinds, readText, (rel) =>
    path.join(abs, ...(prefix ? prefix.split("/") : []), ...rel.split("/")),
  );
  return finish(await validateSkillText({ file: skillFile, dirName, read, files, profile }));
}
