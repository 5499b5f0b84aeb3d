// Builds a `.skill` archive from a skill folder: the folder at the archive's root (`NAME/SKILL.md`), deterministic
// bytes, no junk, never a link followed out of the folder; for Claude Desktop, keys its upload refuses moved under
// `metadata:` in the packed copy only. The produced file is checked with the same archive validator users run before
// the writer publishes it (never replacing a file unless asked).
import { createHash } from "node:crypto";
import { lstat, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { zipSync, type Zippable } from "fflate";
import type { Diagnostic, Profile } from "../../../shared/model";
import { decodeUtf8, realpathOrNull } from "../fs/safe-fs";
import { writeFileAtomic, WriteRefusedError } from "../fs/write";
import { readSkillArchive } from "../skill/archive";
import { SKILL_FILE } from "../skill/read-skill";
import { collectFiles, readPackFiles, type Collected } from "./pack-collect";
import { packedNameAndVersion, rewriteForDesktop } from "./pack-frontmatter";
import { PackRefusedError, packDiagnostic as diag } from "./pack-refused";

export { PackRefusedError };

/** Every entry gets this timestamp (the zip format's earliest, built from local fields so the bytes do not depend on the time zone). */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/** Options of one pack. */
export interface PackOptions {
  /** The archive to write (default: `NAME.skill` in `outDir`). */
  out?: string;
  /** Where `NAME.skill` goes when `out` is not given (default: beside the skill's folder). */
  outDir?: string;
  /** Check with the `claude-desktop` profile and move keys Desktop's upload refuses under `metadata:`. */
  forDesktop?: boolean;
  /** Replace an existing file at `out` (default false: an existing file is refused, never silently replaced). */
  overwrite?: boolean;
  /** The archive's mode (default 0644; 0600 in Skillshelf's data folder). */
  mode?: number;
}

/** A packed archive and what went into it. */
export interface PackResult {
  /** Absolute path of the written archive. */
  file: string;
  /** Archive entries, in archive order (`NAME/...`). */
  files: string[];
  /** Findings of the pack itself and of validating the produced archive. */
  diagnostics: Diagnostic[];
  /** The skill's name (the archive's root folder). */
  name: string;
  /** The version the packed copy carries (metadata.version, or a top-level version when not for Desktop). */
  version: string | null;
  /** Top-level keys moved under `metadata:` in the packed copy. */
  moved: string[];
  /** Content hash of the packed folder, as discovery's hashSkillFolder computes it for a folder with those files. */
  contentHash: string;
}

/** A plain single path segment usable as the archive's root folder. */
function isSafeSegment(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name !== "." &&
    name !== ".." &&
    !/[\\/\u0000-\u001f\u007f:*?"<>|]/.test(name)
  );
}

/** Content hash over relative paths and bytes, in the format of discovery's hashSkillFolder (a test keeps them equal). */
function contentHashOf(files: ReadonlyArray<{ rel: string; data: Uint8Array }>): string {
  const sha = createHash("sha256");
  for (const f of [...files].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))) {
    sha.update(`${f.rel}\u0000${f.data.length}\u0000`);
    sha.update(f.data);
  }
  return sha.digest("hex");
}

/** The refusal when the archive's name is taken (`what`: when it was found), after the diagnostics so far. */
function outExists(file: string, diagnostics: Diagnostic[], what: string, fix: string): PackRefusedError {
  return new PackRefusedError("The archive exists.", [
    ...diagnostics,
    diag("pack.out.exists", "error", file, `${file} ${what}, so it was not replaced.`, fix),
  ]);
}

/** Codes that make an archive unusable whatever the profile (plain `pack` refuses only these). */
const STRUCTURAL =
  /^(skill\.missing-file|skill\.unreadable|skill\.encoding|skill\.archive\.|desktop\.archive\.|skill\.frontmatter\.(missing|unclosed|yaml|not-mapping))/;

