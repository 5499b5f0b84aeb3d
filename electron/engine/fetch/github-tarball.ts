// The one download of a GitHub repository's tarball (`/repos/O/R/tarball/REF` of the API): the update of a skill
// without a version and `add owner/repo` both use it, so the address, the limits and where the token goes live once.
import type { TaskProgress } from "../../../shared/model";
import { EngineError } from "../errors";
import { githubUrl } from "../updates/github-http";
import { downloadFile, type Downloaded } from "./download";

/** Where and how a tarball is downloaded. */
export interface TarballOptions {
  /** The GitHub API base (SKILLSHELF_GITHUB_API, a flag or setting, else the public API). */
  apiBase?: string | undefined;
  /** The staging folder the file is written into. */
  dir: string;
  maxBytes?: number | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((p: TaskProgress) => void) | undefined;
  /** Sent to the API's own origin only: GitHub redirects the archive to codeload with a token of its own. */
  token?: string | undefined;
}

/** Downloads OWNER/REPO at REF as a tar.gz into the staging folder; throws EngineError. */
export async function downloadGithubTarball(
  repo: { owner: string; repo: string },
  ref: string,
  options: TarballOptions,
): Promise<Downloaded> {
  const url = githubUrl(
    options.apiBase,
    `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}/tarball/${encodeURIComponent(ref)}`,
  );
  if (!url) throw new EngineError("install.download.refused-url", "The GitHub API address is not a valid URL.");
  return downloadFile(url.href, {
    dir: options.dir,
    maxBytes: options.maxBytes,
    signal: options.signal,
    onProgress: options.onProgress,
    ...(options.token ? { bearer: { token: options.token, origin: url.origin } } : {}),
  });
}
