// Builds what Skillshelf runs: the CLI and web host, Electron main and preload (esbuild), and the renderer (Vite).
// `--node-only` skips the renderer (the unit tests need only the CLI).
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { recordBundledPackages, writeThirdPartyNotices } from "./build-notices.mjs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const at = (p) => path.join(root, p);
/**
 * Folders (and single files) whose sources decide what the validation cache keeps — a skill's result, and the content
 * hash the scan keeps with it: their hash is the rules' version the cache keys on.
 */
const RULES_SOURCES = ["electron/engine/skill", "electron/engine/fs", "electron/engine/validate-cache", "shared"];
const RULES_FILES = ["electron/engine/discovery/hash.ts"];
function rulesId() {
  const hash = createHash("sha256");
  for (const folder of RULES_SOURCES)
    for (const name of readdirSync(at(folder)).sort())
      if (name.endsWith(".ts") && !name.endsWith(".test.ts"))
        hash.update(`${folder}/${name}\0`).update(readFileSync(at(`${folder}/${name}`)));
  for (const file of RULES_FILES) hash.update(`${file}\0`).update(readFileSync(at(file)));
  return hash.digest("hex").slice(0, 16);
}
/** A hash of every file the CLI is built from (tests and fixtures aside) and the packages it bundles: `validate` keeps output per build. */
function buildId() {
  const hash = createHash("sha256");
  const walk = (folder) => {
    for (const entry of readdirSync(at(folder), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const rel = `${folder}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== "fixtures") walk(rel);
      else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
        hash.update(`${rel}\0`).update(readFileSync(at(rel)));
    }
  };
  for (const folder of ["electron", "shared", "protocol"]) walk(folder);
  hash.update("package-lock.json\0").update(readFileSync(at("package-lock.json")));
  return hash.digest("hex").slice(0, 16);
}
const define = {
  __SKILLSHELF_VERSION__: JSON.stringify(pkg.version),
  __SKILLSHELF_RULES_ID__: JSON.stringify(rulesId()),
  __SKILLSHELF_BUILD_ID__: JSON.stringify(buildId()),
};
/**
 * The CLI bundles every package it uses, so the published package has no dependencies (installing it installs one
 * package); the lazy command chunks keep each command's start-up to what it imports.
 */
const cliExternals = ["electron"];
const ESM_REQUIRE_BANNER =
  "import { createRequire as __ssCreateRequire } from 'node:module'; const require = __ssCreateRequire(import.meta.url);";

/**
 * Bundles the CLI and its scan worker as ES modules split into chunks, all flat in one folder (so import.meta.url
 * still means dist/cli): each command's code is its own chunk, loaded only when that command runs. Returns esbuild's
 * metafile (a test reads it to prove what `validate` can load); stale chunks of earlier builds are removed.
 */
export async function buildCli(outdir = at("dist/cli")) {
  const result = await build({
    entryPoints: {
      skillshelf: at("electron/cli/main.ts"),
      "read-worker": at("electron/engine/discovery/read-worker.ts"),
    },
    outdir,
    absWorkingDir: root,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunk-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    sourcemap: "linked",
    external: cliExternals,
    define,
    metafile: true,
    logLevel: "warning",
    banner: { js: ESM_REQUIRE_BANNER },
  });
  if (outdir === at("dist/cli")) recordBundledPackages(root, "cli", Object.keys(result.metafile.inputs));
  const fresh = new Set(Object.keys(result.metafile.outputs).map((out) => path.basename(out)));
  for (const name of readdirSync(outdir)) {
    if (/^chunk-[A-Z0-9]+\.mjs(\.map)?$/.test(name) && !fresh.has(name))
      rmSync(path.join(outdir, name), { force: true });
  }
  return result.metafile;
}

/** Bundles the Node-side entry points that exist. */
export async function buildNode() {
  const jobs = [
    // Self-contained too: the packages are build-time dependencies, and the packaged app ships no node_modules.
    { entry: "electron/main/main.ts", out: "dist/main/main.cjs", format: "cjs", bundleDeps: true },
    // Self-contained: packaged, it runs from app.asar.unpacked, where the asar's node_modules cannot be resolved.
    {
      entry: "electron/engine/discovery/read-worker.ts",
      out: "dist/main/read-worker.cjs",
      format: "cjs",
      bundleDeps: true,
    },
    { entry: "electron/preload/preload.ts", out: "dist/preload/preload.cjs", format: "cjs", bundleDeps: true },
  ];
  const built = await Promise.all([
    buildCli(),
    ...jobs
      .filter((job) => existsSync(at(job.entry)))
      .map((job) =>
        build({
          entryPoints: [at(job.entry)],
          outfile: at(job.out),
          bundle: true,
          platform: "node",
          target: "node20",
          format: job.format,
          sourcemap: "linked",
          packages: job.bundleDeps ? undefined : "external",
          external: ["electron"],
          define,
          logLevel: "warning",
          banner: job.format === "esm" ? { js: ESM_REQUIRE_BANNER } : undefined,
          metafile: true,
        }).then((result) =>
          recordBundledPackages(root, path.basename(job.out, ".cjs"), Object.keys(result.metafile.inputs)),
        ),
      ),
  ]);
  writeThirdPartyNotices(root);
  // package.json's `main` (Electron's entry): a one-line file, so the npm package, which always holds `main`, stays small.
  writeFileSync(
    at("dist/app.cjs"),
    '"use strict";\n// Electron\'s entry point (package.json main).\nrequire("./main/main.cjs");\n',
  );
  return built[0];
}

/** Builds the renderer with Vite into dist/renderer. */
export async function buildRenderer() {
  if (!existsSync(at("renderer/index.html"))) return;
  const { build: viteBuild } = await import("vite");
  const modules = new Set();
  /** Collects the modules the bundle holds, for the notices (the config file's own plugins are merged with it). */
  const collect = {
    name: "skillshelf-notices",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) for (const id of chunk.moduleIds ?? []) modules.add(id);
    },
  };
  await viteBuild({ configFile: at("renderer/vite.config.ts"), logLevel: "warn", plugins: [collect] });
  recordBundledPackages(root, "renderer", [...modules]);
  writeThirdPartyNotices(root);
}

/**
 * Bundles the renderer's server side (renderer/src/first-screen/server.tsx) for Node into dist/renderer-host: the hosts
 * load it to render the first screen into the page they serve (electron/handlers/first-screen-page.ts).
 */
export async function buildRendererHost(outfile = at("dist/renderer-host/first-screen.cjs")) {
  if (!existsSync(at("renderer/src/first-screen/server.tsx"))) return;
  await build({
    entryPoints: [at("renderer/src/first-screen/server.tsx")],
    outfile,
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    jsx: "automatic",
    // Stylesheets reach the page inline from the renderer's build; the markup needs none of them.
    loader: { ".css": "empty" },
    define: { ...define, "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const nodeOnly = process.argv.includes("--node-only");
  await buildNode();
  if (!nodeOnly) await Promise.all([buildRenderer(), buildRendererHost()]);
}
