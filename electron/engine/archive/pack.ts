// Builds a `.skill` archive from a skill folder: the folder at the archive's root (`NAME/SKILL.md`), deterministic
// bytes, no junk, never a link followed out of the folder; for Claude Desktop, keys its upload refuses moved under
// `metadata:` in the packed copy only. The produced file is checked with the same archive validator users run.
import { createHash, randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { link, lstat, mkdir, open, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { zipSync, type Zippable } from "fflate";
import type { Diagnostic, Profile } from "../../../shared/model";
import { formatBytes } from "../../../shared/format";
import { decodeUtf8, isInside, realpathOrNull } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";
import { ARCHIVE_LIMITS, readSkillArchive } from "../skill/archive";
import { SKILL_FILE } from "../skill/read-skill";
import { refusedSegmentReason } from "./extract-names";
import { packedNameAndVersion, rewriteForDesktop } from "./pack-frontmatter";
import { PackRefusedError, packDiagnostic as diag } from "./pack-refused";

export { PackRefusedError };

/** Names never packed: version-control folders and the litter file managers leave behind. */
const JUNK_NAMES: ReadonlySet<string> = new Set([
  ".git",
  ".svn",
  ".hg",
  ".DS_Store",
  "Thumbs.db",
  "desktop.ini",
  "__MACOSX",
]);

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

/** True for a name that is never packed. */
function isJunkName(name: string): boolean {
  return JUNK_NAMES.has(name) || name.startsWith("._");
}

interface PackFile {
  rel: string;
  abs: string;
  size: number;
  executable: boolean;
}

interface Collected {
  files: PackFile[];
  skipped: string[];
  outside: string[];
  special: string[];
}

function unreadable(abs: string, rel: string, error: NodeJS.ErrnoException): never {
  throw new PackRefusedError("A file cannot be read.", [
    diag(
      "pack.unreadable",
      "error",
      abs,
      `${rel} cannot be read (${error.code ?? error.message}), so the skill was not packed.`,
      "Check its permissions, or remove it from the skill's folder.",
    ),
  ]);
}

/** Lists the folder's files without leaving it: junk skipped, links followed only inside, each real folder once, capped. */
async function collectFiles(root: string, realRoot: string): Promise<Collected> {
  const out: Collected = { files: [], skipped: [], outside: [], special: [] };
  const seen = new Set([realRoot]);
  const queue: Array<{ abs: string; rel: string; depth: number }> = [{ abs: root, rel: "", depth: 0 }];
  let count = 0;
  let bytes = 0;
  while (queue.length > 0) {
    const { abs, rel, depth } = queue.shift()!;
    const names = (
      await readdir(abs, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) =>
        unreadable(abs, rel || ".", error),
      )
    ).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const dirent of names) {
      const childAbs = path.join(abs, dirent.name);
      const childRel = rel ? `${rel}/${dirent.name}` : dirent.name;
      if (isJunkName(dirent.name)) {
        out.skipped.push(childRel);
        continue;
      }
      const refused = refusedSegmentReason(dirent.name);
      if (refused)
        throw new PackRefusedError("A name cannot be packed.", [
          diag(
            "pack.name.refused",
            "error",
            childAbs,
            `${JSON.stringify(childRel).slice(1, -1)} ${refused}, so the skill was not packed: installing the archive would refuse it.`,
            "Rename or remove it, then pack again.",
          ),
        ]);
      if (++count > ARCHIVE_LIMITS.maxEntries) {
        throw new PackRefusedError(`The folder holds more than ${ARCHIVE_LIMITS.maxEntries} entries.`, [
          diag(
            "pack.too-large",
            "error",
            root,
            `The folder holds more than ${ARCHIVE_LIMITS.maxEntries} files and folders, over what a skill archive may hold, so it was not packed.`,
            "Remove files the skill does not need (build output, dependencies) and pack again.",
          ),
        ]);
      }
      let info = await lstat(childAbs).catch((error: NodeJS.ErrnoException) => unreadable(childAbs, childRel, error));
      if (info.isSymbolicLink()) {
        const real = await realpathOrNull(childAbs);
        if (!real || !isInside(realRoot, real)) {
          out.outside.push(childRel);
          continue;
        }
        info = await stat(childAbs).catch((error: NodeJS.ErrnoException) => unreadable(childAbs, childRel, error));
        if (info.isDirectory()) {
          if (seen.has(real)) continue;
          seen.add(real);
        }
      }
      if (info.isDirectory()) {
        if (depth + 1 >= 32)
          throw new PackRefusedError("The folder is nested too deeply.", [
            diag(
              "pack.too-large",
              "error",
              childAbs,
              "The folder is nested more than 32 levels deep, so it was not packed.",
              "Flatten the skill's folders and pack again.",
            ),
          ]);
        queue.push({ abs: childAbs, rel: childRel, depth: depth + 1 });
      } else if (info.isFile()) {
        bytes += info.size;
        if (bytes > ARCHIVE_LIMITS.maxTotalUncompressed) {
          throw new PackRefusedError("The folder is too large.", [
            diag(
              "pack.too-large",
              "error",
              root,
              `The folder's files add up to more than ${formatBytes(ARCHIVE_LIMITS.maxTotalUncompressed)}, over what a skill archive may hold, so it was not packed.`,
              "Remove large files the skill does not need and pack again.",
            ),
          ]);
        }
        out.files.push({ rel: childRel, abs: childAbs, size: info.size, executable: (info.mode & 0o111) !== 0 });
      } else {
        out.special.push(childRel);
      }
    }
  }
  out.files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return out;
}

