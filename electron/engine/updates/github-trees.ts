// A skill folder's git tree SHA on a repository's default branch, the way the `skills` installer checks for updates:
// one repository request and one recursive Trees request per repository and branch however many skills come from it,
// cached for 24 h with ETag revalidation (at once for a check the user asked for), one request in flight per key, a
// damaged cache entry refetched, and the folder's own path asked for when the recursive answer is truncated.
import path from "node:path";
import { isPlainObject } from "../plugin/diagnostics";
import { githubGetJson, githubUrl, SharedLookups, type GithubLookupOptions } from "./github-http";
import { JsonCacheFolder } from "./json-cache-folder";
import type { GithubRepo } from "./repository";

/** Protocol §Caching: 24 h, as for releases. Exported for tests: their clock steps past it. */
export const TREE_TTL_MS = 24 * 60 * 60 * 1000;
/** A recursive tree of a large repository is several MiB; past this it is not read (the folder is asked for instead). */
const MAX_TREE_BYTES = 16 * 1024 * 1024;
const MAX_SMALL_BYTES = 1024 * 1024;
const MAX_CACHE_FILE_BYTES = 24 * 1024 * 1024;

/** Options of the lookups; every outside dependency is injectable. */
export type TreeLookupOptions = GithubLookupOptions;

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

/** One cached request: its cache key, API path, body cap, the cached data's shape and how an answer becomes it. */
interface CachedAsk<T> {
  key: string;
  apiPath: string;
  maxBytes: number;
  shape: Shape<T>;
  parse: (body: unknown) => T | null;
}

/** A cached or fetched answer, or why there is none. */
type Looked<T> = { ok: true; data: T; fromCache: boolean } | { ok: false; reason: string };

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
  readonly #inFlight = new SharedLookups();
  readonly #files: JsonCacheFolder;
  /** Keys asked of GitHub by this lookup's life: a refreshing check revalidates each once, not once per skill. */
  readonly #asked = new Set<string>();

  constructor(options: TreeLookupOptions) {
    const { token, ...rest } = options;
    this.#options = rest;
    this.#token = token || undefined;
    this.#files = new JsonCacheFolder(path.join(options.cacheDir, "github-trees"), MAX_CACHE_FILE_BYTES);
  }

  /** The folder at `folderPath` ("" for the root) on the repository's default branch. Never rejects. */
  async folder(repo: GithubRepo, folderPath: string): Promise<UpstreamFolder> {
    const clean = folderPath.replace(/^\/+|\/+$/g, "");
    const found = await this.#branchTree(repo);
    if (!found.ok) return found;
    const { branch, tree } = found;
    const fromCache = found.infoFromCache && tree.ok && tree.fromCache;
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
    const listing = await this.#cached({
      key: `folder:${repo.key}@${branch}:${clean}`,
      apiPath: `/repos/${enc(repo.owner)}/${enc(repo.repo)}/contents/${parent.split("/").map(enc).join("/")}?ref=${enc(branch)}`,
      maxBytes: MAX_SMALL_BYTES,
      shape: isFolderSha,
      parse: (body) => {
        if (!Array.isArray(body)) return null;
        const entry = body.find(
          (e) =>
            isPlainObject(e) && e.name === name && e.type === "dir" && typeof e.sha === "string" && SHA.test(e.sha),
        ) as { sha: string } | undefined;
        return { sha: entry?.sha ?? null };
      },
    });
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
    const found = await this.#branchTree(repo);
    if (!found.ok) return found;
    const { branch, tree } = found;
    if (!tree.ok) return tree;
    const folder = skillFolderIn(Object.keys(tree.data.blobs), name);
    if (folder !== null) return { ok: true, path: folder };
    return {
      ok: false,
      reason: tree.data.truncated
        ? `${repo.key} is too large for GitHub to list in one answer, and the skill's folder there is not known.`
        : `No folder holding ${name}/SKILL.md is on the default branch (${branch}) of ${repo.key}.`,
    };
  }

  /** The repository's default branch and that branch's recursive tree (or why the tree is not known). */
  async #branchTree(
    repo: GithubRepo,
  ): Promise<
    { ok: true; branch: string; infoFromCache: boolean; tree: Looked<BranchTree> } | { ok: false; reason: string }
  > {
    const info = await this.#cached({
      key: `repo:${repo.key}`,
      apiPath: `/repos/${enc(repo.owner)}/${enc(repo.repo)}`,
      maxBytes: MAX_SMALL_BYTES,
      shape: isRepoInfo,
      parse: (body) =>
        isPlainObject(body) && typeof body.default_branch === "string" ? { default_branch: body.default_branch } : null,
    });
    if (!info.ok) return info;
    const branch = info.data.default_branch;
    const tree = await this.#cached({
      key: `tree:${repo.key}@${branch}`,
      apiPath: `/repos/${enc(repo.owner)}/${enc(repo.repo)}/git/trees/${enc(branch)}?recursive=1`,
      maxBytes: MAX_TREE_BYTES,
      shape: isBranchTree,
      parse: toBranchTree,
    });
    return { ok: true, branch, infoFromCache: info.fromCache, tree };
  }

  /** A cached answer when fresh, else a (conditional) request; one request in flight per key. */
  #cached<T>(ask: CachedAsk<T>): Promise<Looked<T>> {
    return this.#inFlight.run(
      ask.key,
      () => this.#lookup(ask),
      (): Looked<T> => ({ ok: false, reason: "The lookup on GitHub failed unexpectedly." }),
    );
  }

  async #lookup<T>({ key, apiPath, maxBytes, shape, parse }: CachedAsk<T>): Promise<Looked<T>> {
    const now = (this.#options.now ?? Date.now)();
    const entry = await this.#read(key, shape);
    const fresh = entry && now - entry.fetched_at < (this.#options.ttlMs ?? TREE_TTL_MS) && entry.fetched_at <= now;
    if (entry && fresh && (!this.#options.refresh || this.#asked.has(key)))
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
    if (answer.kind === "ok" || answer.kind === "not-modified") this.#asked.add(key);
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

  #read<T>(key: string, shape: Shape<T>): Promise<CacheEntry<T> | null> {
    return this.#files.read(key, (value) =>
      isPlainObject(value) &&
      typeof value.fetched_at === "number" &&
      Number.isFinite(value.fetched_at) &&
      (value.etag === undefined || typeof value.etag === "string") &&
      shape(value.data)
        ? (value as unknown as CacheEntry<T>)
        : null,
    );
  }

  #write<T>(key: string, entry: CacheEntry<T>): Promise<void> {
    return this.#files.write(key, JSON.stringify(entry) + "\n");
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
function skillFolderIn(paths: Iterable<string>, name: string): string | null {
  const candidates = [...paths]
    .filter((p) => p === `${name}/SKILL.md` || p.endsWith(`/${name}/SKILL.md`))
    .map((p) => p.slice(0, -"/SKILL.md".length));
  if (candidates.includes(`skills/${name}`)) return `skills/${name}`;
  candidates.sort((a, b) => a.split("/").length - b.split("/").length || (a < b ? -1 : 1));
  return candidates[0] ?? null;
}
