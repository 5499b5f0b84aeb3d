// What was installed in a skill's folder, so "Show my changes" compares the person's copy with it and not with the
// source as it is now: the tree the `skills` installer recorded (its skillFolderHash, a git tree SHA) read from GitHub's
// Trees API at that SHA, and a file's content from the Blobs API, each checked against its id. Skillshelf keeps no
// copy of what it installed (its manifest holds only SHA-256s; backups hold the copies it replaced), so the network
// is the one place the installed content comes from. Every answer is capped, time-limited and never trusted blindly.
import type { Skill } from "../../../shared/model";
import { isPlainObject } from "../plugin/diagnostics";
import { INSTALLER_HASH } from "../skill-lock/folder-hash";
import { gitObjectId } from "./git-tree";
import { githubGetJson, githubUrl } from "./github-http";
import { parseGithubRepo, type GithubRepo } from "./repository";

/** A folder's tree answer larger than this is not read (a skill's folder lists in a few KiB). */
const MAX_TREE_BYTES = 4 * 1024 * 1024;
/** Files a recorded tree may list; past it what was installed is not known (as hashing a folder refuses past 10,000). */
const MAX_BASELINE_FILES = 10_000;
/** Largest installed file read back to show its changes (the update review's limit). */
export const MAX_BASELINE_FILE_BYTES = 512 * 1024;
/** A blob answer is base64 in JSON: a third larger than the file, plus a little. */
const MAX_BLOB_ANSWER_BYTES = Math.ceil((MAX_BASELINE_FILE_BYTES * 4) / 3) + 64 * 1024;
const GIT_SHA = /^[0-9a-f]{40}$/;

/** One installed file: its blob id, git mode and size as the recorded tree lists them. */
export interface BaselineFile {
  sha: string;
  mode: string;
  size: number | null;
}

/** A file's content as installed, or why it cannot be shown. */
export type BaselineContent = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** What was installed: each file (relative to the skill's folder) and a way to read one's content. */
export interface InstalledBaseline {
  /** The tree id the lock recorded. */
  treeSha: string;
  repository: string;
  files: Map<string, BaselineFile>;
  content(rel: string): Promise<BaselineContent>;
}

/** What was installed, or why it is not known (a sentence for a person). */
export type BaselineResult = { ok: true; baseline: InstalledBaseline } | { ok: false; reason: string };

/** Where GitHub is and how long each request may take. */
export interface BaselineOptions {
  /** The one GitHub API address (githubApiOf). */
  apiBase: string;
  token?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The repository the lock names, when it is on GitHub. */
function lockRepo(skill: Skill): GithubRepo | null {
  const lock = skill.lock;
  return lock ? (parseGithubRepo(lock.sourceUrl) ?? parseGithubRepo(lock.source)) : null;
}

/** The files of a Trees answer, or why it cannot be used. */
function filesOfTree(body: unknown): Map<string, BaselineFile> | string {
  if (!isPlainObject(body) || !Array.isArray(body.tree)) return "GitHub's answer did not have the expected shape.";
  if (body.truncated === true) return "GitHub listed only part of the installed folder.";
  if (body.tree.length > MAX_BASELINE_FILES) return `The installed folder lists more than ${MAX_BASELINE_FILES} files.`;
  const files = new Map<string, BaselineFile>();
  for (const item of body.tree) {
    if (!isPlainObject(item) || item.type !== "blob") continue;
    const { path, sha, mode, size } = item;
    if (typeof path !== "string" || typeof sha !== "string" || !GIT_SHA.test(sha) || typeof mode !== "string") continue;
    if (path === "" || path.length > 4096 || path.split("/").some((p) => p === "" || p === "." || p === "..")) continue;
    files.set(path, { sha, mode, size: typeof size === "number" && Number.isFinite(size) ? size : null });
  }
  return files;
}

/**
 * What was installed in `skill`'s folder, read at the tree SHA its lock recorded; or why that is not known (no lock
 * record, the installer's own SHA-256 instead of a tree id, no GitHub repository, or GitHub could not give that tree).
 */
export async function installedBaseline(skill: Skill, options: BaselineOptions): Promise<BaselineResult> {
  const recorded = skill.lock?.skillFolderHash ?? null;
  if (!recorded) return { ok: false, reason: "No record says what was installed in this folder." };
  if (INSTALLER_HASH.test(recorded))
    return {
      ok: false,
      reason: "The skills installer recorded only a fingerprint of what it installed, not where to read it back.",
    };
  const sha = recorded.toLowerCase();
  if (!GIT_SHA.test(sha)) return { ok: false, reason: "The installer's record of what it installed is not readable." };
  const repo = lockRepo(skill);
  if (!repo) return { ok: false, reason: "What was installed came from a source that is not on GitHub." };
  const ask = (apiPath: string, maxBytes: number) => {
    const url = githubUrl(options.apiBase, `/repos/${enc(repo.owner)}/${enc(repo.repo)}${apiPath}`);
    if (!url) return Promise.resolve({ kind: "failed", reason: "The GitHub API address is not a valid URL." } as const);
    return githubGetJson(url, {
      timeoutMs: options.timeoutMs ?? 10_000,
      maxBytes,
      ...(options.token ? { token: options.token } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  };
  const tree = await ask(`/git/trees/${sha}?recursive=1`, MAX_TREE_BYTES);
  if (tree.kind !== "ok")
    return {
      ok: false,
      reason:
        tree.kind === "status" && tree.status === 404
          ? `${repo.key} on GitHub no longer has the version that was installed.`
          : `The version that was installed could not be read from GitHub: ${"reason" in tree ? tree.reason : "no answer."}`,
    };
  const files = filesOfTree(tree.body);
  if (typeof files === "string") return { ok: false, reason: files };
  const content = async (rel: string): Promise<BaselineContent> => {
    const file = files.get(rel);
    if (!file) return { ok: false, reason: "not in the installed version" };
    if (file.size !== null && file.size > MAX_BASELINE_FILE_BYTES) return { ok: false, reason: "too large to show" };
    const blob = await ask(`/git/blobs/${file.sha}`, MAX_BLOB_ANSWER_BYTES);
    if (blob.kind !== "ok") return { ok: false, reason: "its installed version could not be read from GitHub" };
    const body = blob.body;
    if (!isPlainObject(body) || typeof body.content !== "string" || body.encoding !== "base64")
      return { ok: false, reason: "GitHub's answer for its installed version was not usable" };
    const bytes = Buffer.from(body.content.replace(/\s+/g, ""), "base64");
    if (bytes.length > MAX_BASELINE_FILE_BYTES) return { ok: false, reason: "too large to show" };
    if (gitObjectId("blob", bytes) !== file.sha)
      return { ok: false, reason: "GitHub's answer for its installed version did not match the recorded one" };
    return { ok: true, bytes };
  };
  return { ok: true, baseline: { treeSha: sha, repository: repo.key, files, content } };
}

const enc = (s: string) => encodeURIComponent(s);
