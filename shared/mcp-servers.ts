// The MCP servers the user's clients are configured with, as the Settings page lists them (read-only, no secrets),
// and the outcome of testing one with the skill-meta probe.

/** One server found in a client's config: where it came from, how it is reached, the names of its headers only. */
export interface ConfiguredServer {
  /** A stable id for this server in this config (for "Test"). */
  id: string;
  name: string;
  kind: "http" | "stdio";
  /** The URL (without credentials or query), or the command line of a local server. */
  address: string;
  /** The config file that names it. */
  configuredIn: string;
  headerNames: string[];
  /** Whether "Test" can run for it (web servers only: a local server is started only once approved, and never by a test). */
  testable: boolean;
}

/** Every server found, and config files that could not be read. */
export interface ConfiguredServerList {
  servers: ConfiguredServer[];
  problems: Array<{ file: string; problem: string }>;
}

/** One check of the probe, in words. */
export interface ServerTestCheck {
  title: string;
  pass: boolean;
  detail: string;
}

/** What testing a server found: whether it answers as a skill-meta server, and each check. */
export interface ServerTestResult {
  id: string;
  ok: boolean;
  summary: string;
  checks: ServerTestCheck[];
}

/** True for the id format the host gives configured servers. */
export function isConfiguredServerId(value: unknown): value is string {
  return typeof value === "string" && /^[0-9a-f]{32}$/.test(value);
}
