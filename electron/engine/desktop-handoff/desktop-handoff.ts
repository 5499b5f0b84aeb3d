// The Claude Desktop hand-off: Desktop's account trees are rewritten by its sync, so an update is never written there;
// instead the new version is packed as a `.skill` that passes Desktop's upload rules, saved where the user finds it,
// opened or revealed on request, and the steps to upload it are given. The Desktop tree is never touched.
//
// Usage (CLI `update`, the app):
//   const handoff = await prepareDesktopHandoff(obtained.skillDir, { name: skill.name, version: obtained.version, dataDir, home, platform, env });
//   // print handoff.archive, handoff.steps (numbered) and handoff.diagnostics; PackRefusedError carries diagnostics when it cannot pass
//   if (--open) { await openWithSystem(handoff.archive); await revealInFolder(handoff.archive); }   // each → { ok, message }
//   if (--wait) await waitForDesktopArrival({ home, platform, env, name, version: handoff.version, contentHash: handoff.contentHash })  // desktop-arrival.ts
//
// The menu names below follow what publishers of Desktop skills tell users today (looked up 2026-11-30):
// "Customize → Skills → + Create skill → Upload a skill" (coreyhaines31/marketingskills docs/skill-release-packaging.md,
// citing support.claude.com/en/articles/12512198), "Customize → Skills → Add skill → Upload skill; some versions place
// the upload action under Create skill" (oaris-dev/diviops release v1.5.85), and the earlier "Settings → Capabilities →
// Skills" (bjcoombs/ai-native-toolkit releases, "Settings → Customize → Skills → Upload Skill" in later ones). Labels vary
// by version, so the steps name both places.
import { execFile } from "node:child_process";
import { homedir, tmpdir } from "node:os";
import { lstat, mkdir, mkdtemp, readFile, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { packSkill, PackRefusedError, type PackResult } from "../archive/pack";
import { DATA_FILE_MODE, ensureDataFolder } from "../app-data/data-trust";

/** Where Desktop's upload lives, in the words of current and earlier versions. */
export const DESKTOP_UPLOAD_PLACES = {
  current: "Customize → Skills",
  earlier: "Settings → Capabilities → Skills",
} as const;

/** Where the environment a hand-off runs in comes from (all injectable for tests). */
export interface HandoffEnvironment {
  home?: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}

/** Options of one hand-off. */
export interface HandoffOptions extends HandoffEnvironment {
  /** Folder for the archive (default: defaultHandoffDir). */
  outDir?: string;
  /** The installed skill's name: the packed skill must carry it. */
  name: string;
  /** The new version, for the file name (default: the version the packed copy carries). */
  version: string | null;
  /** Skillshelf's data folder, used when there is no Downloads folder. */
  dataDir?: string;
}

/** A prepared hand-off: the archive, the steps for people, and what the pack found. */
export interface DesktopHandoff {
  archive: string;
  steps: string[];
  name: string;
  version: string | null;
  /** Content hash of the packed folder (what desktop-arrival compares when there is no version). */
  contentHash: string;
  files: string[];
  moved: string[];
  diagnostics: Diagnostic[];
}

async function isFolder(p: string): Promise<boolean> {
  return (await stat(p).catch(() => null))?.isDirectory() ?? false;
}

/** The user's Downloads folder: XDG_DOWNLOAD_DIR from user-dirs.dirs on Linux, else ~/Downloads. */
async function downloadsFolder(options: HandoffEnvironment = {}): Promise<string> {
  const home = options.home ?? homedir();
  const env = options.env ?? process.env;
  if ((options.platform ?? process.platform) === "linux") {
    const config =
      env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, ".config");
    const text = await readFile(path.join(config, "user-dirs.dirs"), "utf8").catch(() => "");
    const line = /^XDG_DOWNLOAD_DIR="([^"\n]{1,4096})"/m.exec(text.slice(0, 64 * 1024));
    if (line) {
      const value = line[1]!.replace(/^\$HOME(?=\/|$)/, home);
      if (path.isAbsolute(value) && path.resolve(value) !== path.resolve(home)) return path.resolve(value);
    }
  }
  return path.join(home, "Downloads");
}

/**
 * Where a hand-off archive goes by default: the Downloads folder when it exists, else `<dataDir>/handoff` (made and
 * written by the data folder's rules: the folder 0700, the archive 0600).
 */
