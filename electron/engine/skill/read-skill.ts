// Reads and validates one skill folder: finds SKILL.md by its exact name, lists the folder confined to it, runs the rules.
import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import { readTextFile } from "../fs/safe-fs";
import { realpathSyncOrNull } from "./real-dirs";
import { isClaudeCodeSkillDir } from "./claude-code-fields";
import { DiagnosticSink, quote } from "./diagnostics";
import {
  MAX_FOLDER_DEPTH,
  MAX_FOLDER_ENTRIES,
  ReadLog,
  folderFileSet,
  listSkillFolder,
  type FolderListing,
} from "./skill-folder";
import type { ReadSkillOptions, SkillReport } from "./types";
import { skillReport, validateSkillText, type SkillTextResult } from "./validate-text";

/** The exact file name the specification requires. */
export const SKILL_FILE = "SKILL.md";

/** Picks the SKILL.md entry among a folder's names: exact match, else a lone lowercase `skill.md`. */
function findSkillEntry(names: readonly Dirent[]): {
  entry: Dirent | null;
  lowercase: boolean;
  variant: string | null;
} {
  const exact = names.find((d) => d.name === SKILL_FILE);
  if (exact) return { entry: exact, lowercase: false, variant: null };
  const lower = names.find((d) => d.name === "skill.md");
  if (lower) return { entry: lower, lowercase: true, variant: null };
  const variant = names.find((d) => d.name.toLowerCase() === "skill.md");
  return { entry: null, lowercase: false, variant: variant?.name ?? null };
}

/** Reads one skill folder and checks it with the profile's rules; never throws on bad input. */
export async function readSkill(dir: string, options: ReadSkillOptions = {}): Promise<SkillReport> {
  return (await readSkillWithReferences(dir, options)).report;
}

/** Links reported one by one; past this, one summary line (a folder of thousands of links stays readable). */
const MAX_LINK_DIAGNOSTICS = 20;

/** Most entries a listing may hold and still stand in for the content hash's own walk (its cap). */
const LISTING_FOR_HASH_MAX = 5_000;

/**
 * readSkill plus the folder's regular files (relative, sorted) when the listing is complete and link-free, so the
 * content hash can reuse it instead of walking the folder again; null when the hash must walk for itself. The listing
 * is returned too, and what the rules read (SKILL.md, referenced Markdown): the validation cache records what the
 * result depends on. Without `keepBytes` (no hash to follow), `read` holds nothing.
 */
export async function readSkillWithFiles(
  dir: string,
  options: ReadSkillOptions = {},
  keepBytes = true,
): Promise<{
  report: SkillReport;
  files: string[] | null;
  read: Map<string, Uint8Array>;
  listing: FolderListing | null;
  reads: ReadLog;
}> {
  const reads = new ReadLog();
  const { report, listing, skillBytes, keptBytes } = await readSkillWithReferences(dir, options, keepBytes, reads);
  if (!listing || listing.hasLinks || listing.truncated || listing.kinds.size > LISTING_FOR_HASH_MAX)
    return { report, files: null, read: new Map(), listing, reads };
  const files = [...listing.kinds].filter(([, kind]) => kind === "file").map(([rel]) => rel);
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const read = keptBytes ?? new Map<string, Uint8Array>();
  if (skillBytes && listing.kinds.get(skillBytes.rel) === "file") read.set(skillBytes.rel, skillBytes.bytes);
  return { report, files, read, listing, reads };
}

/**
 * readSkill plus the references the instructions make (level 3 uses them) and the folder's listing; with `keepBytes`,
 * also SKILL.md's bytes as read (the scan hashes them instead of reading the file again); with `reads`, what was read
 * goes there.
 */
