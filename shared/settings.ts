// The settings contract both sides share: what the renderer may see (never a secret), what it may change,
// and the input checks, each returning a sentence a non-expert understands (or null when the input is fine).
import { ignoreNameProblem, ignoreVersionProblem, type UpdateIgnores } from "./update-ignores";

/** A server the user added, as the renderer sees it: its address and the names of its headers, never their values. */
export interface PublicServer {
  url: string;
  headerNames: string[];
}

/** The settings as the renderer sees them: secrets reduced to "is there one". */
export interface PublicSettings {
  servers: PublicServer[];
  hasGithubToken: boolean;
  /** The GitHub API address saved in the settings; null or absent for the usual one (a host's flag still wins). */
  githubApi?: string | null;
  pollHours: number;
  /** Whether validation keeps each skill's result and reuses it while the skill's files are unchanged (default on). */
  validationCache: boolean;
  /** Whether Update all leaves for a person an update that adds scripts, hooks or servers (default on). */
  askBeforeRunning?: boolean;
  /** Names the user gave Claude Desktop account trees, by account tree id ("<A>/<B>"). */
  accountNames: Record<string, string>;
  /** Updates the user chose not to see (skill names, and one version per skill name). */
  ignoredUpdates: UpdateIgnores;
  /** Parts of the settings file that could not be used when it was read (no values quoted). */
  problems: string[];
}

/** One change to the settings; exactly one field is set per call. */
export interface SettingsPatch {
  /** Adds a skill-meta server by URL (replacing the headers of one already added with that URL). */
  addServer?: { url: string; headers?: Record<string, string> };
  /** Removes the server added with exactly this URL. */
  removeServer?: string;
  /** Saves a GitHub token; null clears it. */
  githubToken?: string | null;
  /** Saves the GitHub API address (a GitHub Enterprise server, a mirror); null goes back to the usual one. */
  githubApi?: string | null;
  pollHours?: number;
  /** Turns the validation cache on or off. */
  validationCache?: boolean;
  /** Turns "Ask before an update adds scripts, hooks or servers" on or off. */
  askBeforeRunning?: boolean;
  /** Names a Claude Desktop account tree (by its id); a null or blank name goes back to "account N". */
  nameAccount?: { tree: string; name: string | null };
  /** Ignores one version of a skill (a newer one shows again), or with a null version every update of the skill. */
  ignoreUpdates?: { name: string; version: string | null };
  /** Shows a skill's updates again (both its ignored version and "don't check"). */
  unignoreUpdates?: string;
}

/** Hours between automatic checks: the default and the allowed range. */
export const POLL_HOURS = { default: 24, min: 1, max: 168 } as const;
/** Bounds that keep the settings file small and every value sendable. */
export const SETTINGS_LIMITS = {
  servers: 50,
  urlLength: 2048,
  headers: 20,
  headerNameLength: 256,
  headerValueLength: 8192,
  tokenLength: 1024,
  accountNames: 100,
  accountNameLength: 60,
  accountTreeLength: 300,
} as const;

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Headers the MCP transport sets itself; a user value would break the connection.
const RESERVED_HEADERS = new Set([
  "host",
  "content-length",
  "content-type",
  "accept",
  "connection",
  "transfer-encoding",
  "mcp-session-id",
  "mcp-protocol-version",
]);

/** Why a server address cannot be used, or null. */
export function serverUrlProblem(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "")
    return "Enter the server's address, for example https://example.com/mcp.";
  if (value.length > SETTINGS_LIMITS.urlLength)
    return `The address is too long (at most ${SETTINGS_LIMITS.urlLength} characters).`;
  if (value !== value.trim() || /[\s\u0000-\u001f]/.test(value))
    return "The address must not contain spaces or line breaks.";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "That is not a web address. It should start with https:// (or http://).";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "Only http:// and https:// addresses can be used.";
  if (url.username !== "" || url.password !== "")
    return "Do not put a user name or password in the address; add them as a header (for example Authorization) instead.";
  if (url.hash !== "") return "Remove the part after # from the address.";
  return null;
}

/** Why a header name cannot be used, or null. */
export function headerNameProblem(name: unknown): string | null {
  if (typeof name !== "string" || name === "")
    return "A header needs a name before the colon, for example Authorization: Bearer abc.";
  if (name.length > SETTINGS_LIMITS.headerNameLength || !HEADER_NAME.test(name))
    return "A header name may only use letters, digits and - (no spaces).";
  if (RESERVED_HEADERS.has(name.toLowerCase())) return `Skillshelf sets the ${name} header itself; leave it out.`;
  return null;
}

/** Why a header value cannot be used, or null (the value itself is never quoted: it may be a secret). */
export function headerValueProblem(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "") return "A header needs a value after the colon.";
  if (value.length > SETTINGS_LIMITS.headerValueLength)
    return `A header value is too long (at most ${SETTINGS_LIMITS.headerValueLength} characters).`;
  if (value !== value.trim() || !/^[\t\u0020-\u007e\u0080-\u00ff]+$/.test(value))
    return "A header value may only use plain characters (no line breaks, no emoji or accented letters beyond Latin-1).";
  return null;
}

/** Why a set of headers cannot be used, or null. */
function headersProblem(headers: unknown): string | null {
  if (!headers || typeof headers !== "object" || Array.isArray(headers))
    return "The headers are not a list of names and values.";
  const entries = Object.entries(headers);
  if (entries.length > SETTINGS_LIMITS.headers) return `At most ${SETTINGS_LIMITS.headers} headers per server.`;
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const problem = headerNameProblem(name) ?? headerValueProblem(value);
    if (problem) return problem;
    if (seen.has(name.toLowerCase())) return `The header ${name} is given twice.`;
    seen.add(name.toLowerCase());
  }
  return null;
}

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts reached over plain http. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why a GitHub API address cannot be used, or null: https, or plain http on this computer only. */
export function githubApiProblem(value: unknown): string | null {
  const problem = serverUrlProblem(value);
  if (problem) return problem;
  const url = new URL(value as string);
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname))
    return "Plain http:// is only used on this computer (localhost); use an https:// address.";
  if (url.search !== "") return "Remove the part after ? from the address.";
  return null;
}

