// Latest GitHub release per repository, the way the protocol's server section says: a 24 h cache with
// ETag revalidation, one in-flight request per repository, 3 s timeout, and "unknown" instead of exceptions.
import { VERSION } from "../version";
import { capWords, MAX_RELEASE_BODY_BYTES } from "./capped-body";
import { githubGetJson, githubUrl, SharedLookups, type GithubGetResult, type GithubLookupOptions } from "./github-http";
import { ReleaseCache, type ReleaseCacheEntry } from "./release-cache";
import {
  fetchChecksums,
  ReleaseDownloadsCache,
  releaseFiles,
  releaseNotesOf,
  withChecksums,
} from "./release-downloads";
import type { FailureCause, UpdateDownload } from "../../../shared/model";
import { normalizeVersion } from "../../../shared/version";
import type { GithubRepo } from "./repository";

/** Protocol §Caching: 24 h. Exported for tests: their clock steps to either side of it. */
export const RELEASE_TTL_MS = 24 * 60 * 60 * 1000;
/** Why a lookup failed when the network is unreachable. */
const OFFLINE_REASON =
  "Offline: GitHub could not be reached (the network is unreachable), so the latest version is not known.";
/** A release tag longer than this is not used (it would make release URLs past 2,048 characters). */
const MAX_TAG_LENGTH = 256;
/** A release lookup that takes longer is given up. */
const DEFAULT_RELEASE_TIMEOUT_MS = 3000;

/** Options of the lookup; every outside dependency is injectable. */
export interface ReleaseLookupOptions extends GithubLookupOptions {
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
  | { ok: false; reason: string; cause: FailureCause };

/** Latest-release lookups sharing one cache and one in-flight request per repository. */
export class ReleaseLookup {
  readonly #cache: ReleaseCache;
  readonly #downloads: ReleaseDownloadsCache;
  readonly #inFlight = new SharedLookups();
  readonly #options: ReleaseLookupOptions;
  readonly #token: string | undefined;
  /** Repositories asked of GitHub by this lookup's life: a refreshing check revalidates each once. */
  readonly #asked = new Set<string>();

  constructor(options: ReleaseLookupOptions) {
    const { token, ...rest } = options;
    this.#options = rest;
    this.#token = token || undefined;
    this.#cache = new ReleaseCache(options.cacheDir);
    this.#downloads = new ReleaseDownloadsCache(options.cacheDir);
  }

