// Where the built app's files are, relative to dist/main/main.cjs (the same layout in dev and inside the asar).
import path from "node:path";
import { APP_INDEX_URL } from "./app-page";

/** The preload bundle, the renderer folder (what app:// serves) and the page's URL (what the IPC sender check compares). */
export function appPaths(mainDir: string): { preload: string; rendererDir: string; indexUrl: string } {
  const dist = path.resolve(mainDir, "..");
  return {
    preload: path.join(dist, "preload", "preload.cjs"),
    rendererDir: path.join(dist, "renderer"),
    indexUrl: APP_INDEX_URL,
  };
}
