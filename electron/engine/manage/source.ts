// What `skillshelf add SOURCE` names, read without touching the network: a local folder or archive, a GitHub
// repository (owner/repo, owner/repo/path, a tree or release address), a git address or an https archive address.
import { existsSync } from "node:fs";
import path from "node:path";
import { EngineError } from "../errors";
import { refusedServerUrl } from "../mcp-skills/server-url";

/** One source of skills to add, as parsed. */
export type AddSource =
  | { kind: "local"; path: string }
  | { kind: "url"; url: string }
  | { kind: "github"; owner: string; repo: string; ref: string | null; subpath: string }
  | { kind: "git"; url: string; ref: string | null }
  | { kind: "mcp"; url: string };

const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const ARCHIVE = /\.(zip|skill|tar\.gz|tgz|tar)$/i;
const MAX_SOURCE = 2000;

const cleanSubpath = (parts: string[]): string | null => {
  const kept = parts.filter(Boolean);
  if (kept.some((p) => p === "." || p === ".." || p.includes("\\"))) return null;
  return kept.join("/");
};

function githubOf(owner: string, repo: string, ref: string | null, rest: string[]): AddSource | null {
  const name = repo.replace(/\.git$/, "");
  if (!NAME.test(owner) || !NAME.test(name) || /^\.+$/.test(owner) || /^\.+$/.test(name)) return null;
  const subpath = cleanSubpath(rest);
  return subpath === null ? null : { kind: "github", owner, repo: name, ref, subpath };
}

/** A path segment of an address, decoded; null when it hides a separator, `.`/`..` or a control character. */
function decodedSegment(raw: string): string | null {
  let part: string;
  try {
    part = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return /[/\\\u0000-\u001f]/.test(part) || part === "." || part === ".." ? null : part;
}

function fromGithubUrl(url: URL): AddSource | null {
  const decoded = url.pathname.split("/").filter(Boolean).map(decodedSegment);
  if (decoded.some((p) => p === null)) return null;
  const parts = decoded as string[];
  const [owner, repo, kind, ...rest] = parts;
  if (!owner || !repo) return null;
  if (kind === undefined) return githubOf(owner, repo, null, []);
  if ((kind === "tree" || kind === "blob") && rest[0]) return githubOf(owner, repo, rest[0], rest.slice(1));
  if (kind === "releases" && rest[0] === "tag" && rest[1]) return githubOf(owner, repo, rest[1], []);
  if (kind === "releases" && rest[0] === "download") return { kind: "url", url: url.href };
  return null;
}

/** `mcp:URL`: an MCP server's streamable-HTTP address, https (plain http only on this machine, as for archives). */
function mcpSource(raw: string): AddSource {
  const refused = refusedServerUrl(raw);
  if (refused) throw new EngineError("manage.source.invalid", `mcp: needs the address of an MCP server. ${refused}`);
  return { kind: "mcp", url: new URL(raw).href };
}

/** Parses SOURCE (relative paths against cwd); throws EngineError("manage.source.invalid") with what was expected. */
export function parseAddSource(raw: string, cwd: string): AddSource {
  const input = raw.trim();
  const invalid = () =>
    new EngineError(
      "manage.source.invalid",
      `"${input.slice(0, 200)}" is not a source Skillshelf can add from: give owner/repo, owner/repo/path/to/skill, a GitHub address, a git address, an https address of an archive, or a local folder or .zip/.skill/.tar.gz file.`,
    );
  if (!input || input.length > MAX_SOURCE || /[\u0000-\u001f]/.test(input)) throw invalid();
  if (/^mcp:/i.test(input)) return mcpSource(input.slice(4));
  const local = path.resolve(cwd, input);
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(input);
  if (!isUrl && (existsSync(local) || input.startsWith(".") || path.isAbsolute(input) || ARCHIVE.test(input)))
    return { kind: "local", path: local };
  const gitSsh = /^git@([^:]+):(.+?)(?:\.git)?$/.exec(input);
  if (gitSsh) return { kind: "git", url: input, ref: null };
  if (URL.canParse(input)) {
    const url = new URL(input);
    if (url.protocol === "git:" || url.protocol === "ssh:") return { kind: "git", url: input, ref: null };
    if (url.protocol === "file:" && url.pathname.endsWith(".git")) return { kind: "git", url: url.href, ref: null };
    if (url.protocol !== "https:" && url.protocol !== "http:") throw invalid();
    if (url.hostname === "github.com") {
      if (url.pathname.endsWith(".git")) return { kind: "git", url: url.href, ref: null };
      const parsed = fromGithubUrl(url);
      if (parsed) return parsed;
      throw invalid();
    }
    if (url.pathname.endsWith(".git")) return { kind: "git", url: url.href, ref: null };
    return { kind: "url", url: url.href };
  }
  const parts = input.split("/");
  if (parts.length >= 2) {
    const [owner, repo, ...rest] = parts;
    const parsed = githubOf(owner!, repo!, null, rest);
    if (parsed) return parsed;
  }
  throw invalid();
}

/** The source as the `skills` installer's lock names it (source, sourceType, sourceUrl), or null when it writes none. */
export function lockSourceOf(source: AddSource): { source: string; sourceType: string; sourceUrl: string } | null {
  switch (source.kind) {
    case "github":
      return {
        source: `${source.owner}/${source.repo}`,
        sourceType: "github",
        sourceUrl: `https://github.com/${source.owner}/${source.repo}.git`,
      };
    case "git":
      return { source: source.url, sourceType: "git", sourceUrl: source.url };
    case "local":
      return ARCHIVE.test(source.path) ? null : { source: source.path, sourceType: "local", sourceUrl: source.path };
    case "url":
    case "mcp":
      return null;
  }
}
