// Gets everything a source holds into staging (GitHub's repository tarball through its API, a git clone, a download
// or a local folder or archive through the one archive reader) and lists the skills in it, each read and validated.
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { ensureDataFolder } from "../app-data/data-trust";
import path from "node:path";
import { stopsLoading } from "../../../shared/client-fit";
import type { Diagnostic, TaskProgress } from "../../../shared/model";
import { stagingRoot } from "../app-data/data-dir";
import { downloadGithubTarball } from "../fetch/github-tarball";
import { causeOfErrno, EngineError } from "../errors";
import { extractArchive } from "../archive/extract";
import { skillFolders } from "../fetch/locate";
import { unpackSource } from "../fetch/obtain";
import { copyTree } from "../transaction/tree";
import { readSkill } from "../skill/read-skill";
import { MAX_RELEASE_BODY_BYTES } from "../updates/capped-body";
import { githubGetJson, githubUrl } from "../updates/github-http";
import { addStagingName } from "./add-journal";
import { cloneGitSource } from "./git-source";
import { stageMcpSkills } from "../mcp-skills/client";
import { stageSiteSkills } from "../mcp-skills/well-known";
import type { RemoteOrigin } from "../mcp-skills/origins";
import type { AddSource } from "./source";

/** One skill found in a source. */
export interface Candidate {
  /** The SKILL.md's name, else its folder's own name; "" when neither can be read (add refuses it). */
  name: string;
  dir: string;
  /** Its SKILL.md's path in the repository (the installer's skillPath), "/"-separated. */
  skillPath: string;
  version: string | null;
  description: string;
  diagnostics: Diagnostic[];
  /** Findings that stop clients from loading it (it is refused unless forced). */
  blockers: Diagnostic[];
  /** Where it came from, when that was an MCP server or a site's index (recorded once it is installed). */
  origin?: RemoteOrigin;
}

/** A source unpacked in staging with its skills; cleanup() removes the staging folder. */
export interface StagedSource {
  stagingDir: string;
  shown: string;
  ref: string | null;
  candidates: Candidate[];
  cleanup(): Promise<void>;
}

/** Options of stageSource. Exported for tests: they stage sources directly. */
export interface StageOptions {
  dataDir: string;
  apiBase?: string;
  token?: string;
  signal?: AbortSignal;
  onProgress?: (p: TaskProgress) => void;
  maxBytes?: number;
  /** Time allowed for GitHub's answer naming the default branch (default REPO_ANSWER_TIMEOUT_MS; tests shorten it). */
  apiTimeoutMs?: number;
  /** The skills asked for: a server or site with one named sends only that one. */
  skills?: string[];
  /** The user approved the `allowed-tools` grants of skills from an MCP server. */
  allowTools?: boolean;
}

const MAX_CANDIDATES = 500;
/** An address naming an archive: it is downloaded, never read as a site's skills index. */
const ARCHIVE_PATH = /\.(zip|skill|tar\.gz|tgz|tar)$/i;

/**
 * Time allowed for GitHub's answer naming a repository's default branch, whether or not the caller can cancel.
 * Exported for tests: they assert the real limit while running with a short one.
 */
export const REPO_ANSWER_TIMEOUT_MS = 20_000;
/** Largest answer about a repository read (a real one is a few KiB). */
const MAX_REPO_ANSWER_BYTES = MAX_RELEASE_BODY_BYTES;

