// The shape every `skillshelf` sub-command takes, so the dispatcher can parse, document and run them alike.
import type { ParseArgsConfig } from "node:util";
import type { ValidateRunPlan } from "./validate-run";
import { bytesHoldWideControl } from "../../shared/terminal-text";

/** Where a command writes and what it may read of its environment (tests pass their own). */
export interface CliIo {
  stdout: (text: string) => void;
  /**
   * stdout for bytes already encoded (printJson's UTF-8, so a long document is not encoded twice); absent where the
   * terminal guard applies or a test collects text, and then printJson writes text.
   */
  stdoutBytes?: (bytes: Uint8Array) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Whether stdout is a terminal (prompt keeps its bytes exact only when it is not). */
  stdoutIsTerminal?: boolean;
  /**
   * The unguarded writers, only for the output of a program the user confirmed running (`update --run-recipe`): that
   * program could write to the terminal itself anyway, and its progress lines (`\r`) and colours read as intended.
   */
  passthrough?: { stdout: (text: string) => void; stderr: (text: string) => void };
  /** `validate`'s kept run for this command line (the bin's entry checked it; `validate` fills in what to keep). */
  validateRun?: ValidateRunPlan;
}

/** Parsed flags and positionals of one invocation. */
export interface CliArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/** One sub-command: its flags, its help text and what it does; returns the exit code (0, 1, 2; see docs/architecture.md). */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  run: (args: CliArgs, io: CliIo) => Promise<number>;
  /** Set when the command escapes its own stdout (prompt's byte-exact block); the dispatcher escapes everyone else's. */
  ownsTerminalEscaping?: boolean;
}

/** Thrown for bad usage or unreadable input; the dispatcher prints it and exits 2. */
export class UsageError extends Error {}

/**
 * Characters JSON.stringify leaves raw (always inside strings) that a terminal acts on: DEL, C1 controls, line
 * separators, bidi controls. Written as \uXXXX, the JSON holds the same strings and the dispatcher's terminal guard
 * (which `--format json|sarif` also pass through) finds nothing to rewrite into invalid JSON.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same set, for a quick look: testing scans a long text several times faster than a replace that finds nothing. */
const HAS_RAW_IN_JSON = new RegExp(RAW_IN_JSON.source);
const jsonEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** JSON text with each RAW_IN_JSON character written as its \uXXXX escape. */
export const escapeRawInJson = (text: string): string =>
  HAS_RAW_IN_JSON.test(text) ? text.replace(RAW_IN_JSON, jsonEscape) : text;

/** True when UTF-8 bytes may hold a character of RAW_IN_JSON (found with memchr-speed indexOf, not a scan of the text). */
export const mayHoldRawInJson = (bytes: Buffer): boolean => bytesHoldWideControl(bytes);

const NEWLINE = Buffer.from("\n");

/** Writes exactly one JSON document to stdout (as bytes when the writer takes them: a long one is encoded once). */
export function printJson(io: CliIo, value: unknown): void {
  const text = JSON.stringify(value, null, 2);
  if (io.stdoutBytes) {
    const bytes = Buffer.from(text);
    if (!mayHoldRawInJson(bytes)) {
      io.stdoutBytes(bytes);
      io.stdoutBytes(NEWLINE);
      return;
    }
  }
  io.stdout(escapeRawInJson(text) + "\n");
}

/** Reads a string flag that may be given once. */
export function stringFlag(args: CliArgs, name: string): string | undefined {
  const v = args.values[name];
  return typeof v === "string" ? v : undefined;
}

/** Reads a flag that may be repeated. */
export function listFlag(args: CliArgs, name: string): string[] {
  const v = args.values[name];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
  return typeof v === "string" ? [v] : [];
}