/** Why a GitHub token cannot be used, or null (never quoted). */
export function githubTokenProblem(token: unknown): string | null {
  if (typeof token !== "string" || token === "") return "Paste the token first.";
  if (token.length > SETTINGS_LIMITS.tokenLength)
    return `That token is too long (at most ${SETTINGS_LIMITS.tokenLength} characters).`;
  if (!/^[\u0021-\u007e]+$/.test(token))
    return "A GitHub token has no spaces or line breaks; check that only the token was pasted.";
  return null;
}

/** Why a check interval cannot be used, or null. */
export function pollHoursProblem(hours: unknown): string | null {
  if (typeof hours !== "number" || !Number.isInteger(hours) || hours < POLL_HOURS.min || hours > POLL_HOURS.max) {
    return `The check interval must be a whole number of hours from ${POLL_HOURS.min} to ${POLL_HOURS.max} (one week).`;
  }
  return null;
}

/** Why a Claude Desktop account tree id cannot be named, or null. */
export function accountTreeProblem(tree: unknown): string | null {
  if (
    typeof tree !== "string" ||
    tree === "" ||
    tree.length > SETTINGS_LIMITS.accountTreeLength ||
    /[\u0000-\u001f\u007f]/.test(tree)
  )
    return "That Claude Desktop account is not understood.";
  return null;
}

/** Why a name for a Claude Desktop account cannot be used, or null (blank clears it). */
export function accountNameProblem(name: unknown): string | null {
  if (name === null) return null;
  if (typeof name !== "string") return "The account's name is not text.";
  if (name.trim().length > SETTINGS_LIMITS.accountNameLength)
    return `Keep the account's name short (at most ${SETTINGS_LIMITS.accountNameLength} characters).`;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name))
    return "The account's name cannot hold line breaks or control characters.";
  return null;
}

/** Reads "Name: value" lines (blank lines ignored) into headers, or says which line is wrong. */
export function parseHeaderLines(text: string): { headers: Record<string, string> } | { error: string } {
  const headers = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const colon = line.indexOf(":");
    if (colon < 0) return { error: `Header line ${i + 1} has no colon; write it as Name: value.` };
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const problem = headerNameProblem(name) ?? headerValueProblem(value);
    if (problem) return { error: `Header line ${i + 1}: ${problem}` };
    if ([...headers.keys()].some((n) => n.toLowerCase() === name.toLowerCase()))
      return { error: `Header line ${i + 1}: the header ${name} is given twice.` };
    headers.set(name, value);
  }
  if (headers.size > SETTINGS_LIMITS.headers)
    return { error: `At most ${SETTINGS_LIMITS.headers} headers per server.` };
  return { headers: Object.fromEntries(headers) };
}

/** Why a patch cannot be applied, or null: one known field, each value valid. */
export function settingsPatchProblem(patch: unknown): string | null {
  if (!patch || typeof patch !== "object" || Array.isArray(patch)) return "The change is not understood.";
  const keys = Object.keys(patch);
  if (keys.length !== 1) return "Change one setting at a time.";
  const p = patch as Record<string, unknown>;
  switch (keys[0]) {
    case "addServer": {
      const server = p.addServer as Record<string, unknown> | null;
      if (!server || typeof server !== "object" || Array.isArray(server)) return "The server to add is not understood.";
      if (Object.keys(server).some((k) => k !== "url" && k !== "headers"))
        return "The server to add has unknown fields.";
      return serverUrlProblem(server.url) ?? (server.headers === undefined ? null : headersProblem(server.headers));
    }
    case "removeServer":
      return typeof p.removeServer === "string" &&
        p.removeServer.length > 0 &&
        p.removeServer.length <= SETTINGS_LIMITS.urlLength
        ? null
        : "The server to remove is not understood.";
    case "githubToken":
      return p.githubToken === null ? null : githubTokenProblem(p.githubToken);
    case "githubApi":
      return p.githubApi === null ? null : githubApiProblem(p.githubApi);
    case "pollHours":
      return pollHoursProblem(p.pollHours);
    case "validationCache":
      return typeof p.validationCache === "boolean" ? null : "The validation cache can only be turned on or off.";
    case "askBeforeRunning":
      return typeof p.askBeforeRunning === "boolean" ? null : "This setting can only be turned on or off.";
    case "nameAccount": {
      const naming = p.nameAccount as Record<string, unknown> | null;
      if (
        !naming ||
        typeof naming !== "object" ||
        Array.isArray(naming) ||
        Object.keys(naming).some((k) => k !== "tree" && k !== "name")
      )
        return "The account to name is not understood.";
      return accountTreeProblem(naming.tree) ?? accountNameProblem(naming.name);
    }
    case "ignoreUpdates": {
      const ignore = p.ignoreUpdates as Record<string, unknown> | null;
      if (
        !ignore ||
        typeof ignore !== "object" ||
        Array.isArray(ignore) ||
        Object.keys(ignore).some((k) => k !== "name" && k !== "version")
      )
        return "The update to ignore is not understood.";
      return ignoreNameProblem(ignore.name) ?? (ignore.version === null ? null : ignoreVersionProblem(ignore.version));
    }
    case "unignoreUpdates":
      return ignoreNameProblem(p.unignoreUpdates);
    default:
      return "That setting does not exist.";
  }
}
