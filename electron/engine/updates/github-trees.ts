// A skill folder's git tree SHA on a repository's default branch, the way the `skills` installer checks for updates:
// one repository request and one recursive Trees request per repository and branch however many skills come from it,
// cached for 24 h with ETag revalidation, one request in flight per key, a damaged cache entry refetched, and the
// folder's own path asked for when the recursive answer is truncated.
import { createHash } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { readTextFile } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";
import { isPlainObject } from "../plugin/diagnostics";
import { githubGetJson, githubUrl } from "./github-http";
import type { GithubRepo } from "./repository";

/** Protocol §Caching: 24 h, as for releases. */
export const TREE_TTL_MS = 24 * 60 * 60 * 1000;
/** A recursive tree of a large repository is several MiB; past this it is not read (the folder is asked for instead). */
const MAX_TREE_BYTES = 16 * 1024 * 1024;
const MAX_SMALL_BYTES = 1024 * 1024;
const MAX_CACHE_FILE_BYTES = 24 * 1024 * 1024;

/** Options of the lookups; every outside dependency is injectable. */
export interface TreeLookupOptions {
  apiBase?: string;
  cacheDir: string;
  /** Settings token or GITHUB_TOKEN; sent only to apiBase's origin, never logged or cached. */
  token?: string;
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
  /** Use the cache only, whatever its age. */
  offline?: boolean;
}

/** One folder upstream: its tree SHA and its files' blob ids (relative to the folder), or why it is not known. */
export type UpstreamFolder =
  | { ok: true; branch: string; sha: string; files: Map<string, string> | null; fromCache: boolean }
  | { ok: false; reason: string; missing?: boolean };

/** The recursive tree of a branch as kept: folder and file ids by path. */
interface BranchTree {
  sha: string;
  truncated: boolean;
  trees: Record<string, string>;
  blobs: Record<string, string>;
}

interface CacheEntry<T> {
  fetched_at: number;
  etag?: string;
  data: T;
}

type Shape<T> = (data: unknown) => data is T;

const isStringRecord = (v: unknown): v is Record<string, string> =>
  isPlainObject(v) && Object.values(v).every((x) => typeof x === "string");
const isRepoInfo: Shape<{ default_branch: string }> = (v): v is { default_branch: string } =>
  isPlainObject(v) && typeof v.default_branch === "string" && v.default_branch !== "";
const isBranchTree: Shape<BranchTree> = (v): v is BranchTree =>
  isPlainObject(v) &&
  typeof v.sha === "string" &&
  typeof v.truncated === "boolean" &&
  isStringRecord(v.trees) &&
  isStringRecord(v.blobs);
const isFolderSha: Shape<{ sha: string | null }> = (v): v is { sha: string | null } =>
  isPlainObject(v) && (v.sha === null || typeof v.sha === "string");

/** Git object ids as GitHub writes them. */
const SHA = /^[0-9a-f]{40}$/;

/** Lookups of repositories' default branches and trees sharing one cache and one in-flight request per key. */
export class GithubTrees {
  readonly #options: Omit<TreeLookupOptions, "token">;
  readonly #token: string | undefined;
  readonly #inFlight = new Map<string, Promise<unknown>>();
  readonly #dir: string;

  constructor(options: TreeLookupOptions) {
    const { token, ...rest } = options;
    this.#options = rest;
    this.#token = token || undefined;
    this.#dir = path.join(options.cacheDir, "github-trees");
  }

