// The command handlers Electron main and the web host both register: thin calls into the engine, with path checks.
import os from "node:os";
import path from "node:path";
import { checkAuthorFolder } from "../engine/open/author-folder";
import { decideOpen } from "../engine/open/open-policy";
import { defaultSettingsFile } from "../engine/settings";
import { VERSION } from "../engine/version";
import type { AuthorSnapshot, CommandHandlers, OpenResult } from "../../shared/ipc";
import type { ScanResult, TaskProgress } from "../../shared/model";
import { applyCatalogChange } from "../../shared/ui-catalog";
import { safeExternalUrl } from "../../shared/ui-links";
import { CatalogState } from "./catalog-state";
import type { CatalogWatcher, HandlerContext } from "./context";
import { HandlerError } from "./errors";
import { createInstallHandlers } from "./install-handlers";
import { SettingsState } from "./settings-state";
import { createCompareHandlers } from "./compare-handlers";
import { createServerHandlers } from "./server-handlers";
import { createStdioConsent, createStdioHandlers } from "./stdio-handlers";
import { createUpdatesState } from "./updates-state";

/** The handlers plus what they hold open (watchers), so a host can release it. */
export interface HandlerSession {
  handlers: CommandHandlers;
  /** Starts a scan now (e.g. when the host starts) that the next catalog:scan returns; resolves when it is done. */
  prefetchCatalog(): Promise<void>;
  dispose(): Promise<void>;
}

