// The catalog concern: one scan at a time, the live watcher's first scan reused, its changes applied and pushed, and
// the reads of skill levels and resources limited to skills the user was shown.
import path from "node:path";
import type { CatalogChange, CommandHandlers } from "../../shared/ipc";
import type { ScanResult, TaskProgress } from "../../shared/model";
import { applyCatalogChange } from "../../shared/ui-catalog";
import type { SessionShared } from "./session-shared";
import type { CatalogWatcher } from "./context";
import { HandlerError } from "./errors";

type CatalogCommands = "catalog:scan" | "skill:levels" | "skill:resource" | "validate:path";

/** The catalog concern and what the session tells others through it. */
export interface CatalogConcern {
  handlers: Pick<CommandHandlers, CatalogCommands>;
  /** Starts a scan now that the next catalog:scan returns; resolves when it is done. */
  prefetch(): Promise<void>;
  /** Closes the live watcher. */
  dispose(): Promise<void>;
}

/** Listeners for what the catalog does. */
export interface CatalogListeners {
  /** A catalog:scan finished: the catalog is the one the page shows. */
  loaded(catalog: ScanResult): void;
  /** The watcher changed the catalog (already applied). */
  changed(change: CatalogChange): void;
}

/** Creates the catalog concern. */
export function createCatalogHandlers(shared: SessionShared, listeners: CatalogListeners): CatalogConcern {
  const { context, state } = shared;
  const { engine, emit } = context;
  let catalogWatcher: CatalogWatcher | null = null;
  let scanning: Promise<ScanResult> | null = null;
  let prefetched: Promise<ScanResult> | null = null;
  let firstCatalog: Promise<ScanResult> | null = null;
  const onProgress = (progress: TaskProgress) => emit("task:progress", progress);

  function runScan(): Promise<ScanResult> {
    scanning ??= engine.scan({ ...context.scanOptions, onProgress }).finally(() => {
      scanning = null;
    });
    return scanning;
  }

  /**
   * The catalog to return next: the first time, the live watcher's own initial scan (one scan, not two) or a plain
   * scan without it; a fresh scan after that.
   */
  function nextCatalog(): Promise<ScanResult> {
    if (firstCatalog) return runScan();
    firstCatalog =
      context.liveCatalog === false || shared.disposed()
        ? runScan()
        : startCatalogWatcher().then(
            (watcher) => watcher?.current() ?? runScan(),
            () => runScan(),
          );
    return firstCatalog;
  }

  async function startCatalogWatcher(): Promise<CatalogWatcher | null> {
    const watcher = await engine.watchCatalog({ ...context.scanOptions, ...shared.debounce, onProgress }, (change) => {
      state.catalog = applyCatalogChange(state.catalog, change);
      emit("catalog:changed", change);
      listeners.changed(change);
    });
    if (shared.disposed()) {
      await watcher.close();
      return null;
    }
    catalogWatcher = watcher;
    return watcher;
  }

  function requireSkillDir(dir: string): string {
    if (!state.isKnownSkillDir(dir))
      throw new HandlerError("That folder is not a skill in the catalog or the folder opened in author mode.");
    return path.resolve(dir);
  }

  return {
    handlers: {
      "catalog:scan": async () => {
        const pending = prefetched ?? nextCatalog();
        prefetched = null;
        state.catalog = await pending;
        listeners.loaded(state.catalog);
        return state.catalog;
      },
      "skill:levels": async (dir) => engine.getSkillLevels(requireSkillDir(dir)),
      "skill:resource": async (dir, relPath) => engine.readSkillResource(requireSkillDir(dir), relPath),
      "validate:path": async (target, profile) => engine.validatePath(path.resolve(target), profile),
    },
    prefetch() {
      const pending = (prefetched = nextCatalog());
      return pending.then(
        () => undefined,
        () => undefined,
      );
    },
    async dispose() {
      const watcher = catalogWatcher;
      catalogWatcher = null;
      await watcher?.close();
    },
  };
}
