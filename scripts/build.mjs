// Builds what Skillshelf runs: the CLI and web host, Electron main and preload (esbuild), and the renderer (Vite).
// `--node-only` skips the renderer (the unit tests need only the CLI).
import { build } from "esbuild";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const define = { __SKILLSHELF_VERSION__: JSON.stringify(pkg.version) };
const at = (p) => path.join(root, p);

/** Bundles the Node-side entry points that exist. */
export async function buildNode() {
  const jobs = [
    { entry: "electron/cli/main.ts", out: "dist/cli/skillshelf.mjs", format: "esm", bundleDeps: false },
    { entry: "electron/engine/discovery/read-worker.ts", out: "dist/cli/read-worker.mjs", format: "esm", bundleDeps: false },
    { entry: "electron/main/main.ts", out: "dist/main/main.cjs", format: "cjs", bundleDeps: false },
    // Self-contained: packaged, it runs from app.asar.unpacked, where the asar's node_modules cannot be resolved.
    { entry: "electron/engine/discovery/read-worker.ts", out: "dist/main/read-worker.cjs", format: "cjs", bundleDeps: true },
    { entry: "electron/preload/preload.ts", out: "dist/preload/preload.cjs", format: "cjs", bundleDeps: true },
  ];
  await Promise.all(
    jobs
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
          banner: job.format === "esm" ? { js: "import { createRequire as __ssCreateRequire } from 'node:module'; const require = __ssCreateRequire(import.meta.url);" } : undefined,
        }),
      ),
  );
}

/** Builds the renderer with Vite into dist/renderer. */
export async function buildRenderer() {
  if (!existsSync(at("renderer/index.html"))) return;
  const { build: viteBuild } = await import("vite");
  await viteBuild({ configFile: at("renderer/vite.config.ts"), logLevel: "warn" });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const nodeOnly = process.argv.includes("--node-only");
  await buildNode();
  if (!nodeOnly) await buildRenderer();
}
