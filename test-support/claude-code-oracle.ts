// Claude Code's own validator (`claude plugin validate`, npm @anthropic-ai/claude-code) as an oracle: installed on demand
// into a cache outside the repository (never into the project's node_modules), run offline with a throwaway home.
import { execFile, spawnSync } from "node:child_process";
import { accessSync, constants, createReadStream, mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** The release the oracle tests run against (the newest the registry served when they were last moved). */
export const CLAUDE_CODE_VERSION = "2.1.332";

/** Where the oracles are cached: $SKILLSHELF_ORACLE_CACHE, else ~/.cache/skillshelf-oracles. */
export function oracleCache(env: NodeJS.ProcessEnv = process.env): string {
  return env.SKILLSHELF_ORACLE_CACHE?.trim() || path.join(os.homedir(), ".cache", "skillshelf-oracles");
}

/** The native `claude` program inside an install folder (the npm package ships one per platform). */
function binaryIn(prefix: string): string {
  const platform = `${process.platform === "win32" ? "win32" : process.platform}-${process.arch}`;
  const name = process.platform === "win32" ? "claude.exe" : "claude";
  return path.join(prefix, "node_modules", "@anthropic-ai", `claude-code-${platform}`, name);
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The oracle's executable, installing it first when it is not cached; or why it cannot be had here. */
export function ensureClaudeCode(
  env: NodeJS.ProcessEnv = process.env,
): { ok: true; bin: string } | { ok: false; reason: string } {
  const prefix = path.join(oracleCache(env), `claude-code-${CLAUDE_CODE_VERSION}`);
  const bin = binaryIn(prefix);
  if (executable(bin)) return { ok: true, bin };
  mkdirSync(prefix, { recursive: true });
  // --ignore-scripts: the package's postinstall only copies the platform binary, which we run from where npm put it.
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const run = spawnSync(
    npm,
    [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--loglevel=error",
      `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`,
    ],
    { encoding: "utf8", timeout: 8 * 60_000, env: { ...env, npm_config_update_notifier: "false" } },
  );
  if (executable(bin)) return { ok: true, bin };
  const why = (run.error?.message ?? run.stderr ?? "").trim().split("\n").slice(-3).join(" ");
  return {
    ok: false,
    reason: `npm could not install @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} for ${process.platform}-${process.arch} into ${prefix}${why ? ` (${why})` : ""}`,
  };
}

/** What `claude plugin validate PATH` said: its exit code (0 valid, 1 errors) and its output. */
export interface OracleVerdict {
  status: number | null;
  output: string;
}

/**
 * Runs `claude plugin validate` on one folder with a throwaway home and config folder, no network needed; `extra` adds
 * options (such as `--profile directory`).
 */
export async function claudeValidate(
  bin: string,
  target: string,
  extra: readonly string[] = [],
): Promise<OracleVerdict> {
  const home = await mkdtemp(path.join(os.tmpdir(), "skillshelf-claude-home-"));
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    USERPROFILE: home,
    CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    NO_COLOR: "1",
  };
  try {
    return await new Promise<OracleVerdict>((resolve) => {
      execFile(
        bin,
        ["plugin", "validate", target, ...extra],
        { encoding: "utf8", timeout: 120_000, env },
        (error, out, err) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          resolve({ status: code, output: `${out}${err}` });
        },
      );
    });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** Bytes kept from the end of one chunk of the bundle for the next, so text cut between two chunks is still found. */
const CHUNK_OVERLAP = 64 * 1024;

/**
 * The SKILL.md frontmatter keys Claude Code's own schema reads, taken from the program (its bundled JavaScript holds
 * the zod schema: `u({name:…,"allowed-tools":…,…}).extend({when_to_use:…,…})`); null when the schema is not found.
 */
export async function claudeCodeSkillKeys(bin: string): Promise<string[] | null> {
  const marker = Buffer.from('"disallowed-tools":');
  let carry = Buffer.alloc(0);
  for await (const chunk of createReadStream(bin, { highWaterMark: 16 * 1024 * 1024 }) as AsyncIterable<Buffer>) {
    const data = Buffer.concat([carry, chunk]);
    for (let at = data.indexOf(marker); at !== -1; at = data.indexOf(marker, at + 1)) {
      const window = data.subarray(Math.max(0, at - 4096), Math.min(data.length, at + 16384)).toString("latin1");
      const keys = schemaKeys(window);
      if (keys) return keys;
    }
    carry = data.subarray(Math.max(0, data.length - CHUNK_OVERLAP));
  }
  return null;
}

/** The keys of the skill schema in a window of the bundle, when it holds the whole schema (through `improved_by`). */
function schemaKeys(window: string): string[] | null {
  const start = window.lastIndexOf("({name:", window.indexOf('"disallowed-tools":'));
  const extend = window.indexOf(".extend({", start);
  const last = window.indexOf("improved_by:", extend);
  if (start === -1 || extend === -1 || last === -1) return null;
  const end = window.indexOf("}))", last);
  if (end === -1) return null;
  const schema = window.slice(start, end);
  // A key opens an entry: after `{` or `,`, a bare or quoted name, then its zod call (`Ek()`, `n1()`, `U([…])`...).
  const keys = [...schema.matchAll(/[{,](?:"([\w-]+)"|([A-Za-z_][\w]*)):[A-Za-z_$][\w$]*\(/g)].map(
    (m) => m[1] ?? m[2]!,
  );
  return keys.includes("name") && keys.includes("when_to_use") ? [...new Set(keys)] : null;
}
