// Downloads one release file into staging: https only (plain http only to this machine, for tests), redirects checked
// hop by hop, streamed to disk with a size cap, progress, cancel, time limits and an optional SHA-256 check.
import { createHash, randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { formatBytes } from "../../../shared/format";
import { isLoopbackHost } from "../../../shared/settings";
import type { FailureCause, TaskProgress } from "../../../shared/model";
import { createNewFile } from "../fs/write";
import { VERSION } from "../version";
import { EngineError } from "../errors";

/** Largest download accepted unless the caller says otherwise (a skill is small; a source archive may not be). */
const DEFAULT_MAX_DOWNLOAD_BYTES = 100 * 1024 * 1024;
/** Time allowed until the server answers with headers. */
const CONNECT_TIMEOUT_MS = 15_000;
/** Time allowed between two chunks of the body. */
const IDLE_TIMEOUT_MS = 30_000;
/** The whole download may take this long plus the time its size needs at DEADLINE_MIN_RATE (a server dripping a byte
 * at a time never stalls, yet must not hold an update for ever). */
const DEADLINE_FLOOR_MS = 60_000;
/** The slowest average rate a download is given time for, in bytes per second. */
const DEADLINE_MIN_RATE = 32 * 1024;
const MAX_REDIRECTS = 5;

/** Options of a download. */
export interface DownloadOptions {
  /** Folder the file is written into (created by the caller, under the data folder's staging). */
  dir: string;
  maxBytes?: number;
  sha256?: string;
  signal?: AbortSignal;
  onProgress?: (progress: TaskProgress) => void;
  taskId?: string;
  /** Time limits (defaults CONNECT_TIMEOUT_MS, IDLE_TIMEOUT_MS, DEADLINE_FLOOR_MS, DEADLINE_MIN_RATE). */
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
  deadlineFloorMs?: number;
  /** Bytes per second: the overall deadline is the floor plus the size (declared, else maxBytes) at this rate. */
  deadlineMinRate?: number;
  /** A token sent as `Authorization: Bearer` to this origin only: never after a redirect elsewhere, never logged. */
  bearer?: { token: string; origin: string };
}

/** What was downloaded: the file, its size and its SHA-256 (lowercase hex). */
export interface Downloaded {
  file: string;
  bytes: number;
  sha256: string;
  /** The file name the URL's last segment gives (used to tell zip from tar.gz). */
  name: string;
}

/** True for 127.0.0.0/8, ::1 and localhost: the only places plain http is allowed. */
export { isLoopbackHost };

/** Why a URL may not be downloaded from, or null when it may. */
function refusedUrlReason(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw.slice(0, 200)}" is not a URL.`;
  }
  if (url.username || url.password)
    return "URLs with a user name or password are not used; give the address without them.";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return null;
  if (url.protocol === "http:") return `Plain http is not safe for downloads (${url.host}); use an https address.`;
  return `Only https addresses can be downloaded from, not ${url.protocol.replace(/:$/, "")}.`;
}

/** A time limit in words ("30 s", "0.3 s"). */
function seconds(ms: number): string {
  return `${ms >= 10_000 ? Math.round(ms / 1000) : Math.round(ms / 100) / 10} s`;
}

function lastSegment(url: URL): string {
  const name = decodeURIComponent(url.pathname.split("/").filter(Boolean).pop() ?? "");
  return name.replace(/[^\w.@+-]/g, "_").slice(-120) || "download";
}

async function fetchFollowingSafeRedirects(
  start: string,
  signal: AbortSignal,
  bearer: DownloadOptions["bearer"],
): Promise<{ response: Response; url: URL }> {
  let current = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const reason = refusedUrlReason(current);
    if (reason)
      throw new EngineError(
        "install.download.refused-url",
        hop ? `The download was redirected to an address that is refused: ${reason}` : reason,
      );
    const headers: Record<string, string> = {
      "user-agent": `skillshelf/${VERSION}`,
      accept: "application/octet-stream",
    };
    if (bearer && new URL(current).origin === bearer.origin) headers.authorization = `Bearer ${bearer.token}`;
    const response = await fetch(current, { redirect: "manual", signal, headers });
    if (response.status >= 300 && response.status < 400 && response.headers.get("location")) {
      await response.body?.cancel();
      current = new URL(response.headers.get("location")!, current).toString();
      continue;
    }
    return { response, url: new URL(current) };
  }
  throw new EngineError(
    "install.download.failed",
    `The download was redirected more than ${MAX_REDIRECTS} times, so it was given up.`,
  );
}

/** What an HTTP failure means, in words, for the causes that have their own. */
const HTTP_FAILURE_WORDS: Partial<Record<FailureCause, string>> = {
  "not-found": "The file is no longer where the release said it is.",
  "rate-limited": "The server refused the download for now: too many requests were made.",
};

/** The cause of an HTTP failure: gone, or refused for too many requests, or otherwise unknown. */
function httpFailure(status: number, headers: Headers): FailureCause {
  if (status === 404 || status === 410) return "not-found";
  if (status === 429 || (status === 403 && headers.get("x-ratelimit-remaining") === "0")) return "rate-limited";
  return "unknown";
}

