// A git source into staging: only safe transports (plain http and git:// only to this machine, as for downloads), a
// shallow clone without checkout, its tree counted and sized against the archive limits, and only then checked out.
import { spawn } from "node:child_process";
import { formatBytes } from "../../../shared/format";
import { isLoopbackHost } from "../fetch/download";
import { EngineError } from "../errors";
import { EXTRACT_LIMITS, type ExtractLimits } from "../archive/extract-rules";

/** The limits a git tree is held to before checkout: the archive limits on files, folders and unpacked bytes. */
export type GitTreeLimits = Pick<ExtractLimits, "maxFiles" | "maxTotalBytes">;

/** The archive limits, as git sources use them. Exported for tests: they check git and archives share them. */
export const GIT_TREE_LIMITS: GitTreeLimits = {
  maxFiles: EXTRACT_LIMITS.maxFiles,
  maxTotalBytes: EXTRACT_LIMITS.maxTotalBytes,
};

const CLONE_TIMEOUT_MS = 300_000;

/** Where a git address points: its transport and host (scp-like `user@host:path` is ssh), or null when unknown. */
function transportOf(url: string): { protocol: string; host: string } | null {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    if (!URL.canParse(url)) return null;
    const parsed = new URL(url);
    return { protocol: parsed.protocol.replace(/:$/, "").toLowerCase(), host: parsed.hostname };
  }
  const scp = /^[^@/:]+@([^:/]+):/.exec(url);
  return scp ? { protocol: "ssh", host: scp[1]! } : null;
}

/**
 * The transports git may use for `url` (GIT_ALLOW_PROTOCOL), or throws the refusal in words.
 * Exported for tests: they check each transport's answer without running git.
 */
export function allowedGitProtocols(url: string): string {
  const where = transportOf(url);
  if (!where)
    throw new EngineError(
      "install.download.refused-url",
      `"${url.slice(0, 200)}" is not a git address Skillshelf uses.`,
    );
  if (where.protocol === "https" || where.protocol === "ssh" || where.protocol === "file") return "https:ssh:file";
  if ((where.protocol === "http" || where.protocol === "git") && isLoopbackHost(where.host))
    return `https:ssh:file:${where.protocol}`;
  if (where.protocol === "http" || where.protocol === "git")
    throw new EngineError(
      "install.download.refused-url",
      `Plain ${where.protocol}:// is not safe for git (${where.host}): anyone on the way could change what is cloned; use an https:// or ssh address.`,
    );
  throw new EngineError("install.download.refused-url", `git over ${where.protocol} is not used; use https or ssh.`);
}

/** Runs git; resolves with its exit code; `onRecord` sees stdout records (NUL-separated) and may stop git by returning false. */
function runGit(
  args: string[],
  options: { cwd?: string; allow: string; signal?: AbortSignal; onRecord?: (record: string) => boolean },
): Promise<{ code: number | null; stderr: string; stopped: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, {
      cwd: options.cwd,
      // Only these transports: `ext::` and other helpers would run a command named in the address.
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ALLOW_PROTOCOL: options.allow },
      stdio: ["ignore", options.onRecord ? "pipe" : "ignore", "pipe"],
      signal: options.signal,
      timeout: CLONE_TIMEOUT_MS,
    });
    let stderr = "";
    let stopped = false;
    let pending = "";
    child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString("utf8")).slice(-2000)));
    child.stdout?.on("data", (d: Buffer) => {
      if (stopped) return;
      const records = (pending + d.toString("utf8")).split("\0");
      pending = records.pop()!;
      for (const record of records)
        if (!options.onRecord!(record)) {
          stopped = true;
          child.kill();
          return;
        }
    });
    child.on("error", (error) => {
      if (options.signal?.aborted) return resolve({ code: null, stderr, stopped: true });
      reject(new EngineError("install.download.failed", `git could not be run (${error.message}).`));
    });
    child.on("close", (code) => resolve({ code, stderr, stopped }));
  });
}

/** Refuses the clone at `dir` when its tree holds more files or folders, or more bytes, than `limits` allow. */
async function checkGitTree(dir: string, shown: string): Promise<void> {
  const limits = GIT_TREE_LIMITS;
  let files = 0;
  let folders = 0;
  let bytes = 0;
  let hit = null as string | null;
  // "<mode> <type> <object> <size>\t<path>": trees (-t) have "-" as size; submodules are not checked out.
  const result = await runGit(["ls-tree", "-r", "-t", "-l", "-z", "HEAD"], {
    cwd: dir,
    allow: "file",
    onRecord: (record) => {
      const [mode, type, , size] = record.split("\t")[0]!.split(/ +/);
      if (type === "tree" && ++folders > limits.maxFiles) hit = `more than ${limits.maxFiles} folders`;
      if (type === "blob" && ++files > limits.maxFiles) hit = `more than ${limits.maxFiles} files`;
      if (type === "blob" && mode !== "120000") bytes += Number(size) || 0;
      if (bytes > limits.maxTotalBytes) hit = `more than ${formatBytes(limits.maxTotalBytes)} of files`;
      return hit === null;
    },
  });
  if (hit)
    throw new EngineError(
      "install.archive.too-large",
      `${shown} holds ${hit} (the limit for a source, as for archives), so it was refused as a possible bomb and nothing from it was kept.`,
    );
  if (result.code !== 0)
    throw new EngineError(
      "install.download.failed",
      `git could not list what ${shown} holds: ${lastLine(result.stderr)}`,
    );
}

const lastLine = (stderr: string): string => stderr.trim().split("\n").pop() || "git failed.";

/** Clones `url` at `ref` into `dest` (shallow), checks its tree against the archive limits, then checks it out. */
export async function cloneGitSource(
  url: string,
  ref: string | null,
  dest: string,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const allow = allowedGitProtocols(url);
  const cancelled = () => new EngineError("install.download.cancelled", "The clone was cancelled.", "cancelled");
  const branch = ref ? ["--branch", ref] : [];
  const clone = await runGit(["clone", "--quiet", "--no-checkout", "--depth", "1", ...branch, "--", url, dest], {
    allow,
    signal: options.signal,
  });
  if (options.signal?.aborted) throw cancelled();
  if (clone.code !== 0)
    throw new EngineError("install.download.failed", `git clone of ${url} failed: ${lastLine(clone.stderr)}`);
  await checkGitTree(dest, url);
  const checkout = await runGit(["checkout", "--quiet", "--force", "HEAD"], {
    cwd: dest,
    allow: "file",
    signal: options.signal,
  });
  if (options.signal?.aborted) throw cancelled();
  if (checkout.code !== 0)
    throw new EngineError("install.download.failed", `git checkout of ${url} failed: ${lastLine(checkout.stderr)}`);
}
