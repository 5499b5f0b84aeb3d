// A loopback server that behaves like the GitHub REST API's latest-release endpoint (ETag, 304, 403 rate
// limiting, 500, slow answers, asset downloads of a real zip, downloads that fail on demand: download-faults.ts) and
// counts what it is asked, for cache tests.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import { TreeRoutes } from "./github-trees-routes";
import { defaultSourceFiles, sourceArchive } from "./source-archives";
import { closeNow, headerRecord, listenOnLoopback } from "./loopback";
import { closedLoopbackPort, serveFault, type DownloadFault } from "./download-faults";

/** How the server answers every request (until switched). */
export type ReleaseBehaviour =
  "normal" | "rate-limited" | "server-error" | "slow" | "not-found" | "garbage" | "oversized";

/** One repository's latest release. */
export interface FakeRelease {
  tag: string;
  /** Extra assets by name; a `<repo>.zip` holding `<repo>/SKILL.md` is always added. */
  assets?: Record<string, Uint8Array>;
  body?: string;
  /** Publish a `SHA256SUMS` asset listing every other asset's SHA-256. */
  checksums?: boolean;
  /** Publish no assets at all (then only the tag's source archives are offered). */
  noAssets?: boolean;
  /** The repository's files at the tag, served as its zipball and tarball (default: `skills/<repo>/` and a README). */
  sourceFiles?: Record<string, string>;
  /**
   * A private repository: the release answer needs `Authorization: Bearer TOKEN`, and its assets are served only
   * through the API's asset address with the token, which redirects to storage on another origin (as GitHub does).
   */
  token?: string;
}

/** Options of the release server. */
export interface ReleaseServerOptions {
  /** "owner/repo" → release. */
  releases?: Record<string, FakeRelease>;
  behaviour?: ReleaseBehaviour;
  slowMs?: number;
  /** "oversized": the latest-release answer is this many bytes of valid-looking JSON, streamed without a length (default 300 MB). */
  oversizeBytes?: number;
  /** Asset downloads fail this way until setDownloadFault(null). */
  downloadFault?: DownloadFault;
  /** Asset downloads are sent in chunks of this many bytes with a pause between them (so progress can be seen). */
  throttleAssets?: { chunkBytes: number; pauseMs: number };
}

/** What the server saw, for assertions. */
export interface ReleaseServerStats {
  /** Requests to /repos/.../releases/latest. */
  apiRequests: number;
  conditionalRequests: number;
  notModified: number;
  assetDownloads: number;
  /** Bytes of oversized answers written before the client stopped reading (or all of them). */
  oversizedWritten: number;
  /** Lower-cased headers of every request. */
  headers: Array<Record<string, string>>;
  /** Requests to codeload or asset storage (other origins than the API) that carried an Authorization header. */
  authorizationOffApi: number;
}

/** A running release server. */
export interface RunningReleaseServer {
  url: string;
  stats: ReleaseServerStats;
  setBehaviour: (behaviour: ReleaseBehaviour) => void;
  /** Holds every answer until the returned function is called (a check that is surely still running, whatever the load). */
  hold: () => () => void;
  /** How many requests wait on a hold (one has reached the server: what a check compares is already taken). */
  heldCount: () => number;
  setRelease: (repo: string, release: FakeRelease) => void;
  /** Makes every asset download fail this way from now on (null: serve them again), as a failure proxy would. */
  setDownloadFault: (fault: DownloadFault | null) => void;
  /** The repository, Trees and Contents endpoints (content checks of skills without versions). */
  trees: TreeRoutes;
  close: () => Promise<void>;
}

/** Every archive the server builds has the same dates, so its bytes (and published checksums) are stable across requests. */
const FIXED_MTIME = new Date("2026-01-01T00:00:00Z");

/** A zip holding `<name>/SKILL.md` at the given version, as a skill release archive. */
function buildSkillZip(name: string, version: string): Uint8Array {
  const skillMd = `---\nname: ${name}\ndescription: Test skill ${name}, released as ${version}.\nmetadata:\n  version: "${version}"\n---\n\n# ${name}\n\nVersion ${version}.\n`;
  return zipSync({ [`${name}/SKILL.md`]: strToU8(skillMd) }, { mtime: FIXED_MTIME });
}

