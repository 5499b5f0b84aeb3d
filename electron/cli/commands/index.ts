// The registry of sub-commands: names and summaries are static (help needs nothing else); each command's module,
// with everything it imports, is loaded only when that command runs, so `validate` never loads the MCP SDK or zod.
import type { CliCommand } from "../command";

/** One registered sub-command: what `skillshelf --help` shows, and how to load the command itself. */
export interface CommandEntry {
  name: string;
  summary: string;
  /** Imports the command's module (its own chunk in the bundle). */
  load: () => Promise<CliCommand>;
}

/** Every sub-command, in the order `skillshelf --help` lists them; a test checks each against its module. */
export const commands: readonly CommandEntry[] = [
  {
    name: "validate",
    summary: "Check skills, plugins and skill archives against the specifications.",
    load: async () => (await import("./validate")).validateCommand,
  },
  {
    name: "prompt",
    summary: "Print the level-1 <available_skills> block for skills, byte-exact (no trailing newline).",
    load: async () => (await import("./prompt")).promptCommand,
  },
  {
    name: "levels",
    summary: "Show what a model sees of one skill at levels 1, 2 and 3, with sizes and token estimates.",
    load: async () => (await import("./levels")).levelsCommand,
  },
  {
    name: "budget",
    summary:
      "Show what each client's skill listing costs every conversation, what it cuts, and switch skills down or off.",
    load: async () => (await import("./budget")).budgetCommand,
  },
  {
    name: "scan",
    summary: "Find every skill and plugin on this machine (or a given home) and check each one.",
    load: async () => (await import("./scan")).scanCommand,
  },
  {
    name: "outdated",
    summary:
      "Check every skill found for a newer version (skill-meta servers, GitHub releases; uses the app's saved settings).",
    load: async () => (await import("./outdated")).outdatedCommand,
  },
  {
    name: "offered",
    summary: "List the skills your MCP servers offer (the Skills extension), without installing anything.",
    load: async () => (await import("./offered")).offeredCommand,
  },
  {
    name: "update",
    summary:
      "Get and apply the new version of one installed skill, the safe way for where it lives (backup kept; see rollback).",
    load: async () => (await import("./update")).updateCommand,
  },
  {
    name: "rollback",
    summary:
      "Restore the copy of a skill kept before its last update (the replaced copy is kept in turn), or put back a removed skill.",
    load: async () => (await import("./rollback")).rollbackCommand,
  },
  {
    name: "add",
    summary:
      "Add skills from a repository, address, folder or archive to clients (the skills installer's layout and lock).",
    load: async () => (await import("./add")).addCommand,
  },
  {
    name: "remove",
    summary: "Remove a skill's copies and links (every client, or those named) and its lock entry; undo with rollback.",
    load: async () => (await import("./remove")).removeCommand,
  },
  {
    name: "share",
    summary: "Also use an installed skill in other clients (a link to its one copy, or a copy with --copy).",
    load: async () => (await import("./share")).shareCommand,
  },
  {
    name: "probe-meta",
    summary: "Check a skill-meta MCP server against the protocol's server rules (pass/fail table).",
    load: async () => (await import("./probe-meta")).probeMetaCommand,
  },
  {
    name: "pack",
    summary:
      "Build a .skill archive from a skill folder; with --for claude-desktop it must pass Desktop's upload rules.",
    load: async () => (await import("./pack")).packCommand,
  },
  {
    name: "serve",
    summary: "Serve the app in your browser on 127.0.0.1 (for machines without the desktop window).",
    load: async () => (await import("./serve")).serveCommand,
  },
];
