// The CLI as a package: `npm pack` of the checkout, installed offline into an empty folder as a CI user would, then run.
// It must hold only what runs (no sources, tests or maps), depend on nothing, run no install script, and print exactly
// what the checkout's bin prints.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN, runProcess, type CliRun } from "../test-support/cli";
import { skipBecause } from "../test-support/skip";
import { makeTempDir } from "../test-support/tmp";
// @ts-expect-error: the build script is plain JavaScript without declarations.
import { buildRenderer, buildRendererHost } from "./build.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = path.join(ROOT, "electron/engine/skill/fixtures");
const MB = 1024 * 1024;

type Run = CliRun;

/** Runs a program in `cwd` with extra environment (npm packs and installs can take minutes on a busy machine). */
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  runProcess(command, args, { cwd, env: { ...process.env, ...env }, timeoutMs: 10 * 60_000 });

/** npm with a private, empty cache and no registry or update checks: the install must need nothing but the tarball. */
function npm(args: string[], cwd: string, cache: string): Promise<Run> {
  return run("npm", args, cwd, {
    npm_config_cache: cache,
    npm_config_update_notifier: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_registry: "http://127.0.0.1:9/",
  });
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? folderBytes(full) : entry.isFile() ? statSync(full).size : 0);
  }, 0);
}

interface Packed {
  size: number;
  unpackedSize: number;
  files: Array<{ path: string }>;
}

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let packed: Packed | null = null;
let installDir = "";
let pkgDir = "";
let installRun: Run;
let npmMissing = "";

beforeAll(async () => {
  tmp = await makeTempDir("skillshelf-package-");
  const version = await run("npm", ["--version"], tmp.dir).catch(() => null);
  if (!version || version.code !== 0) {
    npmMissing = "npm is not on PATH";
    return;
  }
  // The global set-up built the CLI; the web UI `serve` needs is built here once when missing.
  if (
    !existsSync(path.join(ROOT, "dist/renderer/index.html")) ||
    !existsSync(path.join(ROOT, "dist/.notices/renderer.json"))
  )
    await buildRenderer();
  if (!existsSync(path.join(ROOT, "dist/renderer-host/first-screen.cjs"))) await buildRendererHost();
  const cache = path.join(tmp.dir, "cache");
  // Scripts are skipped here only because the global set-up built dist already (prepack would rebuild it under the other tests).
  const pack = await npm(["pack", "--ignore-scripts", "--json", "--pack-destination", tmp.dir], ROOT, cache);
  expect(pack.code, pack.stderr).toBe(0);
  packed = (JSON.parse(pack.stdout) as Packed[])[0]!;
  installDir = path.join(tmp.dir, "empty project");
  const { mkdir } = await import("node:fs/promises");
  await mkdir(installDir);
  const tarball = path.join(
    tmp.dir,
    readdirSync(tmp.dir).find((f) => f.endsWith(".tgz"))!,
  );
  installRun = await npm(["install", "--offline", tarball], installDir, cache);
  pkgDir = path.join(installDir, "node_modules", "skillshelf");
}, 300_000);
afterAll(() => tmp.cleanup());