  /** The latest release of `repo`; concurrent callers for one repository share one request. Never rejects. */
  latest(repo: GithubRepo): Promise<ReleaseResult> {
    return this.#inFlight.run(
      repo.key,
      () => this.#lookup(repo),
      (): ReleaseResult => ({ ok: false, reason: "The release lookup failed unexpectedly.", cause: "unknown" }),
    );
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
    const recorded = fresh ?? (await this.#downloads.read(repo.key, entry.tag));
    const files = recorded?.downloads ?? [];
    const notes = recorded?.notes ?? null;
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
    // The token goes only to the API's own origin: a checksum `url` the (hostile) answer points elsewhere is not used.
    const apiOrigin = githubUrl(this.#options.apiBase, "/")?.origin;
    const token =
      this.#token && files.checksumApiUrl && new URL(files.checksumApiUrl).origin === apiOrigin
        ? this.#token
        : undefined;
    const checksumUrl = token ? files.checksumApiUrl : files.checksumUrl;
    const sums = checksumUrl
      ? await fetchChecksums(checksumUrl, {
          timeoutMs: this.#options.timeoutMs ?? DEFAULT_RELEASE_TIMEOUT_MS,
          userAgent: `skillshelf/${VERSION}`,
          ...(token ? { token } : {}),
        })
      : null;
    const downloads = sums ? withChecksums(files.downloads, sums) : files.downloads;
    const notes = releaseNotesOf(body);
    await this.#downloads.write(repo.key, tag, downloads, notes);
    return { downloads, notes };
  }

  async #lookup(repo: GithubRepo): Promise<ReleaseResult> {
    const entry = await this.#cache.read(repo.key);
    // A release whose downloads record is missing or in an older format is asked for in full (no ETag), once.
    const recorded = entry ? await this.#downloads.read(repo.key, entry.tag) : null;
    const ttl = this.#options.ttlMs ?? RELEASE_TTL_MS;
    const fresh = this.#now() - (entry?.fetched_at ?? 0) < ttl && (entry?.fetched_at ?? 0) <= this.#now();
    if (entry && recorded && fresh && (!this.#options.refresh || this.#asked.has(repo.key)))
      return this.#answer(repo, entry, true, recorded);
    if (this.#options.offline) {
      return entry
        ? this.#answer(repo, entry, true, recorded ?? undefined)
        : { ok: false, reason: "Offline, and no release of this repository is cached yet.", cause: "offline" };
    }
    const answer = await this.#request(repo, recorded ? entry?.etag : undefined);
    if (answer.kind === "failed") return { ok: false, reason: answer.reason, cause: answer.cause };
    if (answer.kind === "ok" || answer.kind === "not-modified") this.#asked.add(repo.key);
    if (answer.kind === "not-modified" && entry && recorded) {
      const refreshed = { ...entry, fetched_at: this.#now() };
      await this.#cache.write(repo.key, refreshed);
      return this.#answer(repo, refreshed, true, recorded);
    }
    if (answer.kind === "ok") {
      const tag = (answer.body as { tag_name?: unknown } | null)?.tag_name;
      if (typeof tag !== "string" || tag === "")
        return { ok: false, reason: "GitHub's answer did not name a release tag.", cause: "invalid" };
      if (tag.length > MAX_TAG_LENGTH)
        return {
          ok: false,
          reason: `GitHub's answer names a release tag longer than ${MAX_TAG_LENGTH} characters, so it was not used.`,
          cause: "invalid",
        };
      const fresh: ReleaseCacheEntry = { tag, fetched_at: this.#now() };
      if (answer.etag) fresh.etag = answer.etag;
      const files = await this.#filesOf(repo, tag, answer.body);
      await this.#cache.write(repo.key, fresh);
      return this.#answer(repo, fresh, false, files);
    }
    if (answer.kind === "not-modified")
      return { ok: false, reason: "GitHub said nothing changed, but nothing is cached.", cause: "unknown" };
    return {
      ok: false,
      reason: answer.status === 404 ? "The repository has no published release (or is not public)." : answer.reason,
      cause: answer.rateLimited ? "rate-limited" : answer.status === 404 ? "not-found" : "unknown",
    };
  }

  /** One GET of the latest-release API, its failures worded for a release lookup. */
  async #request(
    repo: GithubRepo,
    etag: string | undefined,
  ): Promise<Exclude<GithubGetResult, { kind: "failed" }> | { kind: "failed"; reason: string; cause: FailureCause }> {
    const url = githubUrl(
      this.#options.apiBase,
      `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}/releases/latest`,
    );
    if (!url) return { kind: "failed", reason: "The GitHub API address is not a valid URL.", cause: "invalid" };
    const maxBytes = this.#options.maxBodyBytes ?? MAX_RELEASE_BODY_BYTES;
    const answer = await githubGetJson(url, {
      token: this.#token,
      etag,
      timeoutMs: this.#options.timeoutMs ?? DEFAULT_RELEASE_TIMEOUT_MS,
      maxBytes,
    });
    if (answer.kind !== "failed") return answer;
    if (answer.error) this.#options.log?.(`release lookup ${repo.key}: ${answer.error}`);
    switch (answer.cause) {
      case "redirect":
        return {
          kind: "failed",
          reason: "GitHub redirected the lookup to another site; it was not followed.",
          cause: "refused",
        };
      case "too-large":
        return {
          kind: "failed",
          reason: `GitHub's answer was larger than ${capWords(maxBytes)}, so it was not read and the latest version is not known.`,
          cause: "invalid",
        };
      case "offline":
        return { kind: "failed", reason: OFFLINE_REASON, cause: "offline" };
      case "timeout":
        return { kind: "failed", reason: answer.reason, cause: "timeout" };
      default:
        return { kind: "failed", reason: answer.reason, cause: "unknown" };
    }
  }
}
