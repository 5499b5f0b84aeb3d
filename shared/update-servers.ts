// How each skill-meta server fared the last time it was asked, shared by Settings (each server's state) and the
// Updates view (which server failed): answering for some skills, unreachable with the error, or not asked yet.

/** One server's state, without secrets (the address has no credentials or query). */
export interface UpdateServerStatus {
  /** The address (web servers) or the command's name (local ones). */
  address: string;
  /** "settings" for a server the user added, else the config file that names it. */
  configuredIn: string;
  state: "answering" | "unreachable" | "not-asked";
  /** The skills it answered for (answering only). */
  skills: string[];
  /** Why it could not be used (unreachable only), in a sentence. */
  error?: string;
  /** When it was asked (ISO 8601). */
  at?: string;
}

/** "the server at 127.0.0.1:5000/mcp": how the Updates view names a server for people. */
export function serverLabel(address: string): string {
  return `the server at ${address.replace(/^https?:\/\//, "")}`;
}

/**
 * What the GitHub address in use answered when Settings asked it for GitHub's API root: GitHub's API (with a note
 * when its rate limit is used up), asked for a token, something that is not GitHub's API, or nothing. `address` has
 * no credentials or query; `reason` is a sentence for the page.
 */
export type GithubAddressStatus =
  | { state: "answering"; address: string; note?: string }
  | { state: "needs-token" | "not-github" | "unreachable"; address: string; reason: string };
