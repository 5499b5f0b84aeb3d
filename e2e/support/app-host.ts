// Starts `skillshelf serve` (the built bin) for a browser test, over a home built in a temp folder, and talks to its API.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ScanPlatform } from "../../electron/engine/discovery/types";
import { SESSION_HEADER, unwrapReply, type CommandChannel, type IpcCommands } from "../../shared/ipc";
import type { ScanResult } from "../../shared/model";
import { buildFixtureHome } from "../../test-support/fixture-homes";
import { makeTempDir } from "../../test-support/tmp";

/** Every skill of a scan, plugins' skills included, each once (re-exported for the specs). */
export { allSkills } from "../../shared/scan-result";

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A running `skillshelf serve`, the home it reads, and a typed caller for its API. */
export interface AppHost {
  /** The private sign-in file serve printed, as a file:// address: each opening signs one browser in. */
  url: string;
  /** The file itself (0600, rewritten with a fresh one-time code after each use). */
  openFile: string;
  origin: string;
  home: string;
  /** Everything serve printed so far (its questions and codes included). */
  output(): string;
  /** Waits for the next confirmation code serve prints (code mode) and returns it. */
  nextConsentCode(): Promise<string>;
  /** The one-time code the sign-in file holds now. */
  currentCode(): Promise<string>;
  /** The temp folder holding the home and anything the test adds. */
  root: string;
  /** Calls one command the way the page does (the session header, same Origin). */
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

/** serve's printed output, collected as it comes. */
function collectOutput(child: ChildProcess): { text: () => string; errors: () => string } {
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  return { text: () => out, errors: () => err };
}

/** Waits until `find` matches serve's output (polling), or fails with what was printed. */
async function waitForOutput(
  child: ChildProcess,
  output: ReturnType<typeof collectOutput>,
  find: (out: string) => string | null,
  what: string,
  from = 0,
): Promise<string> {
  const until = Date.now() + 30_000;
  for (;;) {
    const found = find(output.text().slice(from));
    if (found !== null) return found;
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`skillshelf serve printed no ${what}.\n${output.text()}\n${output.errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const codeInFile = async (file: string): Promise<string> =>
  decodeURIComponent(/#code=([^"&]+)/.exec(await readFile(file, "utf8"))?.[1] ?? "");

/** Signs in with the file's one-time code, as the page does, and waits until serve wrote the next code; the session. */
async function signIn(origin: string, file: string): Promise<string> {
  const code = await codeInFile(file);
  const res = await fetch(`${origin}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ code }),
  });
  const session = ((await res.json().catch(() => null)) as { value?: { session?: string } } | null)?.value?.session;
  if (!res.ok || !session) throw new Error(`signing in failed (HTTP ${res.status})`);
  for (let i = 0; i < 100 && (await codeInFile(file)) === code; i++) await new Promise((r) => setTimeout(r, 50));
  return session;
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
      // Never the data folder of the user running the tests; a test that wants the home's own says so in its env.
      SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
      SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const started = await Promise.all([
    waitForOutput(child, output, (out) => /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out)?.[1] ?? null, "address"),
    waitForOutput(child, output, (out) => /(file:\/\/\S+\.html)/.exec(out)?.[1] ?? null, "sign-in file"),
  ]).catch(async (error: Error) => {
    child.kill("SIGKILL");
    await tmp.cleanup();
    throw error;
  });
  const [origin, url] = started;
  const openFile = fileURLToPath(url);
  const session = await signIn(origin, openFile);
  let consentSeen = 0;
  const call: AppHost["call"] = async (channel, ...callArgs) => {
    const res = await fetch(`${origin}/api/${channel}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, [SESSION_HEADER]: session },
      body: JSON.stringify(callArgs),
    });
    const body = (await res.json()) as { ok: boolean; value?: unknown; error?: { message: string; cause: string } };
    if (!body.ok) throw new Error(`${channel}: ${body.error?.message} (HTTP ${res.status})`);
    // A catalog's answer travels packed: the page's own unwrapping restores it.
    return unwrapReply(body) as never;
  };
  return {
    url,
    openFile,
    origin,
    home,
    output: output.text,
    async nextConsentCode() {
      const pattern = /type this code into the page: ([A-Z0-9]{4}-[A-Z0-9]{4})/;
      const code = await waitForOutput(child, output, (out) => pattern.exec(out)?.[1] ?? null, "code", consentSeen);
      consentSeen = output.text().indexOf(code, consentSeen) + code.length;
      return code;
    },
    currentCode: () => codeInFile(openFile),
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
