// Recognises a GitHub repository in what skills and lock files write (URLs, git remotes, owner/repo).

/** A GitHub repository and its web page. */
export interface GithubRepo {
  owner: string;
  repo: string;
  /** "owner/repo", the cache and in-flight key. */
  key: string;
  webUrl: string;
}

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

function make(owner: string, repo: string): GithubRepo | null {
  const cleanRepo = repo.replace(/\.git$/i, "");
  if (!NAME.test(owner) || !NAME.test(cleanRepo) || owner.startsWith(".") || cleanRepo === "." || cleanRepo === "..")
    return null;
  return {
    owner,
    repo: cleanRepo,
    key: `${owner}/${cleanRepo}`.toLowerCase(),
    webUrl: `https://github.com/${owner}/${cleanRepo}`,
  };
}

/** The GitHub repository named by a URL, a git remote, `github:owner/repo` or `owner/repo`; null for anything else. */
export function parseGithubRepo(raw: string | null | undefined): GithubRepo | null {
  if (typeof raw !== "string") return null;
  const text = raw.trim();
  if (text === "") return null;
  const ssh = /^(?:ssh:\/\/)?git@github\.com[:/]([^/]+)\/([^/#?]+?)\/?$/i.exec(text);
  if (ssh) return make(ssh[1]!, ssh[2]!);
  const prefixed = /^github:([^/\s]+)\/([^/\s#?]+)$/i.exec(text);
  if (prefixed) return make(prefixed[1]!, prefixed[2]!);
  const short = /^([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)$/.exec(text);
  if (short) return make(short[1]!, short[2]!);
  let url: URL;
  try {
    url = new URL(text.replace(/^git\+/, ""));
  } catch {
    return null;
  }
  if (!/^(https?|git):$/.test(url.protocol) || !/^(www\.)?github\.com$/i.test(url.hostname)) return null;
  const [owner, repo] = url.pathname.split("/").filter(Boolean);
  return owner && repo ? make(owner, repo) : null;
}