export async function readSkillWithReferences(
  dir: string,
  options: ReadSkillOptions = {},
  keepBytes = false,
  reads?: ReadLog,
): Promise<{
  report: SkillReport;
  text: SkillTextResult | null;
  listing: FolderListing | null;
  skillBytes?: { rel: string; bytes: Uint8Array };
  /** With `keepBytes`: the bytes of the other listed files the rules read whole (referenced Markdown). */
  keptBytes?: Map<string, Uint8Array>;
}> {
  const profile = options.profile ?? "agent-skills";
  const abs = path.resolve(dir);
  const sink = new DiagnosticSink(abs);
  let realDir = abs;
  let skillFile: string | null = null;
  let listing: FolderListing | null = null;
  const finish = (text: SkillTextResult | null) => ({
    report: skillReport({ dir: abs, realDir, skillFile }, sink.items, text),
    text,
    listing,
  });
  let top: Dirent[];
  try {
    top = readdirSync(abs, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      sink.add(
        "skill.missing-file",
        "error",
        code === "ENOENT" ? "The skill folder does not exist." : "This is a file, not a skill folder holding SKILL.md.",
        "Point at a folder that holds a SKILL.md file.",
      );
    } else {
      sink.add(
        "skill.unreadable",
        "error",
        `The skill folder cannot be read (${code ?? "unknown error"}).`,
        "Check the folder's permissions.",
      );
    }
    return finish(null);
  }
  realDir = options.realDir ?? options.realDirs?.of(abs) ?? realpathSyncOrNull(abs) ?? abs;
  const { entry, lowercase, variant } = findSkillEntry(top);
  listing = await listSkillFolder(abs, top);
  const outside = listing.outside.filter((rel) => !(entry && rel === entry.name));
  for (const rel of outside.slice(0, MAX_LINK_DIAGNOSTICS)) {
    sink.add(
      "skill.symlink.outside",
      "error",
      `${quote(rel)} is a link to a place outside the skill's folder; it is never read or served with the skill.`,
      "Replace the link with a copy of what it points at, or remove it.",
      {},
      path.join(abs, rel),
    );
  }
  if (outside.length > MAX_LINK_DIAGNOSTICS) {
    sink.add(
      "skill.symlink.outside",
      "error",
      `${outside.length - MAX_LINK_DIAGNOSTICS} more links lead outside the skill's folder (${outside.length} in all); none of them is read or served.`,
      "Replace the links with copies of what they point at, or remove them.",
    );
  }
  const broken = listing.broken.filter((rel) => !(entry && rel === entry.name));
  for (const rel of broken.slice(0, MAX_LINK_DIAGNOSTICS)) {
    sink.add(
      "skill.symlink.broken",
      "warning",
      `${quote(rel)} is a link whose target is missing or loops back on itself.`,
      "Remove the link or point it at a file inside the folder.",
      {},
      path.join(abs, rel),
    );
  }
  if (broken.length > MAX_LINK_DIAGNOSTICS) {
    sink.add(
      "skill.symlink.broken",
      "warning",
      `${broken.length - MAX_LINK_DIAGNOSTICS} more links are broken or loop (${broken.length} in all).`,
      "Remove the links or point them at files inside the folder.",
    );
  }
  if (listing.truncated) {
    sink.add(
      "skill.files.truncated",
      "warning",
      `The skill folder holds more than ${MAX_FOLDER_ENTRIES} entries or is nested deeper than ${MAX_FOLDER_DEPTH} levels; only part of it was checked.`,
      "Remove what the skill does not need (build output, dependencies, caches).",
    );
  }
  if (!entry) {
    const message = variant
      ? `There is no file named exactly SKILL.md; ${quote(variant)} differs in case, and clients look for SKILL.md.`
      : "There is no SKILL.md in this folder.";
    sink.add(
      "skill.missing-file",
      "error",
      message,
      variant
        ? `Rename ${quote(variant)} to SKILL.md.`
        : "Add a SKILL.md with a frontmatter (name, description) and instructions.",
    );
    return finish(null);
  }
  const file = path.join(abs, entry.name);
  skillFile = file;
  if (lowercase) {
    sink.add(
      "skill.file-case",
      "warning",
      "The file is named `skill.md` in lowercase; the reference validator accepts it, but plugins and several clients only find `SKILL.md`.",
      "Rename skill.md to SKILL.md.",
      {},
      file,
    );
  }
  const logged = reads?.asked(entry.name);
  const read = await readTextFile(file, entry.isSymbolicLink() ? { root: abs } : { keepBytes, ...logged });
  const raw = read.ok ? read.raw : undefined;
  if (read.ok) delete read.raw;
  const keptBytes = keepBytes ? new Map<string, Uint8Array>() : undefined;
  const result = finish(
    await validateSkillText({
      file,
      dirName: path.basename(abs),
      read,
      files: folderFileSet(abs, listing, keptBytes, reads),
      profile,
      claudeCode: options.claudeCode ?? isClaudeCodeSkillDir(abs),
      context: { skillDir: abs, pluginRoot: options.pluginRoot },
    }),
  );
  const withKept = keptBytes?.size ? { ...result, keptBytes } : result;
  return raw ? { ...withKept, skillBytes: { rel: entry.name, bytes: raw } } : withKept;
}
