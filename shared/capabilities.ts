// What a skill or plugin folder can do (scripts, hooks, tools, servers, shell commands, hosts, hidden text), and what
// a new version adds over an old one: the capability review every add and update shows before anything is written.

/** A file that can run: a script by its interpreter, or a file marked executable. */
export interface CapabilityScript {
  path: string;
  /** The interpreter its shebang or extension names ("bash", "python3", "node"…), or null for a bare executable. */
  interpreter: string | null;
  executable: boolean;
}

/** A hook: a command a client runs on an event. */
export interface CapabilityHook {
  /** The file declaring it (SKILL.md, hooks/hooks.json, .claude-plugin/plugin.json). */
  file: string;
  event: string;
  command: string;
}

/** A server a plugin starts (stdio command) or connects to (URL). */
export interface CapabilityServer {
  kind: "mcp" | "lsp";
  name: string;
  /** The command line it starts, or the address it connects to. */
  command: string;
  file: string;
}

/** Text placed where a person reading the rendered page does not see it, but a model reads it. */
export interface CapabilityHidden {
  file: string;
  line: number;
  kind: "zero-width" | "bidi" | "tag" | "invisible" | "html-comment";
  /** What is hidden, made visible (tag characters decoded, code points named), at most 120 characters. */
  text: string;
}

/** A shell command the instructions run when the skill is loaded (Claude Code's !`command`). */
export interface CapabilityShell {
  file: string;
  line: number;
  command: string;
}

/** Everything a folder can do, as far as bounded reading found. */
export interface Capabilities {
  scripts: CapabilityScript[];
  hooks: CapabilityHook[];
  allowedTools: string[];
  disallowedTools: string[];
  servers: CapabilityServer[];
  shellCommands: CapabilityShell[];
  /** Hosts the files name in URLs (lower case, sorted). */
  hosts: string[];
  hidden: CapabilityHidden[];
  /** Set when a limit stopped the reading (the limit in a sentence): what is listed may not be all. */
  capped?: string;
}

/** The kinds of capability a new version may add or widen. */
export type CapabilityKind = "script" | "hook" | "tool" | "server" | "shell" | "host" | "hidden";

/** One thing the new version can do that the old one could not. */
export interface CapabilityChange {
  kind: CapabilityKind;
  /** The script's path, the hook's command, the tool, the server's command, the host, the hidden text. */
  item: string;
  /** The change as a sentence a non-expert understands. */
  text: string;
}

/** The capability part of a review: what the new version adds, and what it can do in all. */
export interface CapabilityReview {
  added: CapabilityChange[];
  capabilities: Capabilities;
  /** The new version adds something that runs (a script, a hook, a server, a shell command): ask a person first. */
  asks: boolean;
  /** For an add that replaces a copy already there: that copy's folder, which `added` is measured against. */
  comparedWith?: string;
}

/** A new, empty set of capabilities: what a folder can do before anything is found in it. */
export function emptyCapabilities(): Capabilities {
  return {
    scripts: [],
    hooks: [],
    allowedTools: [],
    disallowedTools: [],
    servers: [],
    shellCommands: [],
    hosts: [],
    hidden: [],
  };
}

/** No capabilities (the "old version" of a skill being added). Exported for tests: they diff against it. */
export const NO_CAPABILITIES: Capabilities = emptyCapabilities();

/** The kinds that run something on the user's machine: the setting "Ask before an update adds…" holds these back. */
export const RUNNING_KINDS: ReadonlySet<CapabilityKind> = new Set(["script", "hook", "server", "shell"]);

const hookKey = (h: CapabilityHook) => `${h.event}\u0000${h.command}`;
const serverKey = (s: CapabilityServer) => `${s.kind}\u0000${s.name}\u0000${s.command}`;
const hiddenKey = (h: CapabilityHidden) => `${h.file}\u0000${h.kind}\u0000${h.text}`;

