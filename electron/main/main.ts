// Electron main: only wiring. Each concern lives in its own module (security, IPC, window, menu, badge,
// notifications, single instance) and is tested there without Electron.
import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  nativeImage,
  nativeTheme,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from "electron";
import type { UpdateInfo } from "../../shared/model";
import { escapeControl } from "../../shared/terminal-text";
import { createEngine } from "../handlers/engine";
import { createHandlerSession, type HandlerSession } from "../handlers/handlers";
import { createFirstScreenPage } from "../handlers/first-screen-page";
import { handleAppScheme, registerAppScheme } from "./app-protocol";
import { mainScanOptions } from "./args";
import { setupBadge } from "./badge";
import { badgePng } from "./badge-image";
import { electronDesktopIntegration } from "./desktop";
import { createMainEventSink } from "./event-sink";
import { iconPng } from "./icon";
import { createSenderCheck, createWindowEventSender, registerCommandsOnIpcMain } from "./ipc";
import { buildMenuTemplate } from "./menu";
import { announcedFile, createUpdateNotifier } from "./notifications";
import { appPaths } from "./paths";
import { openExternalSafely, setupSecurity } from "./security";
import { focusWindow, setupSingleInstance } from "./single-instance";
import { readWorkerPath } from "./read-worker-path";
import { pendingUpdateCount } from "../../shared/update-rows";
import { safeStorageCodec } from "./secret-codec";
import { setupWindow } from "./window";
import { windowStateFile } from "./window-state";

const paths = appPaths(__dirname);
const logError = (error: unknown) =>
  console.error(
    "Skillshelf:",
    escapeControl(error instanceof Error ? error.message : String(error), { keepNewlines: true }),
  );
let mainWindow: BrowserWindow | null = null;

app.enableSandbox();
registerAppScheme(protocol);

if (!setupSingleInstance(app, () => mainWindow)) {
  app.quit();
} else {
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      logError(error);
      app.quit();
    });
}

async function start(): Promise<void> {
  setupSecurity(app, session.defaultSession, shell, paths.indexUrl);
  // index.html carries the first screen of the stored catalog, read by the session made below.
  let storedCatalog: () => Promise<unknown> = async () => null;
  const firstScreen = createFirstScreenPage({ rendererDir: paths.rendererDir, storedCatalog: () => storedCatalog() });
  handleAppScheme(protocol, paths.rendererDir, firstScreen);
  if (process.platform === "win32") app.setAppUserModelId("dev.skillshelf.app");
  app.setAboutPanelOptions({
    applicationName: "Skillshelf",
    applicationVersion: app.getVersion(),
    copyright: "© 2026 the Skillshelf authors",
  });

  const userData = app.getPath("userData");
  const contents = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null);
  const showWindow = () => {
    if (!focusWindow(mainWindow)) void openWindow().catch(logError);
  };

  const notifier = createUpdateNotifier({
    file: announcedFile(userData),
    onError: logError,
    show: ({ title, body }) => {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      notification.on("click", showWindow);
      notification.show();
    },
  });
  const badge = setupBadge({
    platform: process.platform,
    app,
    createTray: (image) => new Tray(image),
    trayImage: () => nativeImage.createFromBuffer(iconPng(32)),
    overlayImage: (count) => nativeImage.createFromBuffer(badgePng(32, count)),
    setOverlay: (image, description) => mainWindow?.setOverlayIcon(image, description),
    buildMenu: (template) => Menu.buildFromTemplate(template),
    actions: { showWindow, checkUpdates: () => void checkUpdates(true), quit: () => app.quit() },
  });
  const onUpdates = (updates: UpdateInfo[]) => {
    badge.show(pendingUpdateCount(updates));
    void notifier.onUpdates(updates);
  };

  const emit = createMainEventSink({ sendToWindow: createWindowEventSender(contents), onUpdates });
  const scanOptions = {
    ...mainScanOptions(process.argv.slice(1), process.platform, process.env),
    workerScript: readWorkerPath(__dirname, process.env),
  };
  const handlerSession: HandlerSession = createHandlerSession({
    host: "electron",
    scanOptions,
    desktop: electronDesktopIntegration({ shell, dialog, getWindow: () => mainWindow }),
    emit,
    engine: createEngine(scanOptions),
    updatePolling: {},
    secretCodec: safeStorageCodec(safeStorage),
  });
  const { handlers } = handlerSession;
  storedCatalog = () => handlers["catalog:stored"]();
  // The scan waits until the window's first screen is on screen (its work would slow that paint), then runs.
  handlerSession.holdFirstScan(firstScreen.shown);
  void firstScreen.render().catch(logError);
  void handlerSession.prefetchCatalog().catch(logError);
  // The count kept from the last run is on the badge at once, before any new check.
  void handlers["updates:last"]().then((last) => badge.show(pendingUpdateCount(last.updates)), logError);
  const checkUpdates = (force: boolean) => handlers["updates:check"](force).catch(logError);

  await registerCommandsOnIpcMain(handlers, createSenderCheck(contents, paths.indexUrl));

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: app.getName(),
        developer: !app.isPackaged,
        actions: {
          // author:open emits author:changed itself.
          openFolder: () => void handlers["author:open"](null).catch(logError),
          checkUpdates: () => void checkUpdates(true),
          openExternal: (url) => void openExternalSafely(shell, url).catch(logError),
        },
      }),
    ),
  );

  let opening: Promise<void> | null = null;
  const openWindow = (): Promise<void> => (opening ??= createMainWindow().finally(() => (opening = null)));
  const createMainWindow = async () => {
    mainWindow = await setupWindow({
      createWindow: (options) =>
        new BrowserWindow(
          process.platform === "darwin" ? options : { ...options, icon: nativeImage.createFromBuffer(iconPng(128)) },
        ),
      workAreas: () => {
        const primary = screen.getPrimaryDisplay();
        return [primary, ...screen.getAllDisplays().filter((display) => display.id !== primary.id)].map(
          (display) => display.workArea,
        );
      },
      platform: process.platform,
      dark: nativeTheme.shouldUseDarkColors,
      stateFile: windowStateFile(userData),
      preloadPath: paths.preload,
      indexUrl: paths.indexUrl,
      onError: logError,
    });
    mainWindow.on("closed", () => {
      mainWindow = null;
    });
  };
  await openWindow();

  app.on("activate", showWindow);
  app.on("window-all-closed", () => {
    if (process.platform !== "darwin") app.quit();
  });
  app.on("will-quit", () => {
    badge.dispose();
    void handlerSession.dispose().catch(logError);
  });
}
