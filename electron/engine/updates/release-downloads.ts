// What a GitHub release offers for download: the assets that can hold a skill (`.skill`, then `.zip`), else the tag's
// source archives, with the SHA-256 a `SHA256SUMS` asset publishes. Release JSON is hostile: every field is checked.
import path from "node:path";
import type { UpdateDownload } from "../../../shared/model";
import { isPlainObject } from "../plugin/diagnostics";
import { JsonCacheFolder } from "./json-cache-folder";
import { readCappedText } from "./capped-body";

/** A checksum list is a few lines per asset; anything larger is not one. */
const MAX_CHECKSUM_BYTES = 64 * 1024;
/** At most this many downloads are kept per release. */
const MAX_DOWNLOADS = 20;
const CHECKSUM_NAMES = /^(sha256sums(\.txt)?|checksums(\.txt)?|sha256sum\.txt)$/i;
const SHA256 = /^[0-9a-f]{64}$/;
/** A cached list is a few kilobytes. */
const MAX_CACHE_BYTES = 64 * 1024;

/** The downloads of a release and the checksum asset's address, when it has one. */
export interface ReleaseFiles {
  downloads: UpdateDownload[];
  checksumUrl: string | null;
  /** The checksum asset through GitHub's API (a private repository's, read with the token). */
  checksumApiUrl: string | null;
}

function isDownloadUrl(raw: unknown): raw is string {
  if (typeof raw !== "string" || raw.length > 2048) return false;
  try {
    const url = new URL(raw);
    return (
      url.protocol === "https:" ||
      (url.protocol === "http:" &&
        (url.hostname === "127.0.0.1" || url.hostname === "localhost" || url.hostname === "[::1]"))
    );
  } catch {
    return false;
  }
}

function rank(name: string): number {
  const lower = name.toLowerCase();
  return lower.endsWith(".skill") ? 0 : lower.endsWith(".zip") ? 1 : 2;
}

/** Reads the downloads out of a release answer (`assets`, `zipball_url`, `tarball_url`); never throws. */
export function releaseFiles(body: unknown): ReleaseFiles {
  if (!isPlainObject(body)) return { downloads: [], checksumUrl: null, checksumApiUrl: null };
  const assets = Array.isArray(body.assets) ? body.assets.slice(0, 200) : [];
  const downloads: UpdateDownload[] = [];
  let checksumUrl: string | null = null;
  let checksumApiUrl: string | null = null;
  for (const asset of assets) {
    if (
      !isPlainObject(asset) ||
      typeof asset.name !== "string" ||
      asset.name.length > 255 ||
      !isDownloadUrl(asset.browser_download_url)
    )
      continue;
    const apiUrl = isDownloadUrl(asset.url) ? asset.url : undefined;
    if (CHECKSUM_NAMES.test(asset.name)) {
      if (checksumUrl === null) [checksumUrl, checksumApiUrl] = [asset.browser_download_url, apiUrl ?? null];
      continue;
    }
    if (rank(asset.name) > 1) continue;
    const size =
      typeof asset.size === "number" && Number.isSafeInteger(asset.size) && asset.size >= 0 ? asset.size : null;
    downloads.push({ name: asset.name, size, url: asset.browser_download_url, ...(apiUrl ? { apiUrl } : {}) });
  }
  downloads.sort((a, b) => rank(a.name) - rank(b.name));
  if (downloads.length === 0) {
    const tag = typeof body.tag_name === "string" ? body.tag_name : "source";
    if (isDownloadUrl(body.zipball_url)) downloads.push({ name: `${tag}.zip`, size: null, url: body.zipball_url });
    if (isDownloadUrl(body.tarball_url)) downloads.push({ name: `${tag}.tar.gz`, size: null, url: body.tarball_url });
  }
  return { downloads: downloads.slice(0, MAX_DOWNLOADS), checksumUrl, checksumApiUrl };
}

/**
 * The SHA-256 per file name from a `sha256sum`-style list (`<hex>  <name>` or `<hex> *<name>`); bad lines are skipped.
 * Exported for tests: the list's line format is checked without a release server.
 */
export function parseChecksums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split(/\r?\n/).slice(0, 1000)) {
    const match = /^([0-9a-fA-F]{64}) [ *]?(.+)$/.exec(line.trim());
    if (match && SHA256.test(match[1]!.toLowerCase())) sums.set(match[2]!.trim(), match[1]!.toLowerCase());
  }
  return sums;
}

/** The downloads with their published checksums filled in. */
export function withChecksums(downloads: UpdateDownload[], sums: Map<string, string>): UpdateDownload[] {
  return downloads.map((d) => (sums.has(d.name) ? { ...d, sha256: sums.get(d.name)! } : d));
}