function etagOf(repo: string, release: FakeRelease): string {
  return `"${createHash("sha256")
    .update(repo + "\n" + release.tag)
    .digest("hex")
    .slice(0, 16)}"`;
}

/** Starts the server on 127.0.0.1 with a random port; point SKILLSHELF_GITHUB_API at `url`. */
export async function startReleaseServer(opts: ReleaseServerOptions = {}): Promise<RunningReleaseServer> {
  const releases = new Map(Object.entries(opts.releases ?? {}));
  let behaviour: ReleaseBehaviour = opts.behaviour ?? "normal";
  const stats: ReleaseServerStats = {
    apiRequests: 0,
    conditionalRequests: 0,
    notModified: 0,
    assetDownloads: 0,
    oversizedWritten: 0,
    headers: [],
    authorizationOffApi: 0,
  };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const trees = new TreeRoutes();
  let base = "";
  let fault: DownloadFault | null = opts.downloadFault ?? null;
  const refusedPort = await closedLoopbackPort();

  function assetsOf(repo: string, release: FakeRelease): Record<string, Uint8Array> {
    if (release.noAssets) return {};
    const name = repo.split("/")[1] ?? "skill";
    const assets: Record<string, Uint8Array> = {
      [`${name}.zip`]: buildSkillZip(name, release.tag.replace(/^v/, "")),
      ...(release.assets ?? {}),
    };
    if (release.checksums) {
      const lines = Object.entries(assets).map(
        ([file, bytes]) => `${createHash("sha256").update(bytes).digest("hex")}  ${file}\n`,
      );
      assets.SHA256SUMS = strToU8(lines.join(""));
    }
    return assets;
  }

  /** Streams `total` bytes of a JSON answer (a tag, then a long body string) as fast as the client reads. */
  function streamOversized(res: ServerResponse, total: number): void {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    const head = '{"tag_name":"v9.9.9","body":"';
    const chunk = "x".repeat(64 * 1024);
    let written = 0;
    let closed = false;
    res.on("close", () => (closed = true));
    const pump = (): void => {
      while (!closed && written < total) {
        const piece = written === 0 ? head : chunk;
        written += piece.length;
        stats.oversizedWritten = written;
        if (!res.write(piece)) return void res.once("drain", pump);
      }
      if (!closed) res.end('"}');
    };
    pump();
  }

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(body));
  }

  /** GitHub's API root ("GitHub API Root"): links to its resources (two of them kept), under the same faults. */
  function apiRoot(res: ServerResponse): void {
    if (behaviour === "rate-limited")
      return sendJson(
        res,
        403,
        { message: "API rate limit exceeded for 127.0.0.1." },
        { "x-ratelimit-remaining": "0" },
      );
    if (behaviour === "server-error") return sendJson(res, 500, { message: "Server Error" });
    if (behaviour === "garbage")
      return void res.writeHead(200, { "content-type": "application/json" }).end("{ not json");
    sendJson(res, 200, { current_user_url: `${base}/user`, repository_url: `${base}/repos/{owner}/{repo}` });
  }

  function latest(req: IncomingMessage, res: ServerResponse, repo: string): void {
    stats.apiRequests++;
    const conditional = req.headers["if-none-match"];
    if (conditional) stats.conditionalRequests++;
    if (behaviour === "rate-limited") {
      const reset = String(Math.floor(Date.now() / 1000) + 3600);
      sendJson(
        res,
        403,
        { message: "API rate limit exceeded for 127.0.0.1.", documentation_url: "https://docs.github.com/rest" },
        {
          "x-ratelimit-limit": "60",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": reset,
          "x-ratelimit-used": "60",
        },
      );
      return;
    }
    if (behaviour === "server-error") return sendJson(res, 500, { message: "Server Error" });
    if (behaviour === "garbage") {
      res.writeHead(200, { "content-type": "application/json" }).end("{ not json");
      return;
    }
    if (behaviour === "oversized") return streamOversized(res, opts.oversizeBytes ?? 300 * 1024 * 1024);
    const release = releases.get(repo);
    if (!release || behaviour === "not-found" || !releaseAuthorized(req, release))
      return sendJson(res, 404, { message: "Not Found" });
    const etag = etagOf(repo, release);
    const rate = { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "59", etag };
    if (conditional === etag) {
      stats.notModified++;
      res.writeHead(304, rate).end();
      return;
    }
    const assets = Object.entries(assetsOf(repo, release)).map(([name, bytes], i) => ({
      id: i + 1,
      name,
      size: bytes.byteLength,
      content_type: name.endsWith(".zip") ? "application/zip" : "application/octet-stream",
      browser_download_url: `${base}/download/${repo}/${encodeURIComponent(release.tag)}/${encodeURIComponent(name)}`,
      url: `${base}/repos/${repo}/releases/assets/${i + 1}`,
    }));
    sendJson(
      res,
      200,
      {
        tag_name: release.tag,
        name: release.tag,
        draft: false,
        prerelease: false,
        html_url: `https://github.com/${repo}/releases/tag/${release.tag}`,
        published_at: "2026-01-01T00:00:00Z",
        zipball_url: `${base}/repos/${repo}/zipball/${encodeURIComponent(release.tag)}`,
        tarball_url: `${base}/repos/${repo}/tarball/${encodeURIComponent(release.tag)}`,
        body: release.body ?? "",
        assets,
      },
      rate,
    );
  }

  const releaseAuthorized = (req: IncomingMessage, release: FakeRelease) =>
    release.token === undefined || req.headers.authorization === `Bearer ${release.token}`;
  /** Storage for a private repository's assets: another origin than the API, as GitHub's is. */
  const storageBase = () => base.replace("127.0.0.1", "localhost");

  /** GET /repos/O/R/releases/assets/ID as bytes: a redirect to storage (a private repository's needs the token). */
  function assetRedirect(req: IncomingMessage, res: ServerResponse, repo: string, id: string): void {
    const release = releases.get(repo);
    const name = release ? Object.keys(assetsOf(repo, release))[Number(id) - 1] : undefined;
    if (!release || !name || !releaseAuthorized(req, release)) return sendJson(res, 404, { message: "Not Found" });
    if (req.headers.accept !== "application/octet-stream") return sendJson(res, 200, { id: Number(id), name });
    const where = `/storage/${repo}/${encodeURIComponent(release.tag)}/${encodeURIComponent(name)}`;
    res.writeHead(302, { location: release.token ? `${storageBase()}${where}?sig=pass` : `${base}${where}` }).end();
  }

  function download(res: ServerResponse, repo: string, tag: string, name: string, fromStorage = false): void {
    const release = releases.get(repo);
    const bytes =
      release && release.tag === tag && (!release.token || fromStorage) ? assetsOf(repo, release)[name] : undefined;
    if (!bytes) return sendJson(res, 404, { message: "Not Found" });
    stats.assetDownloads++;
    if (fault && serveFault(fault, res, bytes, refusedPort, `/download/${repo}/${tag}/${name}`)) return;
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(bytes.byteLength) });
    const throttle = opts.throttleAssets;
    if (!throttle) return void res.end(Buffer.from(bytes));
    let sent = 0;
    const next = (): void => {
      if (res.destroyed) return;
      const piece = bytes.subarray(sent, sent + throttle.chunkBytes);
      sent += piece.byteLength;
      if (sent >= bytes.byteLength) return void res.end(Buffer.from(piece));
      res.write(Buffer.from(piece));
      const t = setTimeout(() => (timers.delete(t), next()), throttle.pauseMs);
      timers.add(t);
    };
    next();
  }

  /**
   * GitHub's zipball/tarball: a redirect to codeload, which serves the archive. A private repository's archive needs the
   * token at the API and is served by codeload on another origin (as codeload.github.com is), with a token of its own
   * in the address instead of the Authorization header.
   */
  function source(req: IncomingMessage, res: ServerResponse, parts: string[], url: URL): boolean {
    const repo = `${parts[1]}/${parts[2]}`;
    const release = releases.get(repo);
    const isPrivate = parts.length === 5 && trees.isPrivate(parts[1]!, parts[2]!) === true;
    if (parts[0] === "repos" && (parts[3] === "zipball" || parts[3] === "tarball") && parts.length === 5) {
      if (isPrivate && !trees.authorized(req, parts[1]!, parts[2]!))
        return (sendJson(res, 404, { message: "Not Found" }), true);
      const codeload = isPrivate ? base.replace("127.0.0.1", "localhost") : base;
      res
        .writeHead(302, {
          location: `${codeload}/codeload/${repo}/${parts[3] === "zipball" ? "zip" : "tar.gz"}/${encodeURIComponent(parts[4]!)}${isPrivate ? "?token=codeload-pass" : ""}`,
        })
        .end();
      return true;
    }
    if (parts[0] !== "codeload" || parts.length !== 5) return false;
    if (req.headers.authorization !== undefined) stats.authorizationOffApi++;
    if (isPrivate && url.searchParams.get("token") !== "codeload-pass")
      return (sendJson(res, 404, { message: "Not Found" }), true);
    if ((!release || release.tag !== parts[4]) && parts[3] === "tar.gz") {
      void trees.tarball(parts[1]!, parts[2]!, parts[4]!).then(
        (bytes) => {
          if (!bytes) return sendJson(res, 404, { message: "Not Found" });
          res
            .writeHead(200, { "content-type": "application/x-gzip", "content-length": String(bytes.byteLength) })
            .end(Buffer.from(bytes));
        },
        () => sendJson(res, 500, { message: "Server Error" }),
      );
      return true;
    }
    if (!release || release.tag !== parts[4] || (parts[3] !== "zip" && parts[3] !== "tar.gz"))
      return (sendJson(res, 404, { message: "Not Found" }), true);
    stats.assetDownloads++;
    const bytes = sourceArchive(
      repo,
      release.tag,
      parts[3],
      release.sourceFiles ?? defaultSourceFiles(repo, release.tag),
    );
    res
      .writeHead(200, { "content-type": "application/octet-stream", "content-length": String(bytes.byteLength) })
      .end(Buffer.from(bytes));
    return true;
  }

  function route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", base);
    stats.headers.push(headerRecord(req));
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (req.method === "GET" && behaviour === "normal" && source(req, res, parts, url)) return;
    /** A GET whose path is exactly `pattern` ("*" matches any one segment). */
    const get = (...pattern: string[]) =>
      req.method === "GET" && parts.length === pattern.length && pattern.every((p, i) => p === "*" || p === parts[i]);
    const repo = `${parts[1]}/${parts[2]}`;
    if (get()) return apiRoot(res);
    if (get("repos", "*", "*", "releases", "latest")) return latest(req, res, repo);
    if (
      parts[0] === "repos" &&
      parts[3] !== "releases" &&
      (behaviour === "rate-limited" || behaviour === "server-error")
    ) {
      if (behaviour === "server-error") return sendJson(res, 500, { message: "Server Error" });
      return sendJson(
        res,
        403,
        { message: "API rate limit exceeded for 127.0.0.1." },
        { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0" },
      );
    }
    if (trees.handle(req, res, parts, url)) return;
    if (get("repos", "*", "*", "releases", "assets", "*")) return assetRedirect(req, res, repo, parts[5]!);
    if (get("storage", "*", "*", "*", "*")) {
      if (req.headers.authorization !== undefined) stats.authorizationOffApi++;
      if (releases.get(repo)?.token && url.searchParams.get("sig") !== "pass")
        return sendJson(res, 404, { message: "Not Found" });
      return download(res, repo, parts[3]!, parts[4]!, true);
    }
    if (get("download", "*", "*", "*", "*")) return download(res, repo, parts[3]!, parts[4]!);
    sendJson(res, 404, { message: "Not Found" });
  }

  let held: Array<() => void> | null = null;
  const http = createServer((req, res) => {
    if (held) return void held.push(() => route(req, res));
    if (behaviour === "slow") {
      const t = setTimeout(() => (timers.delete(t), route(req, res)), opts.slowMs ?? 2000);
      timers.add(t);
      return;
    }
    route(req, res);
  });
  base = `http://127.0.0.1:${await listenOnLoopback(http)}`;
  return {
    url: base,
    stats,
    setBehaviour: (b) => void (behaviour = b),
    hold: () => {
      held ??= [];
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const answer of waiting) answer();
      };
    },
    heldCount: () => held?.length ?? 0,
    setRelease: (repo, release) => void releases.set(repo, release),
    setDownloadFault: (f) => void (fault = f),
    trees,
    close: async () => {
      for (const answer of held ?? []) answer();
      held = null;
      for (const t of timers) clearTimeout(t);
      await closeNow(http);
    },
  };
}
