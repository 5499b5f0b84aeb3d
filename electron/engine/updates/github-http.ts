// One GET of GitHub's REST API: ETag revalidation, a token sent only to the API's own origin, same-origin redirects,
// a time limit and a body cap enforced while streaming; failures become a reason in words, never an exception.
import { parseJsonWithinLimits } from "../fs/json-limits";
import { VERSION } from "../version";
import { readCappedText } from "./capped-body";

/** The public API, used unless SKILLSHELF_GITHUB_API says otherwise. */
export const GITHUB_API = "https://api.github.com";
/** Why a request failed when the network is unreachable. */
const GITHUB_OFFLINE = "Offline: GitHub could not be reached (the network is unreachable).";
/** Why a request failed when GitHub's rate limit is used up, with where a token is set. */
const GITHUB_RATE_LIMITED =
  "GitHub's rate limit for this network is used up; a GitHub token raises the limit: set one in Settings → GitHub token, or in the GITHUB_TOKEN environment variable.";

/** Options shared by the GitHub lookups (releases, trees); every outside dependency is injectable. */
export interface GithubLookupOptions {
  apiBase?: string;
  cacheDir: string;
  /** Settings token or GITHUB_TOKEN; sent only to apiBase's origin, never logged or cached. */
  token?: string;
  timeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
  /** Use the cache only, whatever its age. */
  offline?: boolean;
  /** A check the user asked for: revalidate every cached answer once (ETag, so an unchanged one costs a 304). */
  refresh?: boolean;
}

/** How one request is made. */
export interface GithubGetOptions {
  token?: string;
  etag?: string;
  timeoutMs: number;
  /** Bodies past this many bytes are abandoned and reported. */
  maxBytes: number;
  /** The caller's cancel; the time limit holds whether or not one is given. */
  signal?: AbortSignal;
}

/** Why there was no answer, so a caller can word it for its own lookup. */
export type GithubFailure = "redirect" | "too-many-redirects" | "too-large" | "not-json" | "timeout" | "offline";

/** A JSON answer (200), "not modified" (304), another status, or why there was no answer. */
export type GithubGetResult =
  | { kind: "ok"; body: unknown; etag?: string }
  | { kind: "not-modified"; etag?: string }
  | { kind: "status"; status: number; rateLimited: boolean; reason: string }
  | { kind: "failed"; cause: GithubFailure; reason: string; error?: string };

/** Lookups in flight by key, so concurrent callers for one key (a repository, a tree) share one request. */
export class SharedLookups {
  readonly #running = new Map<string, Promise<unknown>>();

  /** The lookup already running for `key`, else `start`'s; a rejection becomes `failed()`, so it never rejects. */
  run<T>(key: string, start: () => Promise<T>, failed: () => T): Promise<T> {
    const running = this.#running.get(key) as Promise<T> | undefined;
    if (running) return running;
    const work = start()
      .catch(failed)
      .finally(() => this.#running.delete(key));
    this.#running.set(key, work);
    return work;
  }
}

/** The API URL for a path under `base` ("/repos/o/r/…"), or null when base is not a URL. */
export function githubUrl(base: string | undefined, pathAndQuery: string): URL | null {
  try {
    return new URL(`${(base || GITHUB_API).replace(/\/+$/, "")}${pathAndQuery}`);
  } catch {
    return null;
  }
}

/** What a non-200 status means for the user. */
function describeGithubStatus(status: number, rateLimited: boolean, tokenSent: boolean): string {
  if (status === 403 || status === 429) return rateLimited ? GITHUB_RATE_LIMITED : "GitHub refused the request.";
  if (status === 404)
    return tokenSent
      ? "GitHub has no such repository, branch or folder (or the GitHub token cannot read it)."
      : "GitHub has no such repository, branch or folder, or it is private: a GitHub token (Settings → GitHub token, or GITHUB_TOKEN) lets Skillshelf check private repositories.";
  if (status >= 500) return `GitHub had a server error (HTTP ${status}).`;
  return `GitHub answered HTTP ${status}.`;
}

/** GETs `url` and parses its JSON; never throws. */
export async function githubGetJson(url: URL, options: GithubGetOptions): Promise<GithubGetResult> {
  const origin = url.origin;
  const headers: Record<string, string> = {
    accept: "application/vnd.github+json",
    "x-github-api-version": "2022-11-28",
    "user-agent": `skillshelf/${VERSION}`,
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const limit = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, limit]) : limit;
  let target = url;
  try {
    for (let hop = 0; hop < 3; hop++) {
      const response = await fetch(target, { headers, redirect: "manual", signal });
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
        await response.body?.cancel();
        const next = new URL(location, target);
        if (next.origin !== origin)
          return {
            kind: "failed",
            cause: "redirect",
            reason: "GitHub redirected the request to another site; it was not followed.",
          };
        target = next;
        continue;
      }
      const etag = response.headers.get("etag") ?? undefined;
      if (response.status === 304) return { kind: "not-modified", etag };
      if (response.status !== 200) {
        await response.body?.cancel();
        const rateLimited = response.headers.get("x-ratelimit-remaining") === "0" || response.status === 429;
        const reason = describeGithubStatus(response.status, rateLimited, Boolean(options.token));
        return { kind: "status", status: response.status, rateLimited, reason };
      }
      const read = await readCappedText(response, options.maxBytes);
      if (!read.ok)
        return {
          kind: "failed",
          cause: "too-large",
          reason: `GitHub's answer was larger than ${Math.round(options.maxBytes / 1024)} KiB, so it was not read.`,
        };
      const parsed = parseJsonWithinLimits(read.text);
      if (parsed.ok) return { kind: "ok", body: parsed.value, etag };
      return { kind: "failed", cause: "not-json", reason: "GitHub's answer was not valid JSON." };
    }
    return { kind: "failed", cause: "too-many-redirects", reason: "Too many redirects." };
  } catch (error) {
    const name = (error as Error).name;
    return name === "TimeoutError" || name === "AbortError"
      ? { kind: "failed", cause: "timeout", reason: "GitHub did not answer in time.", error: name }
      : { kind: "failed", cause: "offline", reason: GITHUB_OFFLINE, error: name };
  }
}
