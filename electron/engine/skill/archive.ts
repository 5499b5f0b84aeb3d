// Validates a .zip/.skill archive as Claude Desktop receives an upload: safe entries, one SKILL.md at NAME/SKILL.md, same rules.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { UnzipFileInfo } from "fflate";
import { formatBytes } from "../../../shared/format";
import { DEFAULT_MAX_BYTES, decodeUtf8, realpathOrNull, type TextRead } from "../fs/safe-fs";
import { DiagnosticSink, quote } from "./diagnostics";
import { ListedFileSet } from "./file-set";
import { isMarkdownPath } from "./references";
import { MAX_REFERENCE_BYTES } from "./skill-folder";
import type { ReadSkillOptions, SkillReport } from "./types";
import { skillReport, validateSkillText, type SkillTextResult } from "./validate-text";

/** Limits that keep a hostile archive (zip bomb, millions of entries) from exhausting memory. */
export const ARCHIVE_LIMITS = {
  maxArchiveBytes: 100 * 1024 * 1024,
  maxEntries: 10_000,
  maxTotalUncompressed: 500 * 1024 * 1024,
};

/** True for file names Claude Desktop would treat as a skill archive. */
export function isSkillArchivePath(file: string): boolean {
  return /\.(zip|skill)$/i.test(file);
}

/** Why an entry name is refused, or null when it is a plain relative path. */
export function unsafeEntryReason(name: string): string | null {
  if (name.includes("\u0000")) return "contains a NUL character";
  if (name.startsWith("/") || name.startsWith("\\") || /^[a-zA-Z]:/.test(name)) return "is an absolute path";
  if (name.split(/[\\/]/).includes("..")) return "climbs out of the archive with `..`";
  return null;
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
      "Point at a .zip or .skill file.",
    );
    return finish();
  }
  realDir = (await realpathOrNull(abs)) ?? abs;
  if (info.size > ARCHIVE_LIMITS.maxArchiveBytes) {
    sink.add(
      "skill.archive.too-large",
      "error",
      `The archive is ${formatBytes(info.size)}, over the ${formatBytes(ARCHIVE_LIMITS.maxArchiveBytes)} limit, so it was not opened.`,
      "Remove files the skill does not need and pack it again.",
    );
    return finish();
  }
  let data: Uint8Array;
  try {
    data = await readFile(abs);
  } catch (error) {
    sink.add(
      "skill.unreadable",
      "error",
      `The archive cannot be read (${(error as NodeJS.ErrnoException).code ?? "unknown error"}).`,
      "Check the file's permissions.",
    );
    return finish();
  }

  // Loaded here, not at the top: validating a folder never needs the zip reader.
  const { unzipSync } = await import("fflate");
  const entries: UnzipFileInfo[] = [];
  try {
    unzipSync(data, { filter: (entry) => (entries.push(entry), false) });
  } catch (error) {
    sink.add(
      "skill.archive.invalid",
      "error",
      `The file is not a readable zip archive (${(error as Error).message}).`,
      "Pack the skill folder again as a .zip file.",
    );
    return finish();
  }
  const total = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (entries.length > ARCHIVE_LIMITS.maxEntries || total > ARCHIVE_LIMITS.maxTotalUncompressed) {
    sink.add(
      "skill.archive.too-large",
      "error",
      `The archive holds ${entries.length} entries and ${formatBytes(total)} once unpacked, over the limits (${ARCHIVE_LIMITS.maxEntries} entries, ${formatBytes(ARCHIVE_LIMITS.maxTotalUncompressed)}), so it was not unpacked.`,
      "Pack only the skill's own files.",
    );
    return finish();
  }

  const safe: UnzipFileInfo[] = [];
  let unsafeCount = 0;
  for (const entry of entries) {
    const reason = unsafeEntryReason(entry.name);
    if (!reason) {
      if (!entry.name.startsWith("__MACOSX/")) safe.push(entry);
      continue;
    }
    if (unsafeCount++ < 10)
      sink.add(
        "skill.archive.entry-path",
        "error",
        `The archive entry ${quote(entry.name)} ${reason}; unpacking it could write outside the skill's folder, so it was refused.`,
        "Pack the skill again from its folder so every entry is a relative path inside it.",
      );
  }
  if (unsafeCount > 10)
    sink.add(
      "skill.archive.entry-path",
      "error",
      `${unsafeCount - 10} more archive entries have unsafe paths.`,
      "Pack the skill again from its folder.",
    );

  const byDepth = (a: UnzipFileInfo, b: UnzipFileInfo) =>
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
    segments.length >= 2 ? segments[segments.length - 2]! : path.basename(abs).replace(/\.(zip|skill)$/i, "");
  const under = (name: string) =>
    prefix ? (name.startsWith(prefix + "/") ? name.slice(prefix.length + 1) : null) : name;

  const kinds = new Map<string, "file" | "dir">();
  for (const entry of safe) {
    const rel = under(entry.name);
    if (rel === null || rel === "") continue;
    const parts = rel.replace(/\/$/, "").split("/");
    for (let i = 1; i < parts.length; i++) kinds.set(parts.slice(0, i).join("/"), "dir");
    kinds.set(parts.join("/"), rel.endsWith("/") ? "dir" : "file");
  }
  const wanted = (entry: UnzipFileInfo) => {
    const rel = under(entry.name);
    if (rel === null || unsafeEntryReason(entry.name)) return false;
    if (entry.name === skillEntry.name) return entry.originalSize <= DEFAULT_MAX_BYTES;
    return isMarkdownPath(rel) && entry.originalSize <= MAX_REFERENCE_BYTES;
  };
  let contents: Record<string, Uint8Array>;
  try {
    contents = unzipSync(data, { filter: wanted });
  } catch (error) {
    sink.add(
      "skill.archive.invalid",
      "error",
      `The archive's files could not be unpacked (${(error as Error).message}).`,
      "Pack the skill folder again with standard zip compression.",
    );
    return finish();
  }
  skillFile = path.join(abs, ...segments);
  const bytes = contents[skillEntry.name];
  const read: TextRead = bytes
    ? bytes.length > DEFAULT_MAX_BYTES
      ? { ok: false, reason: "too-large", message: `It is over the ${formatBytes(DEFAULT_MAX_BYTES)} limit.` }
      : decodeUtf8(bytes)
    : {
        ok: false,
        reason: "too-large",
        message: `It is ${formatBytes(skillEntry.originalSize)} unpacked, over the ${formatBytes(DEFAULT_MAX_BYTES)} limit.`,
      };
  const readText = async (rel: string) => {
    const entryBytes = contents[prefix ? `${prefix}/${rel}` : rel];
    if (!entryBytes) return null;
    const decoded = decodeUtf8(entryBytes);
    return decoded.ok && !decoded.binary ? decoded.text : null;
  };
  const files = new ListedFileSet(kinds, readText, (rel) =>
    path.join(abs, ...(prefix ? prefix.split("/") : []), ...rel.split("/")),
  );
  return finish(await validateSkillText({ file: skillFile, dirName, read, files, profile }));
}
