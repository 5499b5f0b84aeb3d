// Latest GitHub release per repository, the way the protocol's server section says: a 24 h cache with
// ETag revalidation, one in-flight request per repository, 3 s timeout, and "unknown" instead of exceptions.
import { VERSION } from "../version";
import { capWords, MAX_RELEASE_BODY_BYTES, readCappedText } from "./capped-body";
import { ReleaseCache, type ReleaseCacheEntry } from "./release-cache";
import {
  fetchChecksums,
  ReleaseDownloadsCache,
  releaseFiles,
  releaseNotesOf,
  withChecksums,
} from "./release-downloads";
import type { UpdateDownload } from "../../../shared/model";
import { normalizeVersion } from "../../../shared/version";
import type { GithubRepo } from "./repository";

/** The public API, used unless SKILLSHELF_GITHUB_API says otherwise. */
export const DEFAULT_GITHUB_API = "https://api.github.com";
/** Protocol §Caching: 24 h. */
export const RELEASE_TTL_MS = 24 * 60 * 60 * 1000;
/** Why a lookup failed when the network is unreachable. */
export const OFFLINE_REASON =
  "Offline: GitHub could not be reached (the network is unreachable), so the latest version is not known.";
/** Why a lookup failed when GitHub's rate limit is used up, with where a token is set. */
export const RATE_LIMIT_REASON =
  "GitHub's rate limit for this network is used up; a GitHub token raises the limit: set one in Settings → GitHub token, or in the GITHUB_TOKEN environment variable.";
/** A release tag longer than this is not used (it would make release URLs past 2,048 characters). */
const MAX_TAG_LENGTH = 256;
/** A release lookup that takes longer is given up. */
const DEFAULT_RELEASE_TIMEOUT_MS = 3000;

/** Options of the lookup; every outside dependency is injectable. */
export interface ReleaseLookupOptions {
  apiBase?: string;
  cacheDir: string;
  /** Settings token or GITHUB_TOKEN; sent only to apiBase's origin, never logged or cached. */
  token?: string;
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
  /** Use the cache only, whatever its age. */
  offline?: boolean;
  log?: (line: string) => void;
  /** Cap on the answer's body while it streams (default MAX_RELEASE_BODY_BYTES). */
  maxBodyBytes?: number;
}

/** The latest release of one repository, or why it is unknown. */
export type ReleaseResult =
  | {
      ok: true;
      tag: string;
      version: string | null;
      releaseUrl: string;
      fromCache: boolean;
      downloads: UpdateDownload[];
      notes?: string;
    }
  | { ok: false; reason: string };

/** Latest-release lookups sharing one cache and one in-flight request per repository. */
export class ReleaseLookup {
  readonly #cache: ReleaseCache;
  readonly #downloads: ReleaseDownloadsCache;
  readonly #inFlight = new Map<string, Promise<ReleaseResult>>();
  readonly #options: ReleaseLookupOptions;
  readonly #token: string | undefined;

  constructor(options: ReleaseLookupOptions) {
    const { token, ...rest } = options;
    this.#options = rest;
    this.#token = token || undefined;
    this.#cache = new ReleaseCache(options.cacheDir);
    this.#downloads = new ReleaseDownloadsCache(options.cacheDir);
  }

  /** The latest release of `repo`; concurrent callers for one repository share one request. Never rejects. */
  latest(repo: GithubRepo): Promise<ReleaseResult> {
    const running = this.#inFlight.get(repo.key);
    if (running) return running;
    const work = this.#lookup(repo)
      .catch((): ReleaseResult => ({ ok: false, reason: "The release lookup failed unexpectedly." }))
      .finally(() => this.#inFlight.delete(repo.key));
    this.#inFlight.set(repo.key, work);
    return work;
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }

  async #answer(
    repo: GithubRepo,
    entry: ReleaseCacheEntry,
    fromCache: boolean,
    fresh?: { downloads: UpdateDownload[]; notes: string | null },
  ): Promise<ReleaseResult> {
    const files = fresh?.downloads ?? (await this.#downloads.read(repo.key, entry.tag)) ?? [];
    const notes = fresh ? fresh.notes : await this.#downloads.readNotes(repo.key, entry.tag);
    return {
      ok: true,
      tag: entry.tag,
      version: normalizeVersion(entry.tag),
      releaseUrl: `${repo.webUrl}/releases/tag/${encodeURIComponent(entry.tag)}`,
      fromCache,
      downloads: files,
      ...(notes ? { notes } : {}),
    };
  }

  /** The release's downloads, with the checksums its SHA256SUMS asset publishes; recorded beside the cache entry. */
  async #filesOf(
    repo: GithubRepo,
    tag: string,
    body: unknown,
  ): Promise<{ downloads: UpdateDownload[]; notes: string | null }> {
    const files = releaseFiles(body);
    const sums = files.checksumUrl
      ? await fetchChecksums(files.checksumUrl, {
          timeoutMs: this.#options.timeoutMs ?? DEFAULT_RELEASE_TIMEOUT_MS,
          userAgent: `skillshelf/${VERSION}`,
        })
      : null;
    const downloads = sums ? withChecksums(files.downloads, sums) : files.downloads;
    const notes = releaseNotesOf(body);
    await this.#downloads.write(repo.key, tag, downloads, notes);
    return { downloads, notes };
  }