  /** The folder at `folderPath` ("" for the root) on the repository's default branch. Never rejects. */
  async folder(repo: GithubRepo, folderPath: string): Promise<UpstreamFolder> {
    const clean = folderPath.replace(/^\/+|\/+$/g, "");
    const info = await this.#cached(
      `repo:${repo.key}`,
      `/repos/${enc(repo.owner)}/${enc(repo.repo)}`,
      MAX_SMALL_BYTES,
      isRepoInfo,
      (body) =>
        isPlainObject(body) && typeof body.default_branch === "string" ? { default_branch: body.default_branch } : null,
    );
    if (!info.ok) return info;
    const branch = info.data.default_branch;
    const tree = await this.#cached(
      `tree:${repo.key}@${branch}`,
      `/repos/${enc(repo.owner)}/${enc(repo.repo)}/git/trees/${enc(branch)}?recursive=1`,
      MAX_TREE_BYTES,
      isBranchTree,
      toBranchTree,
    );
    const fromCache = info.fromCache && tree.ok && tree.fromCache;
    if (tree.ok) {
      const sha = clean === "" ? tree.data.sha : tree.data.trees[clean];
      if (sha)
        return { ok: true, branch, sha, files: filesUnder(tree.data.blobs, clean, tree.data.truncated), fromCache };
      if (!tree.data.truncated)
        return {
          ok: false,
          missing: true,
          reason: `The folder ${clean || "/"} is not on the default branch (${branch}) of ${repo.key}.`,
        };
    }
    const parent = clean.includes("/") ? clean.slice(0, clean.lastIndexOf("/")) : "";
    const name = clean.slice(clean.lastIndexOf("/") + 1);
    const listing = await this.#cached(
      `folder:${repo.key}@${branch}:${clean}`,
      `/repos/${enc(repo.owner)}/${enc(repo.repo)}/contents/${parent.split("/").map(enc).join("/")}?ref=${enc(branch)}`,
      MAX_SMALL_BYTES,
      isFolderSha,
      (body) => {
        if (!Array.isArray(body)) return null;
        const entry = body.find(
          (e) =>
            isPlainObject(e) && e.name === name && e.type === "dir" && typeof e.sha === "string" && SHA.test(e.sha),
        ) as { sha: string } | undefined;
        return { sha: entry?.sha ?? null };
      },
    );
    if (!listing.ok) return listing;
    if (!listing.data.sha)
      return {
        ok: false,
        missing: true,
        reason: `The folder ${clean} is not on the default branch (${branch}) of ${repo.key}.`,
      };
    return { ok: true, branch, sha: listing.data.sha, files: null, fromCache: fromCache && listing.fromCache };
  }

  /** Where a skill named `name` lives in the repository (`skills/NAME` first, else the shortest `…/NAME/SKILL.md`). */
  async locateSkill(
    repo: GithubRepo,
    name: string,
  ): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
    const info = await this.#cached(
      `repo:${repo.key}`,
      `/repos/${enc(repo.owner)}/${enc(repo.repo)}`,
      MAX_SMALL_BYTES,
      isRepoInfo,
      (body) =>
        isPlainObject(body) && typeof body.default_branch === "string" ? { default_branch: body.default_branch } : null,
    );
    if (!info.ok) return info;
    const branch = info.data.default_branch;
    const tree = await this.#cached(
      `tree:${repo.key}@${branch}`,
      `/repos/${enc(repo.owner)}/${enc(repo.repo)}/git/trees/${enc(branch)}?recursive=1`,
      MAX_TREE_BYTES,
      isBranchTree,
      toBranchTree,
    );
    if (!tree.ok) return tree;
    const found = skillFolderIn(Object.keys(tree.data.blobs), name);
    if (found !== null) return { ok: true, path: found };
    return {
      ok: false,
      reason: tree.data.truncated
        ? `${repo.key} is too large for GitHub to list in one answer, and the skill's folder there is not known.`
        : `No folder holding ${name}/SKILL.md is on the default branch (${branch}) of ${repo.key}.`,
    };
  }

  /** A cached answer when fresh, else a (conditional) request; one request in flight per key. */
  #cached<T>(
    key: string,
    apiPath: string,
    maxBytes: number,
    shape: Shape<T>,
    parse: (body: unknown) => T | null,
  ): Promise<{ ok: true; data: T; fromCache: boolean } | { ok: false; reason: string }> {
    const running = this.#inFlight.get(key) as
      Promise<{ ok: true; data: T; fromCache: boolean } | { ok: false; reason: string }> | undefined;
    if (running) return running;
    const work = this.#lookup(key, apiPath, maxBytes, shape, parse)
      .catch(() => ({ ok: false as const, reason: "The lookup on GitHub failed unexpectedly." }))
      .finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, work);
    return work;
  }

  async #lookup<T>(
    key: string,
    apiPath: string,
    maxBytes: number,
    shape: Shape<T>,
    parse: (body: unknown) => T | null,
  ): Promise<{ ok: true; data: T; fromCache: boolean } | { ok: false; reason: string }> {
    const now = (this.#options.now ?? Date.now)();
    const entry = await this.#read(key, shape);
    if (entry && now - entry.fetched_at < (this.#options.ttlMs ?? TREE_TTL_MS) && entry.fetched_at <= now)
      return { ok: true, data: entry.data, fromCache: true };
    if (this.#options.offline)
      return entry
        ? { ok: true, data: entry.data, fromCache: true }
        : { ok: false, reason: "Offline, and this repository's folders are not cached yet." };
    const url = githubUrl(this.#options.apiBase, apiPath);
    if (!url) return { ok: false, reason: "The GitHub API address is not a valid URL." };
    const answer = await githubGetJson(url, {
      token: this.#token,
      etag: entry?.etag,
      timeoutMs: this.#options.timeoutMs ?? 5000,
      maxBytes,
    });
    if (answer.kind === "not-modified" && entry) {
      await this.#write(key, { ...entry, fetched_at: now });
      return { ok: true, data: entry.data, fromCache: true };
    }
    if (answer.kind === "ok") {
      const data = parse(answer.body);
      if (!data) return { ok: false, reason: "GitHub's answer did not have the expected shape." };
      await this.#write(key, answer.etag ? { fetched_at: now, etag: answer.etag, data } : { fetched_at: now, data });
      return { ok: true, data, fromCache: false };
    }
    if (answer.kind === "not-modified")
      return { ok: false, reason: "GitHub said nothing changed, but nothing is cached." };
    return { ok: false, reason: answer.reason };
  }

  #fileOf(key: string): string {
    const readable = key.replace(/[^a-z0-9_.-]+/gi, "__").slice(0, 80);
    return path.join(this.#dir, `${readable}-${createHash("sha256").update(key).digest("hex").slice(0, 12)}.json`);
  }

  async #read<T>(key: string, shape: Shape<T>): Promise<CacheEntry<T> | null> {
    const file = this.#fileOf(key);
    const read = await readTextFile(file, { maxBytes: MAX_CACHE_FILE_BYTES });
    if (!read.ok) return null;
    let value: unknown;
    try {
      value = JSON.parse(read.text);
    } catch {
      value = null;
    }
    if (
      isPlainObject(value) &&
      typeof value.fetched_at === "number" &&
      Number.isFinite(value.fetched_at) &&
      (value.etag === undefined || typeof value.etag === "string") &&
      shape(value.data)
    ) {
      return value as unknown as CacheEntry<T>;
    }
    await rm(file, { force: true }).catch(() => undefined);
    return null;
  }

  async #write<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    try {
      await mkdir(this.#dir, { recursive: true });
      await writeFileAtomic(this.#fileOf(key), JSON.stringify(entry) + "\n", { mode: 0o600 });
    } catch {
      /* an unwritable cache only costs a request next time */
    }
  }
}

const enc = (s: string) => encodeURIComponent(s);

/** Keeps what a content check needs of a Trees answer: every folder's and file's id by path. */
function toBranchTree(body: unknown): BranchTree | null {
  if (!isPlainObject(body) || typeof body.sha !== "string" || !SHA.test(body.sha) || !Array.isArray(body.tree))
    return null;
  const trees: Record<string, string> = {};
  const blobs: Record<string, string> = {};
  for (const item of body.tree) {
    if (!isPlainObject(item) || typeof item.path !== "string" || typeof item.sha !== "string" || !SHA.test(item.sha))
      continue;
    if (item.type === "tree") trees[item.path] = item.sha;
    else if (item.type === "blob") blobs[item.path] = item.sha;
  }
  return { sha: body.sha, truncated: body.truncated === true, trees, blobs };
}

/** The blob ids under a folder, relative to it; null when a truncated tree cannot list them all. */
function filesUnder(blobs: Record<string, string>, folder: string, truncated: boolean): Map<string, string> | null {
  if (truncated) return null;
  const prefix = folder === "" ? "" : `${folder}/`;
  const files = new Map<string, string>();
  for (const [p, sha] of Object.entries(blobs)) if (p.startsWith(prefix)) files.set(p.slice(prefix.length), sha);
  return files;
}

/** The folder holding `NAME/SKILL.md` in a repository's tree: `skills/NAME` first, else the shortest such path. */
export function skillFolderIn(paths: Iterable<string>, name: string): string | null {
  const candidates = [...paths]
    .filter((p) => p === `${name}/SKILL.md` || p.endsWith(`/${name}/SKILL.md`))
    .map((p) => p.slice(0, -"/SKILL.md".length));
  if (candidates.includes(`skills/${name}`)) return `skills/${name}`;
  candidates.sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
  return candidates[0] ?? null;
}