/** Reads a regular file without blocking on a FIFO swapped in since the listing. */
async function readRegular(file: string): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new Error("not a regular file");
    return await handle.readFile();
  } finally {
    await handle.close();
  }
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

/** Moves `temp` to `file` without replacing an existing file (a hard link fails when the name is taken). */
async function publishNoOverwrite(temp: string, file: string): Promise<void> {
  try {
    await link(temp, file);
    await unlink(temp).catch(() => undefined);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") throw error;
    // File systems without hard links (FAT, some network shares): check, then rename.
    if (
      await lstat(file).then(
        () => true,
        () => false,
      )
    )
      throw Object.assign(new Error(`${file} exists`), { code: "EEXIST" });
    await rename(temp, file);
  }
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

/** Packs a skill folder into a `.skill` archive; throws PackRefusedError (with diagnostics) for a skill that cannot pass. */
export async function packSkill(dir: string, options: PackOptions = {}): Promise<PackResult> {
  const root = path.resolve(dir);
  const profile: Profile = options.forDesktop ? "claude-desktop" : "agent-skills";
  const realRoot = await realpathOrNull(root);
  const rootInfo = realRoot ? await stat(realRoot).catch(() => null) : null;
  if (!realRoot || !rootInfo?.isDirectory()) {
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
  const skillFile = path.join(root, SKILL_FILE);
  const collected = await collectFiles(root, realRoot);
  const skillEntry = collected.files.find((f) => f.rel === SKILL_FILE);
  if (!skillEntry && collected.outside.includes(SKILL_FILE)) {
    throw new PackRefusedError("SKILL.md is a link out of the folder.", [
      diag(
        "skill.symlink.outside",
        "error",
        skillFile,
        `${SKILL_FILE} is a link to a place outside the skill's folder (or to nothing); links out of a skill are never followed, so there is nothing to pack.`,
        "Replace the link with the file itself.",
      ),
    ]);
  }
  if (!skillEntry) {
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
  const diagnostics: Diagnostic[] = [];
  const contents = new Map<string, Uint8Array>();
  for (const f of collected.files) {
    try {
      contents.set(f.rel, await readRegular(f.abs));
    } catch (error) {
      throw new PackRefusedError("A file cannot be read.", [
        diag(
          "pack.unreadable",
          "error",
          f.abs,
          `${f.rel} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), so the skill was not packed.`,
          "Check the file's permissions, or remove it from the skill's folder.",
        ),
      ]);
    }
  }

  let moved: string[] = [];
  const decoded = decodeUtf8(contents.get(SKILL_FILE)!);
  if (options.forDesktop && decoded.ok) {
    const rewrite = rewriteForDesktop(decoded.text, skillFile);
    if (rewrite) {
      contents.set(SKILL_FILE, new TextEncoder().encode(rewrite.text));
      moved = rewrite.moved;
      if (moved.length === 0) diagnostics.push(...rewrite.notes);
      else
        diagnostics.push(
          diag(
            "pack.desktop.moved",
            "info",
            skillFile,
            `In the packed copy, ${moved.map((k) => `\`${k}\``).join(", ")} ${moved.length === 1 ? "was" : "were"} moved under \`metadata:\`, since Claude Desktop's upload refuses ${moved.length === 1 ? "it" : "them"} at the top level; the skill's own folder is unchanged.`,
          ),
          ...rewrite.notes,
        );
    }
  }
  const finalText = decodeUtf8(contents.get(SKILL_FILE)!);
  const { name: frontName, version } = finalText.ok
    ? packedNameAndVersion(finalText.text)
    : { name: null, version: null };
  const name = frontName && isSafeSegment(frontName) ? frontName : path.basename(root);

  if (collected.skipped.length > 0)
    diagnostics.push(
      diag(
        "pack.skipped",
        "info",
        root,
        `Left out of the archive: ${collected.skipped.slice(0, 10).join(", ")}${collected.skipped.length > 10 ? ` and ${collected.skipped.length - 10} more` : ""} (version-control folders and file-manager litter).`,
      ),
    );
  if (collected.outside.length > 0)
    diagnostics.push(
      diag(
        "pack.link-outside",
        "warning",
        root,
        `Left out of the archive: ${collected.outside.slice(0, 10).join(", ")}${collected.outside.length > 10 ? ` and ${collected.outside.length - 10} more` : ""} — links that lead outside the skill's folder or nowhere; they are never followed.`,
        "Copy the files the skill needs into its folder instead of linking to them.",
      ),
    );
  if (collected.special.length > 0)
    diagnostics.push(
      diag(
        "pack.special",
        "warning",
        root,
        `Left out of the archive: ${collected.special.slice(0, 10).join(", ")} — not regular files (pipes, sockets, devices).`,
        "Remove them from the skill's folder.",
      ),
    );

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
  const archive = zipSync(zippable);
  const contentHash = contentHashOf(collected.files.map((f) => ({ rel: f.rel, data: contents.get(f.rel)! })));

  const file = path.resolve(options.out ?? path.join(options.outDir ?? path.dirname(root), `${name}.skill`));
  if (
    !options.overwrite &&
    (await lstat(file).then(
      () => true,
      () => false,
    ))
  ) {
    throw outExists(
      file,
      diagnostics,
      "already exists",
      "Choose another --out file, or remove the old one first (or pass --force).",
    );
  }
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file).slice(0, 100)}.${randomBytes(6).toString("hex")}.tmp.skill`,
  );
  const handle = await mkdir(path.dirname(file), { recursive: true })
    .then(() => open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644))
    .catch((error: NodeJS.ErrnoException) => {
      throw new PackRefusedError("The archive cannot be written there.", [
        ...diagnostics,
        diag(
          "pack.out.unwritable",
          "error",
          file,
          `${file} cannot be written (${error.code ?? error.message}), so nothing was packed.`,
          "Choose an --out file in a folder you can write to.",
        ),
      ]);
    });
  try {
    try {
      await handle.writeFile(archive);
      await handle.sync();
    } finally {
      await handle.close();
    }
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
    if (options.overwrite) await writeFileAtomic(file, archive, { mode: 0o644 });
    else {
      try {
        await publishNoOverwrite(temp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        throw outExists(file, diagnostics, "appeared while packing", "Choose another --out file.");
      }
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  return { file, files, diagnostics, name, version, moved, contentHash };
}