describe("npm pack", () => {
  it("holds the bin, the CLI bundle, the web UI, docs, licence and notices, and no sources, tests or maps", (ctx) => {
    if (npmMissing) skipBecause(ctx, npmMissing);
    const files = packed!.files.map((f) => f.path);
    for (const needed of [
      "package.json",
      "README.md",
      "LICENSE",
      "bin/skillshelf.js",
      "dist/app.cjs",
      "dist/cli/skillshelf.mjs",
      "dist/cli/read-worker.mjs",
      "dist/renderer/index.html",
      "dist/renderer-host/first-screen.cjs",
      "dist/THIRD_PARTY_NOTICES",
      "docs/diagnostics.md",
      "docs/ci.md",
    ])
      expect(files).toContain(needed);
    const unexpected = files.filter(
      (f) =>
        !/^(package\.json|README\.md|LICENSE|bin\/skillshelf\.js|dist\/app\.cjs|dist\/THIRD_PARTY_NOTICES)$/.test(f) &&
        !/^dist\/cli\/[\w-]+\.mjs$/.test(f) &&
        !/^dist\/renderer\//.test(f) &&
        !/^dist\/renderer-host\/first-screen\.cjs$/.test(f) &&
        !/^docs\/[\w-]+\.md$/.test(f),
    );
    expect(unexpected).toEqual([]);
    expect(files.filter((f) => /\.(map|ts|tsx)$|\.test\.|(^|\/)(e2e|bench|electron|scripts)\//.test(f))).toEqual([]);
  });

  it("is at most 1.5 MB packed and 8 MB unpacked", (ctx) => {
    if (npmMissing) skipBecause(ctx, npmMissing);
    expect(packed!.size).toBeLessThanOrEqual(1.5 * MB);
    expect(packed!.unpackedSize).toBeLessThanOrEqual(8 * MB);
  });
});

describe("the installed package", () => {
  it("installs one package, offline, with no dependency and no install script", (ctx) => {
    if (npmMissing) skipBecause(ctx, npmMissing);
    expect(installRun.code, installRun.stderr).toBe(0);
    expect(installRun.stderr).not.toMatch(/install-scripts|deprecated|ERR!/);
    expect(readdirSync(path.join(installDir, "node_modules")).filter((n) => !n.startsWith("."))).toEqual([
      "skillshelf",
    ]);
    const manifest = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8")) as Record<string, unknown>;
    for (const field of ["dependencies", "optionalDependencies", "peerDependencies", "bundleDependencies"])
      expect(manifest[field], field).toBeUndefined();
    const scripts = (manifest.scripts ?? {}) as Record<string, string>;
    for (const hook of ["preinstall", "install", "postinstall", "prepare"]) expect(scripts[hook], hook).toBeUndefined();
    expect(manifest.private).toBeUndefined();
    expect(folderBytes(pkgDir)).toBeLessThanOrEqual(8 * MB);
  });

  it("prints --version, validate and prompt exactly as the checkout's bin does, exit codes included", async (ctx) => {
    if (npmMissing) skipBecause(ctx, npmMissing);
    const installedBin = path.join(installDir, "node_modules", ".bin", "skillshelf");
    const cases = [
      ["--version"],
      ["validate", "."],
      ["validate", ".", "--format", "json"],
      ["validate", "valid-full", "name-uppercase", "--format", "github"],
      ["prompt", "valid-full", "valid-minimal"],
    ];
    for (const args of cases) {
      const ours = await run(process.execPath, [BIN, ...args], FIXTURES);
      const theirs = await run(process.execPath, [installedBin, ...args], FIXTURES);
      expect(theirs.stdout, args.join(" ")).toBe(ours.stdout);
      expect(theirs.stderr).toBe(ours.stderr);
      expect(theirs.code).toBe(ours.code);
    }
    const version = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    expect((await run(process.execPath, [installedBin, "--version"], FIXTURES)).stdout.trim()).toBe(version.version);
  });

  it("runs as `npx skillshelf validate` in the project it was installed into", async (ctx) => {
    if (npmMissing) skipBecause(ctx, npmMissing);
    const viaNpx = await run(
      "npx",
      ["--offline", "skillshelf", "validate", path.join(FIXTURES, "valid-full")],
      installDir,
    );
    expect(viaNpx.code, viaNpx.stderr).toBe(0);
    expect(viaNpx.stdout).toMatch(/^valid {3}/);
  });

  it("serves the web UI from the package: `serve` finds the page and its scripts beside the CLI", async (ctx) => {
    if (npmMissing) skipBecause(ctx, npmMissing);
    const home = path.join(tmp.dir, "home");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(home, { recursive: true });
    const installedBin = path.join(installDir, "node_modules", ".bin", "skillshelf");
    const child = spawn(
      process.execPath,
      [installedBin, "serve", "--port", "0", "--home", home, "--platform", "linux", "--no-poll"],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          SKILLSHELF_CACHE_DIR: path.join(home, "cache"),
          SKILLSHELF_DATA_DIR: path.join(home, "data"),
        },
      },
    );
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 30_000);
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]!);
          }
        });
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const page = await fetch(`${origin}/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /src="\.\/(assets\/[\w.-]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(`${origin}/${script}`)).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it("ships notices naming every package the builds bundled, with their licence text", (ctx) => {
    if (npmMissing) skipBecause(ctx, npmMissing);
    const notices = readFileSync(path.join(pkgDir, "dist/THIRD_PARTY_NOTICES"), "utf8");
    for (const record of ["cli", "renderer"]) {
      const dirs = JSON.parse(readFileSync(path.join(ROOT, "dist/.notices", `${record}.json`), "utf8")) as string[];
      expect(dirs.length).toBeGreaterThan(3);
      for (const dir of dirs) {
        const pkg = JSON.parse(readFileSync(path.join(ROOT, dir, "package.json"), "utf8")) as {
          name: string;
          version: string;
        };
        expect(notices, dir).toContain(`\n${pkg.name} ${pkg.version} (`);
      }
    }
    for (const name of ["yaml", "zod", "@modelcontextprotocol/sdk", "react"]) expect(notices).toContain(`\n${name} `);
    expect(notices).toContain("Permission is hereby granted");
  });
});
