// Local (stdio) MCP servers as the page sees them: the exact command each would start and whether the user approved
// it. Both the native dialog and the Settings list show a command through formatCommandLine, so they read the same.
import { escapeControl } from "./terminal-text";

/** One local server found in a client's config. */
export interface StdioServer {
  /** Produced by the host from what would run; the only way the page can name a command. */
  id: string;
  name: string;
  /** The config file that names it. */
  configFile: string;
  command: string;
  args: string[];
  cwd: string | null;
  /** Environment variable names it is given (values are never sent to the page). */
  envNames: string[];
  approved: boolean;
}

/** The local servers and how this host takes approvals: a native dialog (Electron) or the page's list (web host). */
export interface StdioServerList {
  servers: StdioServer[];
  approval: "dialog" | "page";
  /** What could not be read (the approvals file, a config), in sentences. */
  problems: string[];
}

const PLAIN = /^[A-Za-z0-9_@%+=:,./\\-]+$/;

/** One word of a command line as it reads unambiguously: plain words as is, others quoted with escapes visible. */
export function showWord(word: string): string {
  if (PLAIN.test(word)) return word;
  return `"${escapeControl(word).replace(/"/g, '\\"')}"`;
}

/** A command and its arguments on one line, each word shown unambiguously (control characters as escapes). */
export function formatCommandLine(command: string, args: string[]): string {
  return [command, ...args].map(showWord).join(" ");
}
