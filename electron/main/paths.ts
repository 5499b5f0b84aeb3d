// Where the built app's files are, relative to dist/main/main.cjs (the same layout in dev and inside the asar).
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The preload bundle, the renderer's index.html and its file: URL (what the IPC sender check compares). */
export function appPaths(mainDir: string): { preload: string; index: string; indexUrl: string } {
  const dist = path.resolve(mainDir, "..");
  const index = path.join(dist, "renderer", "index.html");
  return { preload: path.join(dist, "preload", "preload.cjs"), index, indexUrl: pathToFileURL(index).href };
}