/** Builds the handlers and their shared state for one host. */
export function createHandlerSession(context: HandlerContext): HandlerSession {
  const { engine, emit, desktop } = context;
  const state = new CatalogState();
  let catalogWatcher: CatalogWatcher | null = null;
  let authorWatcher: CatalogWatcher | null = null;
  let authorGeneration = 0;
  let disposed = false;
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
      context.liveCatalog === false || disposed
        ? runScan()
        : startCatalogWatcher().then(
            (watcher) => watcher?.current() ?? runScan(),
            () => runScan(),
          );
    return firstCatalog;
  }

  const { env, platform, home } = context.scanOptions;
  const settings = new SettingsState(context.settingsFile ?? defaultSettingsFile(env, platform, home), context.secretCodec);
  const stdioConsent = createStdioConsent({ settingsFile: settings.file, scanOptions: context.scanOptions, pluginRoots: () => state.catalog.plugins.map((p) => p.root), desktop });
  const fixedInterval = context.updatePolling?.intervalHours;
  const updates = createUpdatesState({
    engine,
    emit,
    catalog: () => state.catalog,
    sources: async () => {
      await settings.load();
      return settings.updateSources(
        state.catalog.plugins.map((p) => p.root),
        await stdioConsent.approvedIds(),
      );
    },
    intervalHours: fixedInterval,
    clock: context.updatePolling?.clock,
  });
  void settings.load().then(() => {
    if (fixedInterval === undefined && !disposed) updates.setIntervalHours(settings.current.pollHours);
  });
  stdioConsent.onChange(() => updates.sourcesChanged());
  settings.onChange((next) => {
    updates.sourcesChanged();
    if (!disposed) updates.setIntervalHours(fixedInterval ?? next.pollHours);
  });

  const install = createInstallHandlers({
    scanOptions: context.scanOptions,
    desktop,
    emit,
    catalog: () => state.catalog,
    updateInfo: async (skillId) => (await updates.handlers["updates:last"]()).updates.find((u) => u.skillId === skillId),
  });

  const debounce = context.watchDebounceMs === undefined ? {} : { debounceMs: context.watchDebounceMs };

  async function startCatalogWatcher(): Promise<CatalogWatcher | null> {
    const watcher = await engine.watchCatalog({ ...context.scanOptions, ...debounce, onProgress }, (change) => {
      state.catalog = applyCatalogChange(state.catalog, change);
      emit("catalog:changed", change);
      updates.catalogChanged(change);
    });
    if (disposed) {
      await watcher.close();
      return null;
    }
    catalogWatcher = watcher;
    return watcher;
  }

  async function closeAuthor(): Promise<void> {
    authorGeneration += 1;
    const watcher = authorWatcher;
    authorWatcher = null;
    state.author = null;
    await watcher?.close();
  }

  async function openAuthor(folder: string): Promise<AuthorSnapshot> {
    const abs = path.resolve(folder);
    const check = await checkAuthorFolder(abs, { platform: process.platform, homes: [context.scanOptions.home, os.homedir()] });
    if (!check.ok) throw new HandlerError(check.message);
    await closeAuthor();
    const generation = authorGeneration;
    let revision = 0;
    const snapshot = (scan: AuthorSnapshot["scan"]): AuthorSnapshot => ({ path: abs, scan, revision });
    const watcher = await engine.watchCatalog(
      { ...context.scanOptions, ...debounce, include: [abs], homeLocations: false },
      () => {
        if (generation !== authorGeneration || !authorWatcher) return;
        revision += 1;
        state.author = snapshot(authorWatcher.current());
        emit("author:changed", state.author);
      },
    );
    if (generation !== authorGeneration || disposed) {
      await watcher.close();
      throw new HandlerError("Another folder was opened meanwhile.");
    }
    authorWatcher = watcher;
    state.author = snapshot(watcher.current());
    emit("author:changed", state.author);
    return state.author;
  }

  function requireSkillDir(dir: string): string {
    if (!state.isKnownSkillDir(dir)) throw new HandlerError("That folder is not a skill in the catalog or the folder opened in author mode.");
    return path.resolve(dir);
  }

  /** The real path of p inside a skill or plugin folder of the catalog or author mode, or a refusal. */
  async function requireCatalogPath(p: string): Promise<string> {
    const real = await state.realPathInCatalog(p);
    if (real === null) throw new HandlerError("That path is not part of the catalog: it is not inside a skill or plugin folder of the catalog or of the folder opened in author mode (links leading elsewhere are not followed).");
    return real;
  }

  async function openFile(p: string): Promise<OpenResult> {
    const decision = await decideOpen(await requireCatalogPath(p), process.platform);
    try {
      if (decision.action === "open-as-text") {
        await desktop.openInEditor(decision.path);
        return { action: "opened-as-text", path: decision.path };
      }
      await desktop.reveal(decision.path);
      return { action: "revealed", path: decision.path, reason: decision.reason };
    } catch (error) {
      throw new HandlerError(error instanceof Error ? error.message : `${decision.path} could not be opened.`);
    }
  }

  const handlers: CommandHandlers = {
    "app:info": async () => ({ version: VERSION, platform: context.scanOptions.platform, host: context.host }),
    "catalog:scan": async () => {
      const pending = prefetched ?? nextCatalog();
      prefetched = null;
      state.catalog = await pending;
      updates.catalogLoaded();
      if (context.updatePolling && !disposed) updates.start();
      return state.catalog;
    },
    "skill:levels": async (dir) => engine.getSkillLevels(requireSkillDir(dir)),
    "skill:resource": async (dir, relPath) => engine.readSkillResource(requireSkillDir(dir), relPath),
    "validate:path": async (target, profile) => engine.validatePath(path.resolve(target), profile),
    "author:open": async (folder) => {
      const chosen = folder ?? (await desktop.pickFolder());
      if (chosen === null) return null;
      return openAuthor(chosen);
    },
    "author:close": async () => closeAuthor(),
    ...updates.handlers,
    "shell:reveal": async (p) => {
      const real = await requireCatalogPath(p);
      await desktop.reveal(real).catch((error: unknown) => {
        throw new HandlerError(error instanceof Error ? error.message : `${real} could not be shown.`);
      });
    },
    "shell:open-in-editor": async (p) => openFile(p),
    "shell:open-external": async (url) => {
      const safe = safeExternalUrl(url);
      return safe === null ? false : desktop.openExternal(safe);
    },
    "settings:get": async () => settings.publicView(),
    "settings:update": async (patch) => settings.update(patch),
    ...createStdioHandlers(stdioConsent, desktop),
    ...createServerHandlers({ scanOptions: context.scanOptions, pluginRoots: () => state.catalog.plugins.map((p) => p.root) }),
    ...createCompareHandlers({ catalog: () => state.catalog }),
    ...install.handlers,
  };

  return {
    handlers,
    prefetchCatalog() {
      const pending = (prefetched = nextCatalog());
      return pending.then(
        () => undefined,
        () => undefined,
      );
    },
    async dispose() {
      disposed = true;
      await updates.stop();
      await install.dispose();
      await closeAuthor();
      const watcher = catalogWatcher;
      catalogWatcher = null;
      await watcher?.close();
    },
  };
}