/** Downloads `url` into options.dir; throws EngineError (refused address, HTTP error, too large, cancelled, checksum). */
export async function downloadFile(url: string, options: DownloadOptions): Promise<Downloaded> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) throw new EngineError("install.download.cancelled", "The download was cancelled.");
  options.signal?.addEventListener("abort", abortFromCaller, { once: true });
  let timedOut: string | null = null;
  const connectMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const idleMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  let timer = setTimeout(
    () => (
      (timedOut ??= `The server did not answer in time (the limit is ${seconds(connectMs)}).`),
      controller.abort()
    ),
    connectMs,
  );
  let deadline: NodeJS.Timeout | undefined;
  const file = path.join(options.dir, `download-${randomBytes(6).toString("hex")}`);
  const progress = (value: number, detail: string) =>
    options.onProgress?.({
      taskId: options.taskId ?? "download",
      kind: "download",
      value,
      title: "Downloading the new version",
      detail,
    });
  let written = false;
  let answered = false;
  let received = 0;
  try {
    const { response, url: finalUrl } = await fetchFollowingSafeRedirects(url, controller.signal, options.bearer);
    answered = true;
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const failure = httpFailure(response.status, response.headers);
      throw new EngineError(
        "install.download.failed",
        HTTP_FAILURE_WORDS[failure] ??
          (response.status >= 500
            ? "The server had a problem and did not send the file."
            : "The server refused the download."),
        failure,
        `The server answered ${response.status} ${response.statusText || ""}`.trim() +
          ` for ${finalUrl.host}${finalUrl.pathname}.`,
      );
    }
    const declared = Number(response.headers.get("content-length") ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body.cancel();
      throw new EngineError(
        "install.download.too-large",
        `The file is ${formatBytes(declared)}, over the ${formatBytes(maxBytes)} limit for downloads, so it was not downloaded.`,
      );
    }
    const total = Number.isFinite(declared) && declared > 0 ? declared : null;
    const minRate = options.deadlineMinRate ?? DEADLINE_MIN_RATE;
    const allowedMs = (options.deadlineFloorMs ?? DEADLINE_FLOOR_MS) + ((total ?? maxBytes) / minRate) * 1000;
    deadline = setTimeout(() => {
      timedOut ??=
        `The download took longer than the ${seconds(allowedMs)} allowed for ${total ? `a file of ${formatBytes(total)}` : `up to ${formatBytes(maxBytes)}`}` +
        ` (the server sent ${formatBytes(received)}; the limit assumes at least ${formatBytes(minRate)} a second), so it was stopped.`;
      controller.abort();
    }, allowedMs);
    const hash = createHash("sha256");
    const out = await createNewFile(file, { mode: 0o600 });
    written = true;
    let bytes = 0;
    try {
      const reader = response.body.getReader();
      progress(total ? 0 : -1, `0 of ${total ? formatBytes(total) : "unknown size"}`);
      for (;;) {
        clearTimeout(timer);
        timer = setTimeout(
          () => (
            (timedOut ??= `The download stalled: no data came for ${seconds(idleMs)}, so it was stopped.`),
            controller.abort()
          ),
          idleMs,
        );
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        received = bytes;
        if (bytes > maxBytes) {
          await reader.cancel();
          throw new EngineError(
            "install.download.too-large",
            `The download passed the ${formatBytes(maxBytes)} limit, so it was stopped.`,
          );
        }
        hash.update(value);
        await out.write(value);
        progress(
          total ? Math.min(1, bytes / total) : -1,
          `${formatBytes(bytes)} of ${total ? formatBytes(total) : "unknown size"}`,
        );
      }
      await out.finish();
    } finally {
      await out.close();
    }
    const sha256 = hash.digest("hex");
    if (options.sha256 && options.sha256.toLowerCase() !== sha256) {
      throw new EngineError(
        "install.download.checksum",
        "The download doesn't match what the publisher announced, so it was not installed.",
        "checksum",
        `SHA-256 of the download: ${sha256}\nSHA-256 the release published: ${options.sha256.toLowerCase()}`,
      );
    }
    progress(1, formatBytes(bytes));
    return { file, bytes, sha256, name: lastSegment(finalUrl) };
  } catch (error) {
    if (written) await rm(file, { force: true });
    if (error instanceof EngineError) throw error;
    if (options.signal?.aborted) throw new EngineError("install.download.cancelled", "The download was cancelled.");
    if (timedOut) throw new EngineError("install.download.failed", timedOut, "timeout");
    const systemCode = (error as { cause?: { code?: string } }).cause?.code;
    throw new EngineError(
      "install.download.failed",
      answered
        ? "The connection was lost in the middle of the download."
        : "The download could not start: the server could not be reached.",
      "offline",
      systemCode ?? (error as Error).message,
    );
  } finally {
    clearTimeout(timer);
    clearTimeout(deadline);
    options.signal?.removeEventListener("abort", abortFromCaller);
  }
}