/** The skill's real folder, or a refusal when `root` is not a folder that can be read. */
async function realSkillFolder(root: string): Promise<string> {
  const realRoot = await realpathOrNull(root);
  const rootInfo = realRoot ? await stat(realRoot).catch(() => null) : null;
  if (realRoot && rootInfo?.isDirectory()) return realRoot;
  throw new PackRefusedError("Not a folder.", [
    diag(
      "pack.source",
      "error",
      root,
      `${root} is not a folder that can be read, so there is nothing to pack.`,
      "Give the skill's folder (the one holding SKILL.md).",
    ),
  ]);
}

/** Refuses a folder whose listing holds no SKILL.md of its own (missing, or a link out of the folder). */
function requireSkillFile(root: string, collected: Collected): void {
  if (collected.files.some((f) => f.rel === SKILL_FILE)) return;
  if (collected.outside.includes(SKILL_FILE))
    throw new PackRefusedError("SKILL.md is a link out of the folder.", [
      diag(
        "skill.symlink.outside",
        "error",
        path.join(root, SKILL_FILE),
        `${SKILL_FILE} is a link to a place outside the skill's folder (or to nothing); links out of a skill are never followed, so there is nothing to pack.`,
        "Replace the link with the file itself.",
      ),
    ]);
  throw new PackRefusedError("No SKILL.md.", [
    diag(
      "skill.missing-file",
      "error",
      root,
      `The folder has no file named exactly ${SKILL_FILE}, so it is not a skill.`,
      "Pack the folder that holds the skill's SKILL.md (the name is case-sensitive).",
    ),
  ]);
}

/** For Desktop, moves the keys its upload refuses under `metadata:` in the packed SKILL.md; returns the keys moved. */
function rewriteSkillFileForDesktop(
  contents: Map<string, Uint8Array>,
  skillFile: string,
  diagnostics: Diagnostic[],
): string[] {
  const decoded = decodeUtf8(contents.get(SKILL_FILE)!);
  const rewrite = decoded.ok ? rewriteForDesktop(decoded.text, skillFile) : null;
  if (!rewrite) return [];
  contents.set(SKILL_FILE, new TextEncoder().encode(rewrite.text));
  const moved = rewrite.moved;
  if (moved.length > 0)
    diagnostics.push(
      diag(
        "pack.desktop.moved",
        "info",
        skillFile,
        `In the packed copy, ${moved.map((k) => `\`${k}\``).join(", ")} ${moved.length === 1 ? "was" : "were"} moved under \`metadata:\`, since Claude Desktop's upload refuses ${moved.length === 1 ? "it" : "them"} at the top level; the skill's own folder is unchanged.`,
      ),
    );
  diagnostics.push(...rewrite.notes);
  return moved;
}

/** Up to ten names, then how many more. */
function someOf(names: readonly string[]): string {
  return `${names.slice(0, 10).join(", ")}${names.length > 10 ? ` and ${names.length - 10} more` : ""}`;
}

/** The notes on what the listing left out: junk, links out of the folder, pipes and devices. */
function leftOutNotes(root: string, collected: Collected): Diagnostic[] {
  const notes: Diagnostic[] = [];
  if (collected.skipped.length > 0)
    notes.push(
      diag(
        "pack.skipped",
        "info",
        root,
        `Left out of the archive: ${someOf(collected.skipped)} (version-control folders and file-manager litter).`,
      ),
    );
  if (collected.outside.length > 0)
    notes.push(
      diag(
        "pack.link-outside",
        "warning",
        root,
        `Left out of the archive: ${someOf(collected.outside)} — links that lead outside the skill's folder or nowhere; they are never followed.`,
        "Copy the files the skill needs into its folder instead of linking to them.",
      ),
    );
  if (collected.special.length > 0)
    notes.push(
      diag(
        "pack.special",
        "warning",
        root,
        `Left out of the archive: ${collected.special.slice(0, 10).join(", ")} — not regular files (pipes, sockets, devices).`,
        "Remove them from the skill's folder.",
      ),
    );
  return notes;
}

