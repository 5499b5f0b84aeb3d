// Gets the new content of a skill that carries no version: the repository's tarball at the checked branch (GitHub's
// `/repos/O/R/tarball/REF`, unpacked with the install engine's safe extraction), then the skill's folder out of it,
// checked to be exactly the folder the update check saw (same git tree SHA) before it is validated and handed on.
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { renameWithRetry as rename } from "../fs/rename-retry";
import type { Skill, TaskProgress, UpdateInfo } from "../../../shared/model";
import { gitTreeOf } from "../updates/git-tree";
import { parseGithubRepo } from "../updates/repository";
import { downloadGithubTarball } from "./github-tarball";
import { EngineError } from "../errors";
import { extractArchive } from "../archive/extract";
import { recordLockHash, type LockHashResult } from "../transaction/lock-hash";
import { stageSkill, type ObtainedSkill } from "./obtain";

/** Options of obtainFromGithubTree. */
export interface TreeObtainOptions {
  /** GitHub API base (SKILLSHELF_GITHUB_API, else the public API). */
  apiBase: string | undefined;
  dataDir: string;
  expectName: string;
  onProgress?: (p: TaskProgress) => void;
  signal?: AbortSignal;
  maxBytes?: number;
  /** The GitHub token the check used (settings, else GITHUB_TOKEN): a private repository's archive needs it. */
  token?: string;
}

/** What a content update needs from the check: where the folder is upstream and the tree SHA it had. */
export function treeSourceOf(
  info: UpdateInfo | undefined,
): { repo: string; folder: string; branch: string; upstreamHash: string } | null {
  if (
    !info ||
    info.source !== "github-tree" ||
    !info.repository ||
    info.folder === undefined ||
    !info.branch ||
    !info.upstreamHash
  )
    return null;
  return { repo: info.repository, folder: info.folder, branch: info.branch, upstreamHash: info.upstreamHash };
}

/** The single top-level folder GitHub's tarball puts everything under (`OWNER-REPO-SHORTSHA/`). */
async function archiveRoot(unpacked: string, missing: string): Promise<string> {
  const entries = await readdir(unpacked, { withFileTypes: true });
  if (entries.length === 0) throw new EngineError("install.skill.not-found", missing);
  const dirs = entries.filter((e) => e.isDirectory());
  if (dirs.length !== 1 || entries.length !== 1)
    throw new EngineError(
      "install.archive.invalid",
      "GitHub's archive of the repository does not have the one top-level folder it should have.",
    );
  return path.join(unpacked, dirs[0]!.name);
}

/** Downloads the repository at the checked branch and returns the skill's folder from it, validated; throws EngineError. */
export async function obtainFromGithubTree(
  info: UpdateInfo | undefined,
  options: TreeObtainOptions,
): Promise<ObtainedSkill> {
  const source = treeSourceOf(info);
  const repo = parseGithubRepo(source?.repo ?? null);
  if (!source || !repo)
    throw new EngineError(
      "install.no-download",
      "The update check did not say where this skill's folder is on GitHub; run the check again.",
    );
  return stageSkill(options.dataDir, options.expectName, async (stagingDir) => {
    const downloaded = await downloadGithubTarball(repo, source.branch, { ...options, dir: stagingDir }).catch(
      (error: unknown) => {
        if (!options.token && error instanceof EngineError && error.failure === "not-found")
          throw new EngineError(
            "install.download.failed",
            `GitHub has no such folder to download. If ${repo.key} is a private repository, set a GitHub token (Settings → GitHub token, or GITHUB_TOKEN) and update again.`,
            "not-found",
            error.detail,
          );
        throw error;
      },
    );
    const unpacked = path.join(stagingDir, "unpacked");
    // Only the skill's folder is unpacked: the rest of the repository (its links, its size) is none of the update's business.
    const wanted = source.folder.split("/").filter(Boolean).join("/");
    const only = (entryPath: string) => {
      const rest = entryPath.replace(/^\.\//, "").split("/").slice(1).join("/");
      return wanted === "" || rest === wanted || rest === `${wanted}/` || rest.startsWith(`${wanted}/`);
    };
    await extractArchive(downloaded.file, unpacked, { format: "tar.gz", only });
    await rm(downloaded.file, { force: true });
    const root = await archiveRoot(
      unpacked,
      `GitHub's archive of ${repo.key} holds no folder ${source.folder || "/"}.`,
    );
    const folderDir = path.join(root, ...source.folder.split("/").filter(Boolean));
    const relative = path.relative(root, folderDir);
    if (relative.startsWith("..") || path.isAbsolute(relative))
      throw new EngineError(
        "install.skill.not-found",
        "The skill's folder named by the check lies outside the repository.",
      );
    const got = await gitTreeOf(folderDir).catch(() => null);
    if (!got)
      throw new EngineError(
        "install.skill.not-found",
        `GitHub's archive of ${repo.key} holds no folder ${source.folder || "/"}.`,
      );
    if (got.sha !== source.upstreamHash) {
      throw new EngineError(
        "install.content.mismatch",
        `The folder ${source.folder || "/"} in GitHub's archive of ${repo.key} is not the one the update check found (tree ${got.sha.slice(0, 7)}, not ${source.upstreamHash.slice(0, 7)}): it changed since the check. Nothing was changed; check again, then update.`,
      );
    }
    const picked = path.join(stagingDir, "folder");
    await mkdir(picked);
    await rename(folderDir, path.join(picked, "skill"));
    await rm(unpacked, { recursive: true, force: true });
    return {
      unpacked: path.join(picked, "skill"),
      source: `${repo.webUrl}/tree/${source.branch}/${source.folder}`.replace(/\/$/, ""),
    };
  });
}

/** The installer's lock entry names: the folder names the skill is reached by, then its name. */
function lockNames(skill: Skill): string[] {
  return [...new Set([path.basename(skill.dir), ...skill.links.map((l) => path.basename(l)), skill.name])];
}

/**
 * After a content update: when the skill came from the installer's lock and its folder was replaced (its hash moved
 * from `before`, or now equals upstream's), the lock entry records upstream's tree SHA as `npx skills` would. Null when
 * there is nothing to record.
 */
export async function recordContentUpdate(
  skill: Skill,
  info: UpdateInfo,
  before: string | null,
): Promise<LockHashResult | null> {
  const lockFile = skill.lock?.lockFile;
  if (!lockFile || !info.upstreamHash) return null;
  try {
    const after = (await gitTreeOf(skill.realDir).catch(() => null))?.sha ?? null;
    if (after === null || (after === before && after !== info.upstreamHash)) return null;
    return await recordLockHash(lockFile, lockNames(skill), info.upstreamHash);
  } catch (error) {
    // The folder was already swapped: the update stands, only its record in the installer's lock is missing.
    return {
      ok: false,
      reason: `The installer's lock file ${lockFile} was left as it is (${(error as Error).message}).`,
    };
  }
}