  async #lookup(repo: GithubRepo): Promise<ReleaseResult> {
    const entry = await this.#cache.read(repo.key);
    const ttl = this.#options.ttlMs ?? RELEASE_TTL_MS;
    if (entry && this.#now() - entry.fetched_at < ttl && entry.fetched_at <= this.#now())
      return this.#answer(repo, entry, true);
    if (this.#options.offline) {
      return entry
        ? this.#answer(repo, entry, true)
        : { ok: false, reason: "Offline, and no release of this repository is cached yet." };
    }
    const response = await this.#request(repo, entry?.etag);
    if ("reason" in response) return { ok: false, reason: response.reason };
    if (response.status === 304 && entry) {
      const refreshed = { ...entry, fetched_at: this.#now() };
      await this.#cache.write(repo.key, refreshed);
      return this.#answer(repo, refreshed, true);
    }
    if (response.status === 200) {
      const tag = (response.body as { tag_name?: unknown } | null)?.tag_name;
      if (typeof tag !== "string" || tag === "")
        return { ok: false, reason: "GitHub's answer did not name a release tag." };
      if (tag.length > MAX_TAG_LENGTH)
        return {
          ok: false,
          reason: `GitHub's answer names a release tag longer than ${MAX_TAG_LENGTH} characters, so it was not used.`,
        };
      const fresh: ReleaseCacheEntry = { tag, fetched_at: this.#now() };
      if (response.etag) fresh.etag = response.etag;
      const files = await this.#filesOf(repo, tag, response.body);
      await this.#cache.write(repo.key, fresh);
      return this.#answer(repo, fresh, false, files);
    }
    return { ok: false, reason: describeStatus(response.status, response.rateLimited) };
  }

  async #request(
    repo: GithubRepo,
    etag: string | undefined,
  ): Promise<{ status: number; body: unknown; etag?: string; rateLimited: boolean } | { reason: string }> {
    const base = (this.#options.apiBase || DEFAULT_GITHUB_API).replace(/\/+$/, "");
    let url: URL;
    try {
      url = new URL(`${base}/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}/releases/latest`);
    } catch {
      return { reason: "The GitHub API address is not a valid URL." };
    }
    const origin = url.origin;
    const headers: Record<string, string> = {
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      "user-agent": `skillshelf/${VERSION}`,
    };
    if (etag) headers["if-none-match"] = etag;
    if (this.#token) headers.authorization = `Bearer ${this.#token}`;
    const signal = AbortSignal.timeout(this.#options.timeoutMs ?? DEFAULT_RELEASE_TIMEOUT_MS);
    try {
      for (let hop = 0; hop < 3; hop++) {
        const response = await fetch(url, { headers, redirect: "manual", signal });
        const location = response.headers.get("location");
        if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
          await response.body?.cancel();
          const next = new URL(location, url);
          if (next.origin !== origin)
            return { reason: "GitHub redirected the lookup to another site; it was not followed." };
          url = next;
          continue;
        }
        const read =
          response.status === 200
            ? await readCappedText(response, this.#options.maxBodyBytes ?? MAX_RELEASE_BODY_BYTES)
            : (await response.body?.cancel(), { ok: true as const, text: "" });
        if (!read.ok)
          return {
            reason: `GitHub's answer was larger than ${capWords(read.maxBytes)}, so it was not read and the latest version is not known.`,
          };
        const text = read.text;
        let body: unknown = null;
        if (response.status === 200) {
          try {
            body = JSON.parse(text);
          } catch {
            return { reason: "GitHub's answer was not valid JSON." };
          }
        }
        const rateLimited = response.headers.get("x-ratelimit-remaining") === "0" || response.status === 429;
        return { status: response.status, body, etag: response.headers.get("etag") ?? undefined, rateLimited };
      }
      return { reason: "Too many redirects." };
    } catch (error) {
      const name = (error as Error).name;
      this.#options.log?.(`release lookup ${repo.key}: ${name}`);
      return {
        reason: name === "TimeoutError" || name === "AbortError" ? "GitHub did not answer in time." : OFFLINE_REASON,
      };
    }
  }
}

function describeStatus(status: number, rateLimited: boolean): string {
  if (status === 403 || status === 429) return rateLimited ? RATE_LIMIT_REASON : "GitHub refused the request.";
  if (status === 404) return "The repository has no published release (or is not public).";
  if (status === 304) return "GitHub said nothing changed, but nothing is cached.";
  if (status >= 500) return `GitHub had a server error (HTTP ${status}).`;
  return `GitHub answered HTTP ${status}.`;
}