async function defaultBranch(source: Extract<AddSource, { kind: "github" }>, options: StageOptions): Promise<string> {
  const name = `${source.owner}/${source.repo}`;
  const url = githubUrl(
    options.apiBase,
    `/repos/${encodeURIComponent(source.owner)}/${encodeURIComponent(source.repo)}`,
  );
  if (!url) throw new EngineError("install.download.refused-url", "The GitHub API address is not a valid URL.");
  const answer = await githubGetJson(url, {
    token: options.token,
    timeoutMs: options.apiTimeoutMs ?? REPO_ANSWER_TIMEOUT_MS,
    maxBytes: MAX_REPO_ANSWER_BYTES,
    signal: options.signal,
  });
  if (options.signal?.aborted)
    throw new EngineError("install.download.cancelled", "The download was cancelled.", "cancelled");
  if (answer.kind === "ok") {
    const branch = (answer.body as { default_branch?: unknown } | null)?.default_branch;
    if (typeof branch === "string" && branch) return branch;
    throw new EngineError("install.download.failed", `GitHub's answer about ${name} names no default branch.`);
  }
  if (answer.kind === "status")
    throw new EngineError(
      "install.download.failed",
      answer.status === 404
        ? `GitHub answered 404 for ${name}: no such repository, or it is private (set a GitHub token).`
        : `GitHub answered ${answer.status} for ${name}: ${answer.reason}`,
      answer.rateLimited ? "rate-limited" : answer.status === 404 ? "not-found" : undefined,
    );
  const reason = answer.kind === "failed" ? answer.reason : "GitHub's answer could not be used.";
  throw new EngineError(
    "install.download.failed",
    `GitHub's answer about ${name} could not be read: ${reason}`,
    answer.kind === "failed" && answer.cause === "timeout" ? "timeout" : "offline",
  );
}

/** The one folder GitHub's tarball holds everything under. */
async function onlyFolder(dir: string): Promise<string> {
  const entries = await readdir(dir, { withFileTypes: true });
  if (entries.length !== 1 || !entries[0]!.isDirectory())
    throw new EngineError(
      "install.archive.invalid",
      "GitHub's archive does not have the one top-level folder it should have.",
    );
  return path.join(dir, entries[0]!.name);
}

/** What fill staged: the folder standing for the repository root, the subpath in it, and remote origins by folder. */
interface Filled {
  root: string;
  subpath: string;
  shown: string;
  ref: string | null;
  origins?: Map<string, RemoteOrigin>;
}

/** Fills `stagingDir` from the source; returns the folder standing for the repository root and the subpath in it. */
async function fill(source: AddSource, stagingDir: string, options: StageOptions): Promise<Filled> {
  const unpacked = path.join(stagingDir, "unpacked");
  if (source.kind === "local") {
    await unpackSource({ file: source.path }, stagingDir, options);
    return { root: unpacked, subpath: "", shown: source.path, ref: null };
  }
  const one = options.skills?.length === 1 ? options.skills[0]! : null;
  if (source.kind === "mcp") {
    await mkdir(unpacked, { recursive: true, mode: 0o700 });
    const staged = await stageMcpSkills(source.url, unpacked, {
      skill: one,
      approveToolGrants: options.allowTools === true,
      signal: options.signal,
    });
    const origins = new Map<string, RemoteOrigin>(
      staged.map((s) => [s.path, { kind: "mcp", server: source.url, uri: s.uri, resources: s.resources }]),
    );
    return { root: unpacked, subpath: "", shown: `mcp:${source.url}`, ref: null, origins };
  }
  if (source.kind === "url" && !ARCHIVE_PATH.test(new URL(source.url).pathname)) {
    await mkdir(unpacked, { recursive: true, mode: 0o700 });
    const staged = await stageSiteSkills(source.url, unpacked, { skill: one, signal: options.signal });
    if (staged) {
      const origins = new Map<string, RemoteOrigin>(staged.map((s) => [s.name, { kind: "site", ...s }]));
      return { root: unpacked, subpath: "", shown: source.url, ref: null, origins };
    }
    await rm(unpacked, { recursive: true, force: true });
  }
  if (source.kind === "url") {
    await unpackSource({ url: source.url }, stagingDir, options);
    return { root: unpacked, subpath: "", shown: source.url, ref: null };
  }
  if (source.kind === "git") {
    const clone = path.join(stagingDir, "clone");
    await cloneGitSource(source.url, source.ref, clone, { signal: options.signal });
    await rm(path.join(clone, ".git"), { recursive: true, force: true });
    await copyTree(clone, unpacked, { links: "real-inside" });
    await rm(clone, { recursive: true, force: true });
    return { root: unpacked, subpath: "", shown: source.url, ref: source.ref };
  }
  const ref = source.ref ?? (await defaultBranch(source, options));
  const downloaded = await downloadGithubTarball(source, ref, { ...options, dir: stagingDir });
  await extractArchive(downloaded.file, unpacked, { format: "tar.gz" });
  await rm(downloaded.file, { force: true });
  const shown = `https://github.com/${source.owner}/${source.repo}${source.subpath ? `/tree/${ref}/${source.subpath}` : ""}`;
  return { root: await onlyFolder(unpacked), subpath: source.subpath, shown, ref: source.ref };
}