/** What `next` can do that `prev` could not: new scripts, hooks, tools, servers, commands, hosts and hidden text. */
export function capabilityChanges(prev: Capabilities, next: Capabilities): CapabilityChange[] {
  const out: CapabilityChange[] = [];
  const had = <T>(list: T[], key: (t: T) => string) => new Set(list.map(key));
  const scripts = had(prev.scripts, (s) => `${s.path}\u0000${s.interpreter}`);
  for (const s of next.scripts)
    if (!scripts.has(`${s.path}\u0000${s.interpreter}`))
      out.push({
        kind: "script",
        item: s.path,
        text: `Can run ${s.path}${s.interpreter ? ` (${s.interpreter})` : ""}`,
      });
  const hooks = had(prev.hooks, hookKey);
  for (const h of next.hooks)
    if (!hooks.has(hookKey(h)))
      out.push({ kind: "hook", item: h.command, text: `Runs "${h.command}" on ${h.event} (a hook in ${h.file})` });
  const tools = new Set(prev.allowedTools);
  for (const t of next.allowedTools)
    if (!tools.has(t)) out.push({ kind: "tool", item: t, text: `May use ${t} without asking (allowed-tools)` });
  const denied = new Set(next.disallowedTools);
  for (const t of prev.disallowedTools)
    if (!denied.has(t)) out.push({ kind: "tool", item: t, text: `No longer forbids ${t} (disallowed-tools)` });
  const servers = had(prev.servers, serverKey);
  for (const s of next.servers)
    if (!servers.has(serverKey(s)))
      out.push({
        kind: "server",
        item: s.command,
        text: `Starts ${s.kind === "mcp" ? "an MCP" : "an LSP"} server "${s.name}": ${s.command}`,
      });
  const shells = had(prev.shellCommands, (c) => c.command);
  for (const c of next.shellCommands)
    if (!shells.has(c.command))
      out.push({
        kind: "shell",
        item: c.command,
        text: `Runs "${c.command}" when loaded (${c.file}, line ${c.line})`,
      });
  const hosts = new Set(prev.hosts);
  for (const h of next.hosts) if (!hosts.has(h)) out.push({ kind: "host", item: h, text: `Names a new host: ${h}` });
  const hidden = had(prev.hidden, hiddenKey);
  for (const h of next.hidden)
    if (!hidden.has(hiddenKey(h)))
      out.push({
        kind: "hidden",
        item: h.text,
        text: `Hidden text (${h.kind}) in ${h.file}, line ${h.line}: ${h.text}`,
      });
  return out;
}

/** The capability review of `next` against `prev` (null: nothing was installed before). */
export function capabilityReviewOf(prev: Capabilities | null, next: Capabilities): CapabilityReview {
  const added = capabilityChanges(prev ?? NO_CAPABILITIES, next);
  return { added, capabilities: next, asks: added.some((c) => RUNNING_KINDS.has(c.kind)) };
}

/** "Can run: scripts/fetch.sh (bash); starts an MCP server: npx …; names hosts: api.example.com", or "". */
export function capabilitySummary(c: Capabilities): string {
  const parts: string[] = [];
  if (c.scripts.length)
    parts.push(`Can run: ${c.scripts.map((s) => `${s.path}${s.interpreter ? ` (${s.interpreter})` : ""}`).join(", ")}`);
  if (c.hooks.length) parts.push(`hooks: ${c.hooks.map((h) => `${h.event} → ${h.command}`).join(", ")}`);
  for (const s of c.servers) parts.push(`starts ${s.kind === "mcp" ? "an MCP" : "an LSP"} server: ${s.command}`);
  if (c.shellCommands.length) parts.push(`runs when loaded: ${c.shellCommands.map((s) => s.command).join(", ")}`);
  if (c.allowedTools.length) parts.push(`allowed tools: ${c.allowedTools.join(", ")}`);
  if (c.hosts.length) parts.push(`names hosts: ${c.hosts.join(", ")}`);
  if (c.hidden.length) parts.push(`hidden text in ${[...new Set(c.hidden.map((h) => h.file))].join(", ")}`);
  return parts.join("; ");
}