async function defaultHandoffDir(
  options: HandoffEnvironment & { dataDir: string },
): Promise<{ dir: string; private: boolean }> {
  const downloads = await downloadsFolder(options);
  if (await isFolder(downloads)) return { dir: downloads, private: false };
  const fallback = path.join(options.dataDir, "handoff");
  await ensureDataFolder(options.dataDir, fallback);
  return { dir: fallback, private: true };
}

/** A version as a file-name part: letters, digits, `.`, `_`, `+`, `-` only, at most 64 characters. */
function fileSafe(text: string): string {
  return text
    .replace(/[^A-Za-z0-9._+-]/g, "_")
    .replace(/^[.]+/, "")
    .slice(0, 64);
}

/** The numbered steps for uploading the archive in Claude Desktop (plain words, exact menu names). */
export function desktopUploadSteps(archive: string, name: string, version: string | null): string[] {
  const which = version ? `version ${version}` : "the new version";
  return [
    `Open Claude Desktop, signed in to the account that should have "${name}".`,
    `Go to ${DESKTOP_UPLOAD_PLACES.current} (in earlier versions: ${DESKTOP_UPLOAD_PLACES.earlier}).`,
    `Choose "Add skill" or "Create skill", then "Upload a skill", and pick ${archive} — or open that file itself and let Claude Desktop offer to add it.`,
    `If Claude Desktop asks whether to replace the existing "${name}", confirm.`,
    `Check that "${name}" is turned on, then start a new chat so ${which} is used.`,
    "Skillshelf watches Claude Desktop's skill folders and tells you when the new version has arrived; repeat these steps for each account that has the skill.",
  ];
}

/** Packs for Desktop into `out`; null when a file appeared there meanwhile (the next name is tried). */
async function packInto(dir: string, out: string, mode: number | undefined): Promise<PackResult | null> {
  try {
    return await packSkill(dir, { out, forDesktop: true, ...(mode ? { mode } : {}) });
  } catch (error) {
    if (error instanceof PackRefusedError && error.diagnostics.some((d) => d.code === "pack.out.exists")) return null;
    throw error;
  }
}

/**
 * Packs the new version for Desktop into `NAME-VERSION.skill` and returns it with the steps: one file per version
 * (an identical file already there is reused), a numbered name instead of ever replacing a different file.
 */
