// Bench phases run as bundled JavaScript, as the shipped CLI does (not through tsx's on-the-fly loader, whose hooks
// thread and transpiling would be measured with them): each phase script is bundled once per bench run.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT_DIR = path.join(ROOT, "dist", "bench");
/** The same split as the CLI build: yaml and semver inlined, the other dependencies loaded from node_modules. */
const INLINED = new Set(["yaml", "semver"]);
const BANNER =
  "import { createRequire as __ssCreateRequire } from 'node:module'; const require = __ssCreateRequire(import.meta.url);";

const built = new Map<string, Promise<string>>();

/** The bundled form of a bench script (dist/bench/NAME.mjs), built on first use. */
export function bundledPhase(script: string): Promise<string> {
  let out = built.get(script);
  if (!out) {
    out = bundle(script);
    built.set(script, out);
  }
  return out;
}

async function bundle(script: string): Promise<string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const outfile = path.join(OUT_DIR, `${path.basename(script, path.extname(script))}.mjs`);
  await build({
    entryPoints: [script],
    outfile,
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    external: [
      "electron",
      ...Object.keys(pkg.dependencies ?? {})
        .filter((name) => !INLINED.has(name))
        .flatMap((name) => [name, `${name}/*`]),
    ],
    define: { __SKILLSHELF_VERSION__: JSON.stringify("bench") },
    banner: { js: BANNER },
    logLevel: "warning",
  });
  return outfile;
}
