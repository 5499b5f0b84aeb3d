// The command handlers Electron main and the web host both register: one session composed of its concerns — catalog,
// author mode, shell, updates, settings, installs and comparisons — each in its own module, sharing the catalog state.
import type { Readable } from "node:stream";
import { desktopAccountName } from "../../shared/ui-catalog";
import { VERSION } from "../engine/version";
import { ignoresOf } from "../engine/settings";
import type { CommandHandlers } from "../../shared/ipc";
import { createAuthorHandlers } from "./author-handlers";
import { createBudgetHandlers } from "./budget-handlers";
import { createCatalogHandlers } from "./catalog-handlers";
import { CatalogState } from "./catalog-state";
import { createCompareHandlers } from "./compare-handlers";
import type { HandlerContext } from "./context";
import { createInstallHandlers } from "./install-handlers";
import type { SessionShared } from "./session-shared";
import { createSettingsHandlers } from "./settings-handlers";
import { createShellHandlers } from "./shell-handlers";
import { createUpdatesState } from "./updates-state";
import { createManageHandlers, terminalSourceConsent } from "./manage-handlers";

/** The handlers plus what they hold open (watchers), so a host can release it. */
export interface HandlerSession {
  handlers: CommandHandlers;
  /** Starts a scan now (e.g. when the host starts) that the next catalog:scan returns; resolves when it is done. */
  prefetchCatalog(): Promise<void>;
  /**
   * Holds the first scan (prefetchCatalog's) until `until` settles: the host's first screen is on screen
   * (FirstScreenPage.shown), so the scan's work cannot slow its paint; catalog:scan, or `maxMs` (2 s by default),
   * end the hold sooner. No hold once a scan has begun.
   */
  holdFirstScan(until: Promise<unknown>, maxMs?: number): void;
  /** The .skill file an update task of this session built for Claude Desktop, or null. */
  handoffFile(taskId: string): string | null;
  /** Streams an archive a browser uploaded for Add into staging; resolves with its path (web host). */
  receiveUpload(name: string, body: Readable, declaredBytes: number): Promise<string>;
  dispose(): Promise<void>;
}

/** Builds the handlers and their shared state for one host. */
export function createHandlerSession(context: HandlerContext): HandlerSession {
  const { emit, desktop } = context;
  let disposed = false;
  const shared: SessionShared = {
    context,
    state: new CatalogState(),
    disposed: () => disposed,
    debounce: context.watchDebounceMs === undefined ? {} : { debounceMs: context.watchDebounceMs },
  };
  const catalogNow = () => shared.state.catalog;
  let catalogLoaded = false;

  const settings = createSettingsHandlers(shared);
  const fixedInterval = context.updatePolling?.intervalHours;
  const updates = createUpdatesState({
    engine: context.engine,
    emit,
    catalog: catalogNow,
    sources: () => settings.updateSources(),
    intervalHours: fixedInterval,
    clock: context.updatePolling?.clock,
    ignores: () => ignoresOf(settings.current()),
  });
  void settings.load().then(() => {
    if (fixedInterval === undefined && !disposed) updates.setIntervalHours(settings.current().pollHours);
  });
  settings.onChange((next) => {
    if (next) updates.ignoresChanged();
    updates.sourcesChanged();
    if (next && !disposed) updates.setIntervalHours(fixedInterval ?? next.pollHours);
  });

  const catalog = createCatalogHandlers(
    shared,
    {
      loaded: () => {
        // After the first catalog, so it is never delayed: an update a crash interrupted is finished or undone.
        catalogLoaded = true;
        if (!disposed) install.startRecovery();
        updates.catalogLoaded();
        if (context.updatePolling && !disposed) updates.start();
      },
      changed: (change) => updates.catalogChanged(change),
    },
    async () => {
      await settings.load();
      return settings.current().validationCache !== false;
    },
  );
  const author = createAuthorHandlers(shared);
  const shell = createShellHandlers(shared);
  const install = createInstallHandlers({
    scanOptions: context.scanOptions,
    desktop,
    emit,
    catalog: catalogNow,
    updateInfo: async (skillId) =>
      (await updates.handlers["updates:last"]()).updates.find((u) => u.skillId === skillId),
    log: context.log ?? ((message) => console.warn(message)),
    askBeforeRunning: async () => {
      await settings.load();
      return settings.current().askBeforeRunning !== false;
    },
    ...(context.engine.githubApi ? { githubApi: context.engine.githubApi } : {}),
    githubToken: () =>
      settings.updateSources().then(
        (sources) => sources.githubToken,
        () => undefined,
      ),
    githubApiSetting: () =>
      settings.updateSources().then(
        (sources) => sources.githubApi,
        () => undefined,
      ),
  });

  const manage = createManageHandlers({
    service: install.service,
    changed: () => void catalog.prefetch().catch(() => undefined),
    ...(desktop.pickAddSource ? { pickSource: desktop.pickAddSource.bind(desktop) } : {}),
    confirmProgramSource: desktop.confirmProgramSource?.bind(desktop) ?? terminalSourceConsent(desktop.outsideConsent),
    accountName: async (tree) => {
      const scan = catalogLoaded ? shared.state.catalog : await catalog.handlers["catalog:scan"]();
      return desktopAccountName(scan.locations, tree, settings.current().accountNames ?? {});
    },
  });

  const budget = createBudgetHandlers({
    scanOptions: context.scanOptions,
    dataDir: install.service.dataDir,
    accountNames: () => settings.current().accountNames ?? {},
    catalog: async () => (catalogLoaded ? shared.state.catalog : catalog.handlers["catalog:scan"]()),
    changed: () => void catalog.prefetch().catch(() => undefined),
  });

  const handlers: CommandHandlers = {
    "app:info": async () => ({
      version: VERSION,
      platform: context.scanOptions.platform,
      host: context.host,
      consent: desktop.confirmRecipe ? "dialog" : (desktop.outsideConsent?.mode ?? "none"),
    }),
    ...catalog.handlers,
    ...author.handlers,
    ...updates.handlers,
    ...shell.handlers,
    ...manage.handlers,
    ...settings.handlers,
    ...createCompareHandlers({ catalog: catalogNow }),
    ...install.handlers,
    ...budget,
  };

  return {
    handlers,
    prefetchCatalog: () => catalog.prefetch(),
    holdFirstScan: (until, maxMs) => catalog.holdFirstScan(until, maxMs),
    handoffFile: (taskId) => install.handoffArchive(taskId) ?? manage.handoffFile(taskId),
    receiveUpload: (name, body, declaredBytes) => manage.receiveUpload(name, body, declaredBytes),
    async dispose() {
      disposed = true;
      await updates.stop();
      await install.dispose();
      await author.dispose();
      await catalog.dispose();
      await manage.dispose();
    },
  };
}