export async function prepareDesktopHandoff(newSkillDir: string, options: HandoffOptions): Promise<DesktopHandoff> {
  let outDir = options.outDir;
  let mode: number | undefined;
  if (!outDir) {
    if (!options.dataDir) throw new TypeError("prepareDesktopHandoff needs outDir or dataDir");
    const where = await defaultHandoffDir({ ...options, dataDir: options.dataDir });
    outDir = where.dir;
    if (where.private) mode = DATA_FILE_MODE;
  }
  await mkdir(outDir, { recursive: true });
  const base = `${fileSafe(options.name) || "skill"}${options.version ? `-${fileSafe(options.version)}` : ""}`;
  // Packing is deterministic: the archive is made once aside, and a file already holding the same bytes (the same
  // version handed off before) is offered again instead of another numbered copy.
  const scratch = await mkdtemp(path.join(tmpdir(), "skillshelf-handoff-"));
  let packed: PackResult | null = null;
  try {
    const aside = await packSkill(newSkillDir, { out: path.join(scratch, `${base}.skill`), forDesktop: true });
    const bytes = await readFile(aside.file);
    for (let n = 1; n <= 100 && !packed; n++) {
      const out = path.join(outDir, `${base}${n === 1 ? "" : `-${n}`}.skill`);
      const existing = await lstat(out).catch(() => null);
      if (existing) {
        if (existing.isFile() && existing.size === bytes.length && (await readFile(out)).equals(bytes))
          packed = { ...aside, file: out };
        continue;
      }
      packed = await packInto(newSkillDir, out, mode);
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  if (!packed) {
    throw new PackRefusedError("No free file name.", [
      {
        code: "pack.out.exists",
        severity: "error",
        file: path.join(outDir, `${base}.skill`),
        message: `${base}.skill and 99 numbered variants already exist in ${outDir}, so no new archive was written.`,
        fix: "Remove old archives from that folder and try again.",
      },
    ]);
  }
  if (packed.name !== options.name) {
    await unlink(packed.file).catch(() => undefined);
    throw new PackRefusedError("The skill's name differs.", [
      {
        code: "desktop.handoff.name",
        severity: "error",
        file: path.join(newSkillDir, "SKILL.md"),
        message: `The new version is named "${packed.name}", not "${options.name}", so uploading it would add another skill instead of replacing this one.`,
        fix: "Check that the download is the right skill.",
      },
    ]);
  }
  const version = options.version ?? packed.version;
  return {
    archive: packed.file,
    steps: desktopUploadSteps(packed.file, packed.name, version),
    name: packed.name,
    version,
    contentHash: packed.contentHash,
    files: packed.files,
    moved: packed.moved,
    diagnostics: packed.diagnostics,
  };
}

/** How opening or revealing went, with a sentence to show and, on failure, what the system's opener did. */
export interface SystemOpenResult {
  ok: boolean;
  message: string;
  detail?: string;
}

function runOpener(
  command: string,
  args: string[],
  options: HandoffEnvironment & { exitCodeMatters: boolean },
): Promise<SystemOpenResult> {
  return new Promise((resolve) => {
    execFile(command, args, { env: options.env ?? process.env, timeout: 20_000, windowsHide: true }, (error) => {
      if (!error) return resolve({ ok: true, message: "" });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT")
        return resolve({
          ok: false,
          message: `${command} was not found on this system.`,
        });
      if (typeof code === "number" && !options.exitCodeMatters) return resolve({ ok: true, message: "" });
      if (error.killed) return resolve({ ok: false, message: `${command} did not finish within 20 seconds.` });
      resolve({
        ok: false,
        message: `${command} failed (${typeof code === "number" ? `exit code ${code}` : (code ?? error.message)}).`,
      });
    });
  });
}

/** The system opener's program and arguments for a file, per platform. */
type OpenerCommands = Record<"darwin" | "win32" | "other", [command: string, args: string[]]>;

/** Runs the platform's opener on `file` once it is checked to be a file (explorer's exit code is not trusted). */
async function openFileWith(
  file: string,
  options: HandoffEnvironment,
  commandsFor: (abs: string) => OpenerCommands,
  words: { done: (abs: string) => string; failed: (abs: string) => string },
): Promise<SystemOpenResult> {
  const abs = path.resolve(file);
  const info = await lstat(abs).catch(() => null);
  if (!info?.isFile()) return { ok: false, message: `${abs} is not a file, so it was not opened.` };
  const platform = options.platform ?? process.platform;
  const key = platform === "darwin" || platform === "win32" ? platform : "other";
  const [command, args] = commandsFor(abs)[key];
  const result = await runOpener(command, args, { ...options, exitCodeMatters: key !== "win32" }); // explorer exits 1 even when it worked
  return result.ok
    ? { ok: true, message: words.done(abs) }
    : { ok: false, message: words.failed(abs), detail: result.message };
}

/** Opens a file Skillshelf built with the system (Desktop offers to add a `.skill`): `open`, `explorer`, `xdg-open`. */
export function openWithSystem(file: string, options: HandoffEnvironment = {}): Promise<SystemOpenResult> {
  return openFileWith(
    file,
    options,
    (abs) => ({ darwin: ["open", [abs]], win32: ["explorer.exe", [abs]], other: ["xdg-open", [abs]] }),
    {
      done: (abs) => `Opened ${abs}.`,
      failed: (abs) => `Skillshelf couldn't open Claude Desktop. Open it yourself and upload the file at ${abs}.`,
    },
  );
}

/** Shows the file in its folder: `open -R`, `explorer /select,`, or `xdg-open` on the folder. */
export function revealInFolder(file: string, options: HandoffEnvironment = {}): Promise<SystemOpenResult> {
  return openFileWith(
    file,
    options,
    (abs) => ({
      darwin: ["open", ["-R", abs]],
      win32: ["explorer.exe", [`/select,${abs}`]],
      other: ["xdg-open", [path.dirname(abs)]],
    }),
    {
      done: (abs) => `Showed ${abs} in its folder.`,
      failed: (abs) => `Skillshelf couldn't show the file in its folder. The file is at ${abs}.`,
    },
  );
}
