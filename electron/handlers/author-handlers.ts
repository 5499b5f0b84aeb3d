// The author-mode concern: one folder open at a time, watched and re-read on save, refused where it is not a folder
// a person authors in (/, a home, system folders).
import os from "node:os";
import path from "node:path";
import { checkForDesktop } from "../engine/archive/desktop-check";
import { checkAuthorFolder } from "../engine/open/author-folder";
import type { AuthorSnapshot, CommandHandlers } from "../../shared/ipc";
import type { SessionShared } from "./session-shared";
import type { CatalogWatcher } from "./context";
import { EngineError } from "../engine/errors";

/** How long opening a folder waits for its watches to be in place before answering anyway. */
const WATCH_SETTLE_MS = 5000;

/** The author-mode concern. */
export interface AuthorConcern {
  handlers: Pick<CommandHandlers, "author:open" | "author:close" | "author:desktop-check">;
  /** Closes the open folder's watcher. */
  dispose(): Promise<void>;
}

/** Creates the author-mode concern. */
export function createAuthorHandlers(shared: SessionShared): AuthorConcern {
  const { context, state } = shared;
  const { engine, emit, desktop } = context;
  let authorWatcher: CatalogWatcher | null = null;
  let authorGeneration = 0;

  async function closeAuthor(): Promise<void> {
    authorGeneration += 1;
    const watcher = authorWatcher;
    authorWatcher = null;
    state.author = null;
    await watcher?.close();
  }

  async function openAuthor(folder: string): Promise<AuthorSnapshot> {
    const abs = path.resolve(folder);
    const check = await checkAuthorFolder(abs, {
      platform: process.platform,
      homes: [context.scanOptions.home, os.homedir()],
    });
    if (!check.ok) throw new EngineError("app.refused", check.message);
    await closeAuthor();
    const generation = authorGeneration;
    let revision = 0;
    const snapshot = (scan: AuthorSnapshot["scan"]): AuthorSnapshot => ({ path: abs, scan, revision });
    const watcher = await engine.watchCatalog(
      { ...context.scanOptions, ...shared.debounce, include: [abs], homeLocations: false },
      () => {
        if (generation !== authorGeneration || !authorWatcher) return;
        revision += 1;
        state.author = snapshot(authorWatcher.current());
        emit("author:changed", state.author);
      },
    );
    // The watches may be set up in a worker: a save made right after the folder opens must be seen (bounded wait).
    await Promise.race([watcher.watching?.(), new Promise((resolve) => setTimeout(resolve, WATCH_SETTLE_MS).unref())]);
    if (generation !== authorGeneration || shared.disposed()) {
      await watcher.close();
      throw new EngineError("app.refused", "Another folder was opened meanwhile.");
    }
    authorWatcher = watcher;
    state.author = snapshot(watcher.current());
    emit("author:changed", state.author);
    return state.author;
  }

  return {
    handlers: {
      "author:open": async (folder) => {
        const chosen = folder ?? (await desktop.pickFolder());
        if (chosen === null) return null;
        return openAuthor(chosen);
      },
      "author:close": async () => closeAuthor(),
      // Only a skill of the opened folder: the check reads the whole folder and packs it into a temporary file.
      "author:desktop-check": async (dir) => {
        const abs = path.resolve(dir);
        const open = state.author?.path;
        const inside =
          open !== undefined && (abs === open || abs.startsWith(open.endsWith(path.sep) ? open : open + path.sep));
        if (!inside || !state.isKnownSkillDir(abs))
          throw new EngineError("app.refused", "That folder is not a skill in the folder opened in author mode.");
        return checkForDesktop(abs);
      },
    },
    dispose: closeAuthor,
  };
}
