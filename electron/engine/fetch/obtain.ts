// Gets the new version of a skill into staging: downloads it (or reads a local archive or folder), unpacks it safely,
// finds the skill inside and validates it. Nothing outside `<dataDir>/staging` is written.
import { randomBytes } from "node:crypto";
import { rm, stat } from "node:fs/promises";
import { ensureDataFolder } from "../app-data/data-trust";
import path from "node:path";
import type { Diagnostic, TaskProgress, UpdateDownload } from "../../../shared/model";
import { githubUrl } from "../updates/github-http";
import { stagingRoot } from "../app-data/data-dir";
import { downloadFile } from "./download";
import { EngineError } from "../errors";
import { extractArchive } from "../archive/extract";
import { locateSkill } from "./locate";
import { copyTree } from "../transaction/tree";

/** A new version, unpacked and validated in staging; call cleanup() when done with it. */
export interface ObtainedSkill {
  stagingDir: string;
  skillDir: string;
  name: string;
  version: string | null;
  diagnostics: Diagnostic[];
  /** Where it came from (the URL or the file), for messages. */
  source: string;
  /** What the archive held that was left out (macOS metadata: `__MACOSX/`, `._*`, `.DS_Store`); empty for a folder. */
  leftOut: string[];
  cleanup(): Promise<void>;
}

/** Options of obtainSkill. */
export interface ObtainOptions {
  dataDir: string;
  expectName: string;
  onProgress?: (p: TaskProgress) => void;
  signal?: AbortSignal;
  sha256?: string;
  maxBytes?: number;
}

/** A release file to download: its address, and the token for the GitHub API's origin when it is fetched there. */
export interface DownloadSource {
  url: string;
  bearer?: { token: string; origin: string };
  /** The address shown as where the new version came from, when `url` is the API's (the release's own address). */
  shown?: string;
}

/**
 * Where a release file is downloaded from: with a token, through GitHub's API when the file has an address on the API's
 * origin (a private repository's files are served only there; the API redirects to storage, which never gets the
 * token); else its public address. An address on another origin never gets the token.
 */
export function releaseFileSource(
  file: UpdateDownload,
  token: string | undefined,
  apiBase: string | undefined,
): DownloadSource {
  const origin = githubUrl(apiBase, "/")?.origin;
  if (!token || !origin) return { url: file.url };
  const onApi = (raw: string | undefined) => raw !== undefined && URL.canParse(raw) && new URL(raw).origin === origin;
  if (onApi(file.apiUrl)) return { url: file.apiUrl!, bearer: { token, origin }, shown: file.url };
  return onApi(file.url) ? { url: file.url, bearer: { token, origin } } : { url: file.url };
}

/** Downloads or reads the new version named by `from` and returns it validated; throws EngineError with the reason. */
export function obtainSkill(from: DownloadSource | { file: string }, options: ObtainOptions): Promise<ObtainedSkill> {
  return stageSkill(options.dataDir, options.expectName, (stagingDir) => unpackSource(from, stagingDir, options));
}

/**
 * Puts what `from` names into `<stagingDir>/unpacked`: a downloaded archive or a local archive unpacked by the one
 * archive reader, or a local folder copied (links inside it only). Used by updates and by adding a new skill.
 */
export async function unpackSource(
  from: DownloadSource | { file: string },
  stagingDir: string,
  options: Pick<ObtainOptions, "maxBytes" | "sha256" | "signal" | "onProgress">,
): Promise<{ unpacked: string; source: string; leftOut: string[] }> {
  const unpacked = path.join(stagingDir, "unpacked");
  let source: string;
  let leftOut: string[] = [];
  if ("url" in from) {
    source = from.shown ?? from.url;
    const downloaded = await downloadFile(from.url, {
      dir: stagingDir,
      maxBytes: options.maxBytes,
      sha256: options.sha256,
      signal: options.signal,
      onProgress: options.onProgress,
      ...(from.bearer ? { bearer: from.bearer } : {}),
    });
    leftOut = (await extractArchive(downloaded.file, unpacked)).leftOut;
    await rm(downloaded.file, { force: true });
  } else {
    source = path.resolve(from.file);
    const info = await stat(source).catch((error: NodeJS.ErrnoException) => {
      throw new EngineError(
        "install.source.unreadable",
        `${source} cannot be read.`,
        undefined,
        error.code ?? error.message,
      );
    });
    // A folder's links are checked where they really resolve, not only by their text.
    if (info.isDirectory()) await copyTree(source, unpacked, { links: "real-inside" });
    else if (info.isFile()) leftOut = (await extractArchive(source, unpacked)).leftOut;
    else throw new EngineError("install.source.unreadable", `${source} is neither a folder nor an archive file.`);
  }
  if (options.signal?.aborted) throw new EngineError("install.download.cancelled", "The update was cancelled.");
  return { unpacked, source, leftOut };
}

/**
 * Makes a fresh staging folder, lets `fill` put the new version in it, then finds and validates the skill in the folder
 * `fill` names; the staging folder is removed when any step fails, so every way of obtaining a version stages alike.
 */
export async function stageSkill(
  dataDir: string,
  expectName: string,
  fill: (stagingDir: string) => Promise<{ unpacked: string; source: string; leftOut?: string[] }>,
): Promise<ObtainedSkill> {
  const stagingDir = path.join(stagingRoot(dataDir), `${Date.now()}-${randomBytes(4).toString("hex")}`);
  await ensureDataFolder(dataDir, stagingDir);
  const cleanup = () => rm(stagingDir, { recursive: true, force: true });
  try {
    const { unpacked, source, leftOut = [] } = await fill(stagingDir);
    const located = await locateSkill(unpacked, expectName);
    const outside = located.diagnostics.filter((d) => d.code === "skill.symlink.outside");
    if (outside.length > 0)
      throw new EngineError(
        "install.source.link-outside",
        `The new version holds a link out of its folder, so it was not installed: ${outside[0]!.message}`,
      );
    return {
      stagingDir,
      skillDir: located.dir,
      name: located.name,
      version: located.version,
      diagnostics: located.diagnostics,
      source,
      leftOut,
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
