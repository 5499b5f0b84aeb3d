// Starts `skillshelf serve` (the built bin) for a browser test, over a home built in a temp folder, and talks to its API.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ScanPlatform } from "../../electron/engine/discovery/types";
import { TOKEN_HEADER } from "../../electron/host/security";
import type { CommandChannel, IpcCommands } from "../../shared/ipc";
import type { ScanResult } from "../../shared/model";
import { buildFixtureHome } from "../../test-support/fixture-homes";
import { makeTempDir } from "../../test-support/tmp";

/** Every skill of a scan, plugins' skills included, each once (re-exported for the specs). */
export { allSkills } from "../../shared/scan-result";

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A running `skillshelf serve`, the home it reads, and a typed caller for its API. */
export interface AppHost {
  url: string;
  origin: string;
  token: string;
  home: string;
  /** The temp folder holding the home and anything the test adds. */
  root: string;
  /** Calls one command the way the page does (token header, same Origin). */
  call<C extends CommandChannel>(
    channel: C,
    ...args: Parameters<IpcCommands[C]>
  ): Promise<Awaited<ReturnType<IpcCommands[C]>>>;
  /** The catalog as the host sees it now. */
  catalog(): Promise<ScanResult>;
  close(): Promise<void>;
}

/** Options: an OS fixture home (or an empty one), extra folders, environment. */
export interface AppHostOptions {
  platform: ScanPlatform;
  /** Build the discovery fixture home for the platform (default true); false starts from an empty home. */
  fixtureHome?: boolean;
  /** Prepares files in the temp root before the host starts; returns extra --include folders. */
  prepare?: (root: string, home: string) => Promise<string[] | void>;
  env?: Record<string, string>;
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(
      () => reject(new Error(`skillshelf serve printed no URL within 30 s.\n${out}\n${err}`)),
      30_000,
    );
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`skillshelf serve exited with ${code}.\n${out}\n${err}`));
    });
  });
}

/** Starts a host for one test file. */
export async function startAppHost(options: AppHostOptions): Promise<AppHost> {
  const tmp = await makeTempDir("skillshelf-e2e-");
  let home = path.join(tmp.dir, "home");
  let env: Record<string, string> = {};
  if (options.fixtureHome !== false) {
    const built = await buildFixtureHome(options.platform, path.join(tmp.dir, options.platform));
    home = built.home;
    env = built.env;
  } else {
    await mkdir(home, { recursive: true });
  }
  const include = (await options.prepare?.(tmp.dir, home)) ?? [];
  const args = [
    path.join(REPO_ROOT, "bin", "skillshelf.js"),
    "serve",
    "--port",
    "0",
    "--home",
    home,
    "--platform",
    options.platform,
    "--no-poll",
    ...include.flatMap((d) => ["--include", d]),
  ];
  const child = spawn(process.execPath, args, {
    cwd: tmp.dir,
    env: {
      ...process.env,
      ...env,
      SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
      SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
      SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await waitForUrl(child).catch(async (error: Error) => {
    child.kill("SIGKILL");
    await tmp.cleanup();
    throw error;
  });
  const parsed = new URL(url);
  const origin = parsed.origin;
  const token = parsed.searchParams.get("token")!;
  const call: AppHost["call"] = async (channel, ...callArgs) => {
    const res = await fetch(`${origin}/api/${channel}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, [TOKEN_HEADER]: token },
      body: JSON.stringify(callArgs),
    });
    const body = (await res.json()) as { ok: boolean; value?: unknown; error?: string };
    if (!body.ok) throw new Error(`${channel}: ${body.error} (HTTP ${res.status})`);
    return body.value as never;
  };
  return {
    url,
    origin,
    token,
    home,
    root: tmp.dir,
    call,
    catalog: () => call("catalog:scan"),
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await tmp.cleanup();
    },
  };
}
