// Consent to start local (stdio) MCP servers: each command found in a client's config is identified by a hash of
// exactly what would run (config file, command, arguments, working folder, environment), and is started only once the
// user approved that exact command. A new or changed command has a new id, so it waits for a new approval.
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { readTextFile } from "../fs/safe-fs";
import { writeJsonAtomic } from "../fs/write";
import { isPlainObject } from "../plugin/diagnostics";
import { parseJsonWithinLimits } from "../fs/json-limits";
import type { StdioServer } from "../../../shared/stdio-servers";

/** One local server command as found in a config: exactly what would be started (environment values stay out). */
export type StdioCommand = Omit<StdioServer, "approved">;

/** An approval as saved: the id and, for people reading the file, what it approved. */
export type StdioApproval = Omit<StdioCommand, "envNames"> & { approvedAt: string };

/** The approvals file beside the settings file. */
const STDIO_APPROVALS_FILE_NAME = "stdio-approvals.json";
const MAX_APPROVALS_BYTES = 1024 * 1024;
const MAX_APPROVALS = 500;

/** The id of a command: a hash over everything that decides what runs. */
export function stdioCommandId(parts: {
  configFile: string;
  command: string;
  args: string[];
  cwd: string | null;
  env: Record<string, string>;
}): string {
  const env = Object.entries(parts.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash("sha256")
    .update(JSON.stringify(["stdio-consent/1", parts.configFile, parts.command, parts.args, parts.cwd, env]))
    .digest("hex")
    .slice(0, 32);
}

/** The approvals file for a settings file (same folder). */
export function stdioApprovalsFile(settingsFile: string): string {
  return path.join(path.dirname(settingsFile), STDIO_APPROVALS_FILE_NAME);
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

function readApproval(raw: unknown): StdioApproval | null {
  if (!isPlainObject(raw)) return null;
  const { id, name, configFile, command, args, cwd, approvedAt } = raw;
  if (
    typeof id !== "string" ||
    !/^[0-9a-f]{32}$/.test(id) ||
    typeof configFile !== "string" ||
    typeof command !== "string" ||
    !isStringArray(args)
  )
    return null;
  return {
    id,
    name: typeof name === "string" ? name : "",
    configFile,
    command,
    args,
    cwd: typeof cwd === "string" ? cwd : null,
    approvedAt: typeof approvedAt === "string" ? approvedAt : "",
  };
}

/** Reads the approvals; a missing file means none, an unusable one is reported and treated as none (nothing starts). */
export async function loadStdioApprovals(file: string): Promise<{ approvals: StdioApproval[]; problems: string[] }> {
  const read = await readTextFile(file, { maxBytes: MAX_APPROVALS_BYTES });
  if (!read.ok)
    return {
      approvals: [],
      problems:
        read.reason === "not-found"
          ? []
          : [
              `The approved local servers could not be read (${read.message}); none will be started until approved again.`,
            ],
    };
  let parsed: unknown;
  try {
    const limited = parseJsonWithinLimits(read.text);
    if (!limited.ok) throw new Error(limited.why);
    parsed = limited.value;
  } catch {
    return {
      approvals: [],
      problems: ["The file of approved local servers is not valid JSON; none will be started until approved again."],
    };
  }
  const list = isPlainObject(parsed) && Array.isArray(parsed.approvals) ? parsed.approvals : null;
  if (!list)
    return {
      approvals: [],
      problems: [
        "The file of approved local servers holds no list of approvals; none will be started until approved again.",
      ],
    };
  const approvals = list.map(readApproval).filter((a): a is StdioApproval => a !== null);
  const problems =
    approvals.length < list.length
      ? [`${list.length - approvals.length} saved approval(s) of local servers could not be used and were left out.`]
      : [];
  return { approvals: approvals.slice(0, MAX_APPROVALS), problems };
}

/** Saves the approvals (0600, atomically). */
export async function saveStdioApprovals(file: string, approvals: StdioApproval[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeJsonAtomic(file, { version: 1, approvals }, { mode: 0o600 });
}

/** The approvals after approving these commands (each replaces an older approval with its id). */
export function withApproved(approvals: StdioApproval[], commands: StdioCommand[], now: Date): StdioApproval[] {
  const ids = new Set(commands.map((c) => c.id));
  const added = commands.map((c) => ({
    id: c.id,
    name: c.name,
    configFile: c.configFile,
    command: c.command,
    args: [...c.args],
    cwd: c.cwd,
    approvedAt: now.toISOString(),
  }));
  return [...approvals.filter((a) => !ids.has(a.id)), ...added].slice(-MAX_APPROVALS);
}
