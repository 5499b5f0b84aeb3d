// A built renderer folder for tests of the first screen: an index.html in the shape Vite writes, its stylesheet, and
// the renderer's real server build (scripts/build.mjs's buildRendererHost) beside it; and a home whose catalog a
// first session scanned and stored, for the sessions the tests then start over the same (or another) home.
import path from "node:path";
import type { ScanOptions } from "../../engine/discovery/types";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { createEngine } from "../engine";
import { createHandlerSession, type HandlerSession } from "../handlers";
import { firstScreenModuleOf } from "../../engine/first-screen/page";
import { INERT_DESKTOP } from "./inert-desktop";

/** The stylesheet of the test's build (its hash is what the policies must name). */
export const TEST_STYLESHEET = ".row{position:absolute}\n.row:not([style]){position:relative}\n";

/** The index.html of the test's build, as Vite writes it (module script and stylesheet in the head). */
export const TEST_INDEX_HTML = [
  "<!doctype html>",
  '<html lang="en">',
  "  <head>",
  '    <meta charset="utf-8" />',
  `    <meta http-equiv="Content-Security-Policy" content="default-src 'none'" />`,
  "    <title>Skillshelf</title>",
  '    <script type="module" crossorigin src="./assets/index-Abc123_x.js"></script>',
  '    <link rel="stylesheet" crossorigin href="./assets/index-Def456_y.css">',
  "  </head>",
  "  <body>",
  '    <div id="root"></div>',
  "  </body>",
  "</html>",
  "",
].join("\n");

/** A skill's SKILL.md. */
export const skillText = (name: string, description = `Does ${name} things.`): string =>
  `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(description)}\n---\n# A skill\n`;

/** The folder, its renderer build, two homes (one with skills) and a session maker over either. */
export interface FirstScreenBuild {
  root: string;
  rendererDir: string;
  /** Scan options of the home with skills ("mine") or of an empty one ("other"), same cache folder. */
  scanOptions(home: "mine" | "other"): ScanOptions;
  /** A session over that home (closed by cleanup). */
  session(home: "mine" | "other"): HandlerSession;
  cleanup(): Promise<void>;
}

/**
 * Writes the build and the home with `skills` (name → SKILL.md), and stores the home's catalog by one scan. Exported
 * for tests: the page, web host and app:// tests render first screens over it.
 */
export async function firstScreenBuild(skills: Record<string, string>): Promise<FirstScreenBuild> {
  const tmp = await makeTempDir("skillshelf-first-screen-");
  const root = tmp.dir;
  const rendererDir = path.join(root, "renderer");
  await writeTree(root, {
    "renderer/index.html": TEST_INDEX_HTML,
    "renderer/assets/index-Abc123_x.js": "",
    "renderer/assets/index-Def456_y.css": TEST_STYLESHEET,
    "other/.keep": "",
    ...Object.fromEntries(Object.entries(skills).map(([name, text]) => [`mine/.claude/skills/${name}/SKILL.md`, text])),
  });
  // @ts-expect-error: plain ESM build script without types
  const { buildRendererHost } = (await import("../../../scripts/build.mjs")) as {
    buildRendererHost: (outfile: string) => Promise<void>;
  };
  await buildRendererHost(firstScreenModuleOf(rendererDir));
  const scanOptions = (home: "mine" | "other"): ScanOptions => ({
    home: path.join(root, home),
    platform: "linux",
    env: { SKILLSHELF_CACHE_DIR: path.join(root, "cache") },
  });
  const sessions: HandlerSession[] = [];
  const session = (home: "mine" | "other") => {
    const options = scanOptions(home);
    const made = createHandlerSession({
      host: "web",
      scanOptions: options,
      desktop: INERT_DESKTOP,
      emit: () => undefined,
      engine: createEngine(options),
      liveCatalog: false,
      settingsFile: path.join(root, "config", "settings.json"),
    });
    sessions.push(made);
    return made;
  };
  // The last run: one scan of "mine", stored when its session ends.
  const first = session("mine");
  await first.handlers["catalog:scan"]();
  await first.dispose();
  sessions.pop();
  return {
    root,
    rendererDir,
    scanOptions,
    session,
    async cleanup() {
      for (const open of sessions) await open.dispose();
      await tmp.cleanup();
    },
  };
}
