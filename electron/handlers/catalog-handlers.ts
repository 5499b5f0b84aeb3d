// The catalog concern: one scan at a time, the live watcher's first scan reused, its changes applied and pushed, and
// the reads of skill levels and resources limited to skills the user was shown.
import path from "node:path";
import type { CatalogChange, CommandHandlers } from "../../shared/ipc";
import type { ScanResult, TaskProgress } from "../../shared/model";
import { applyCatalogChange } from "../../shared/ui-catalog";
import { updateCacheDir } from "../engine/updates/sources";
import { cacheFileIn } from "../engine/validate-cache/store";
import { createCatalogStore } from "./catalog-store";
import type { SessionShared } from "./session-shared";
import type { CatalogWatcher } from "./context";
import { EngineError } from "../engine/errors";

type CatalogCommands = "catalog:scan" | "catalog:stored" | "skill:levels" | "skill:resource" | "validate:path";

/** The longest the first scan waits for the first screen to be shown (a page whose script never runs, no page yet). */
export const FIRST_SCAN_HOLD_MS = 2_000;

/** The catalog concern and what the session tells others through it. */
export interface CatalogConcern {
  handlers: Pick<CommandHandlers, CatalogCommands>;
  /** Starts a scan now (or once a hold lets it) that the next catalog:scan returns; resolves when it is done. */
  prefetch(): Promise<void>;
  /**
   * Holds the session's first scan until `until` settles (the host's first screen is on screen, so the scan's work
   * cannot slow its paint), the page asks for catalog:scan, or `maxMs` have passed. No hold once a scan has begun.
   */
  holdFirstScan(until: Promise<unknown>, maxMs?: number): void;
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

/** Creates the catalog concern; `cacheOn` says whether the settings leave the validation cache on. */
export function createCatalogHandlers(
  shared: SessionShared,
  listeners: CatalogListeners,
  cacheOn: () => Promise<boolean> = async () => false,
): CatalogConcern {
  const { context, state } = shared;
  const { engine, emit } = context;
  const { env, platform, home } = context.scanOptions;
  /**
   * The validation cache `validate` keeps (the same file, in the same cache folder as the update checks': inside the
   * home for a `--home` that is not the user's own), unless the settings turned it off.
   */
  const cacheFile = async () =>
    (await cacheOn().catch(() => false)) ? cacheFileIn(updateCacheDir(env, platform, home)) : null;
  const log = context.log ?? ((message: string) => console.warn(message));
  const stored = createCatalogStore(context, cacheOn, log);
  const cacheOptions = async () => {
    const file = await cacheFile();
    return file ? { validationCache: { file }, onCacheNote: log } : {};
  };
  let catalogWatcher: CatalogWatcher | null = null;
  let scanning: Promise<ScanResult> | null = null;
  let prefetched: Promise<ScanResult> | null = null;
  let firstCatalog: Promise<ScanResult> | null = null;
  /** The hold on the first scan: kept when it may begin (released early by catalog:scan and by dispose). */
  let hold: { over: Promise<void>; release(): void } | null = null;
  const onProgress = (progress: TaskProgress) => emit("task:progress", progress);

  function runScan(): Promise<ScanResult> {
    scanning ??= cacheOptions()
      .then((cache) => engine.scan({ ...context.scanOptions, ...cache, onProgress }))
      .finally(() => {
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
    const cache = await cacheOptions();
    const watcher = await engine.watchCatalog(
      { ...context.scanOptions, ...cache, ...shared.debounce, onProgress },
      (change) => {
        state.catalog = applyCatalogChange(state.catalog, change);
        stored.changed(state.catalog);
        emit("catalog:changed", change);
        listeners.changed(change);
      },
    );
    if (shared.disposed()) {
      await watcher.close();
      return null;
    }
    catalogWatcher = watcher;
    return watcher;
  }

  function requireSkillDir(dir: string): string {
    if (!state.isKnownSkillDir(dir))
      throw new EngineError(
        "app.refused",
        "That folder is not a skill in the catalog or the folder opened in author mode.",
      );
    return path.resolve(dir);
  }

  return {
    handlers: {
      "catalog:scan": async () => {
        // The page wants the scan's answer now: whatever held the first scan back is over.
        hold?.release();
        const pending = prefetched ?? nextCatalog();
        prefetched = null;
        state.catalog = await pending;
        stored.save(state.catalog);
        listeners.loaded(state.catalog);
        return state.catalog;
      },
      // Shown, never trusted: the commands that take a path accept only what a scan of this session found.
      "catalog:stored": () => stored.read(),
      "skill:levels": async (dir) => engine.getSkillLevels(requireSkillDir(dir)),
      "skill:resource": async (dir, relPath) => engine.readSkillResource(requireSkillDir(dir), relPath),
      "validate:path": async (target, profile) => engine.validatePath(path.resolve(target), profile, await cacheFile()),
    },
    prefetch() {
      // The stored catalog is read before the scan's work starts, so the first page gets it at once.
      void stored.read();
      const held = hold;
      const pending = (prefetched = held
        ? held.over.then(() => {
            if (shared.disposed()) throw new EngineError("app.refused", "The session ended before its first scan.");
            return nextCatalog();
          })
        : nextCatalog());
      return pending.then(
        () => undefined,
        () => undefined,
      );
    },
    holdFirstScan(until, maxMs = FIRST_SCAN_HOLD_MS) {
      if (firstCatalog || hold) return;
      let release!: () => void;
      const over = new Promise<void>((resolve) => (release = resolve));
      const timer = setTimeout(release, maxMs);
      timer.unref?.();
      void until.then(release, release);
      hold = {
        over: over.then(() => {
          clearTimeout(timer);
          hold = null;
        }),
        release,
      };
    },
    async dispose() {
      hold?.release();
      const watcher = catalogWatcher;
      catalogWatcher = null;
      await stored.flush();
      await watcher?.close();
    },
  };
}