/** Fetches a checksum list (bounded in size and time); null when it cannot be read. */
export async function fetchChecksums(
  url: string,
  options: { timeoutMs: number; userAgent: string; token?: string },
): Promise<Map<string, string> | null> {
  try {
    // With a token, the asset is read through the API (`url` is the API's), which redirects to storage elsewhere:
    // the token goes to the API only, so redirects are followed here by hand.
    const response = options.token
      ? await fetchWithTokenOnce(url, options.token, options.userAgent, options.timeoutMs)
      : await fetch(url, {
          headers: { "user-agent": options.userAgent },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
    if (response.status !== 200 || !response.body || !isDownloadUrl(response.url || url)) {
      await response.body?.cancel();
      return null;
    }
    const read = await readCappedText(response, MAX_CHECKSUM_BYTES);
    return read.ok ? parseChecksums(read.text) : null;
  } catch {
    return null;
  }
}

/** GETs an API asset as bytes with the token, then follows one redirect without it (GitHub sends assets to storage). */
async function fetchWithTokenOnce(url: string, token: string, userAgent: string, timeoutMs: number): Promise<Response> {
  const signal = AbortSignal.timeout(timeoutMs);
  const first = await fetch(url, {
    redirect: "manual",
    signal,
    headers: { "user-agent": userAgent, accept: "application/octet-stream", authorization: `Bearer ${token}` },
  });
  const location = first.status >= 300 && first.status < 400 ? first.headers.get("location") : null;
  if (!location) return first;
  await first.body?.cancel();
  const next = new URL(location, url);
  if (!isDownloadUrl(next.href)) throw new Error("refused redirect");
  const sameOrigin = next.origin === new URL(url).origin;
  return fetch(next, {
    redirect: "manual",
    signal,
    headers: { "user-agent": userAgent, ...(sameOrigin ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** Checks a cached downloads list read back from disk; null when it is not one. */
export function parseDownloads(value: unknown): UpdateDownload[] | null {
  if (!Array.isArray(value) || value.length > MAX_DOWNLOADS) return null;
  const out: UpdateDownload[] = [];
  for (const d of value) {
    if (!isPlainObject(d) || typeof d.name !== "string" || !isDownloadUrl(d.url)) return null;
    if (d.size !== null && !(typeof d.size === "number" && Number.isSafeInteger(d.size) && d.size >= 0)) return null;
    if (d.sha256 !== undefined && !(typeof d.sha256 === "string" && SHA256.test(d.sha256))) return null;
    if (d.apiUrl !== undefined && !isDownloadUrl(d.apiUrl)) return null;
    out.push({
      name: d.name,
      size: d.size,
      url: d.url,
      ...(d.apiUrl !== undefined ? { apiUrl: d.apiUrl } : {}),
      ...(d.sha256 !== undefined ? { sha256: d.sha256 as string } : {}),
    });
  }
  return out;
}

/**
 * Release notes longer than this are cut, with a line saying so (the full text is on the release page).
 * Exported for tests: they build notes past it.
 */
export const MAX_RELEASE_NOTES_CHARS = 8_000;

/** The release's own notes (its Markdown body), capped; null when it has none. */
export function releaseNotesOf(body: unknown): string | null {
  if (!isPlainObject(body) || typeof body.body !== "string" || body.body.trim() === "") return null;
  const text = body.body.trim();
  if (text.length <= MAX_RELEASE_NOTES_CHARS) return text;
  return `${text.slice(0, MAX_RELEASE_NOTES_CHARS - 80)}\n\n… (the notes are longer; the rest is on the release page)`;
}

/** The downloads and notes recorded for one release tag. */
export interface RecordedRelease {
  downloads: UpdateDownload[];
  notes: string | null;
}

/** The record format: 2 added the assets' API addresses (a private repository's files need them); older ones are asked for again. */
const DOWNLOADS_FORMAT = 2;

/** The downloads found with a cached release, kept beside the protocol's exact release cache (which holds only tag, time and ETag). */
export class ReleaseDownloadsCache {
  readonly #files: JsonCacheFolder;

  constructor(cacheDir: string) {
    this.#files = new JsonCacheFolder(path.join(cacheDir, "release-downloads"), MAX_CACHE_BYTES);
  }

  /** What was recorded for `tag`, or null (absent, another tag, or damaged: a damaged file is deleted). */
  async read(key: string, tag: string): Promise<RecordedRelease | null> {
    const value = await this.#files.read(key, (v) => {
      const downloads =
        isPlainObject(v) && typeof v.tag === "string" && v.format === DOWNLOADS_FORMAT
          ? parseDownloads(v.downloads)
          : null;
      if (!downloads || !isPlainObject(v)) return null;
      const notes = typeof v.notes === "string" ? v.notes.slice(0, MAX_RELEASE_NOTES_CHARS) : null;
      return { tag: v.tag, downloads, notes };
    });
    return value && value.tag === tag ? { downloads: value.downloads, notes: value.notes } : null;
  }

  /** Records the downloads (and notes) of `tag`; failures are ignored (the cache is an optimisation). */
  async write(key: string, tag: string, downloads: UpdateDownload[], notes: string | null = null): Promise<void> {
    const value = notes
      ? { format: DOWNLOADS_FORMAT, tag, downloads, notes }
      : { format: DOWNLOADS_FORMAT, tag, downloads };
    await this.#files.write(key, `${JSON.stringify(value, null, 2)}\n`);
  }
}