/** The source as a person names it, before it is staged. */
function sourceShown(source: AddSource): string {
  return source.kind === "local"
    ? source.path
    : source.kind === "github"
      ? `${source.owner}/${source.repo}`
      : source.kind === "mcp"
        ? `mcp:${source.url}`
        : source.url;
}

/** The name the source's root folder stands for (its staged copy is named `unpacked`), or "" when it has none. */
async function rootName(source: AddSource, subpath: string): Promise<string> {
  const last = subpath.split("/").filter(Boolean).pop();
  if (last) return last;
  if (source.kind === "github") return source.repo;
  if (source.kind === "git")
    return (
      source.url
        .replace(/[\\/:]+$/, "")
        .split(/[\\/:]/)
        .pop()
        ?.replace(/\.git$/, "") ?? ""
    );
  if (source.kind === "local" && (await stat(source.path)).isDirectory()) return path.basename(source.path);
  return "";
}

/** A file-system failure reading the source as a sentence (a path too long, links in a circle, no permission). */
function unreadableSource(error: unknown, source: AddSource): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (error instanceof EngineError || typeof code !== "string") return error;
  const shown = sourceShown(source);
  const why =
    code === "ENAMETOOLONG"
      ? `${shown} holds folders nested so deeply that a path in it is longer than the system allows`
      : code === "ELOOP"
        ? `${shown} holds links that lead round in a circle`
        : `${shown} could not be read (${code})`;
  return new EngineError("install.source.unreadable", `${why}; nothing was added.`, causeOfErrno(error), code);
}

/** Stages the source and lists its skills (below `subpath` when one was named); throws EngineError. */
export async function stageSource(source: AddSource, options: StageOptions): Promise<StagedSource> {
  const stagingDir = path.join(stagingRoot(options.dataDir), addStagingName());
  await ensureDataFolder(options.dataDir, stagingDir);
  const cleanup = () => rm(stagingDir, { recursive: true, force: true });
  try {
    const { root, subpath, shown, ref, origins } = await fill(source, stagingDir, options);
    const base = path.resolve(root, ...subpath.split("/").filter(Boolean));
    const inside = path.relative(root, base);
    if (inside === ".." || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside))
      throw new EngineError(
        "manage.source.invalid",
        `The folder "${subpath.slice(0, 200)}" is outside what ${shown} holds, so nothing was added from it.`,
      );
    const rels = (await skillFolders(base)).slice(0, MAX_CANDIDATES);
    if (!rels.length)
      throw new EngineError(
        "install.skill.not-found",
        `${shown} holds no SKILL.md, so there is no skill in it to add.`,
      );
    const candidates: Candidate[] = [];
    for (const rel of rels) {
      const dir = path.join(base, ...rel.split("/").filter(Boolean));
      const report = await readSkill(dir);
      // The copy is installed in a folder of its name, so the staged folder's name is not a finding.
      const diagnostics = report.diagnostics.filter((d) => d.code !== "skill.name.dir-mismatch");
      const repoRel = [subpath, rel].filter(Boolean).join("/");
      const origin = origins?.get(repoRel);
      candidates.push({
        ...(origin ? { origin } : {}),
        name: report.name || (rel ? path.basename(dir) : await rootName(source, subpath)),
        dir,
        skillPath: repoRel ? `${repoRel}/SKILL.md` : "SKILL.md",
        version: report.version,
        description: report.description ?? "",
        diagnostics,
        blockers: diagnostics.filter((d) => stopsLoading(d, null)),
      });
    }
    return { stagingDir, shown, ref, candidates, cleanup };
  } catch (error) {
    await cleanup();
    throw unreadableSource(error, source);
  }
}