/** The archive's bytes (every entry under `name/`, fixed time and modes) and its entry names in order. */
function zipUnder(name: string, collected: Collected, contents: Map<string, Uint8Array>) {
  const zippable: Zippable = {};
  const files: string[] = [];
  for (const f of collected.files) {
    const entry = `${name}/${f.rel}`;
    files.push(entry);
    zippable[entry] = [
      contents.get(f.rel)!,
      { level: 6, mtime: FIXED_MTIME, os: 3, attrs: ((f.executable ? 0o100755 : 0o100644) << 16) >>> 0 },
    ];
  }
  return { archive: zipSync(zippable), files };
}

/**
 * Writes the archive through the writer, validating the written temp with the archive validator before it is
 * published: a blocking finding refuses the pack (nothing published); without `overwrite`, a file at `file` is never
 * replaced, even one that appears meanwhile.
 */
async function writeCheckedArchive(
  file: string,
  archive: Uint8Array,
  options: PackOptions,
  diagnostics: Diagnostic[],
): Promise<void> {
  const profile: Profile = options.forDesktop ? "claude-desktop" : "agent-skills";
  const checkTemp = async (temp: string) => {
    const report = await readSkillArchive(temp, { profile });
    const found = report.diagnostics.map((d) => ({
      ...d,
      file: d.file.startsWith(temp) ? file + d.file.slice(temp.length) : d.file,
    }));
    diagnostics.push(...found);
    const blocking = found.filter((d) => d.severity === "error" && (options.forDesktop || STRUCTURAL.test(d.code)));
    if (blocking.length > 0) {
      const what = options.forDesktop
        ? "would not pass Claude Desktop's upload rules"
        : "is not a usable skill archive";
      throw new PackRefusedError(`The packed skill ${what}.`, diagnostics);
    }
  };
  let checked = false;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, archive, {
      mode: options.mode ?? 0o644,
      overwrite: options.overwrite ?? false,
      tempSuffix: ".skill",
      beforeRename: async (temp) => {
        await checkTemp(temp);
        checked = true;
      },
    });
  } catch (error) {
    if (error instanceof PackRefusedError || error instanceof WriteRefusedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (checked && code === "EEXIST")
      throw outExists(file, diagnostics, "appeared while packing", "Choose another --out file.");
    if (checked) throw error;
    throw new PackRefusedError("The archive cannot be written there.", [
      ...diagnostics,
      diag(
        "pack.out.unwritable",
        "error",
        file,
        `${file} cannot be written (${code ?? (error as Error).message}), so nothing was packed.`,
        "Choose an --out file in a folder you can write to.",
      ),
    ]);
  }
}

/** Packs a skill folder into a `.skill` archive; throws PackRefusedError (with diagnostics) for a skill that cannot pass. */
export async function packSkill(dir: string, options: PackOptions = {}): Promise<PackResult> {
  const root = path.resolve(dir);
  const realRoot = await realSkillFolder(root);
  const skillFile = path.join(root, SKILL_FILE);
  const collected = await collectFiles(root, realRoot);
  requireSkillFile(root, collected);
  const contents = await readPackFiles(collected.files);
  const diagnostics: Diagnostic[] = [];
  const moved = options.forDesktop ? rewriteSkillFileForDesktop(contents, skillFile, diagnostics) : [];
  const finalText = decodeUtf8(contents.get(SKILL_FILE)!);
  const { name: frontName, version } = finalText.ok
    ? packedNameAndVersion(finalText.text)
    : { name: null, version: null };
  const name = frontName && isSafeSegment(frontName) ? frontName : path.basename(root);
  diagnostics.push(...leftOutNotes(root, collected));
  const { archive, files } = zipUnder(name, collected, contents);
  const contentHash = contentHashOf(collected.files.map((f) => ({ rel: f.rel, data: contents.get(f.rel)! })));

  const file = path.resolve(options.out ?? path.join(options.outDir ?? path.dirname(root), `${name}.skill`));
  if (
    !options.overwrite &&
    (await lstat(file).then(
      () => true,
      () => false,
    ))
  )
    throw outExists(
      file,
      diagnostics,
      "already exists",
      "Choose another --out file, or remove the old one first (or pass --force).",
    );
  await writeCheckedArchive(file, archive, options, diagnostics);
  return { file, files, diagnostics, name, version, moved, contentHash };
}
