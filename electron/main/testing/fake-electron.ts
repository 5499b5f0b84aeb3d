// A stand-in for the `electron` module that records what main asks of it. Every piece is typed against Electron's
// own definitions (node_modules/electron/electron.d.ts, installed without the binary): each fake method must take
// what Electron's takes and, where main uses the result, give what Electron's gives, and every export name must be
// one Electron has; so a fake that drifts from the real API fails the typecheck. No side effects on import.
import { EventEmitter } from "node:events";
import os from "node:os";
import type {
  App,
  BrowserWindowConstructorOptions,
  BrowserWindow as ElectronBrowserWindow,
  Dialog,
  IpcMain,
  IpcMainInvokeEvent,
  NativeTheme,
  Notification as ElectronNotification,
  Protocol,
  Rectangle,
  SafeStorage,
  Session,
  Shell,
  Tray as ElectronTray,
  WebContents,
  WebFrameMain,
  WebRequest,
} from "electron";

/** The `electron` module's type: what the fake stands in for. */
type ElectronModule = typeof import("electron");

/** What Menu.buildFromTemplate takes; the fake menu is the template itself. */
type MenuTemplate = Parameters<ElectronModule["Menu"]["buildFromTemplate"]>[0];

/** A fake of a function whose result main only passes back to Electron: same parameters, any (fake) result. */
type Takes<F> = F extends (...args: infer P) => unknown ? (...args: P) => unknown : never;

/** What main asked of the fake, printed by the hook for main.test.ts. */
export interface FakeElectronReport {
  sandboxEnabled: boolean;
  singleInstanceRequested: boolean;
  /** Schemes registered privileged, and whether that came before ready (Electron requires it). */
  privilegedSchemes: { scheme: string; privileges: unknown; beforeReady: boolean }[];
  handledSchemes: string[];
  windows: { options: BrowserWindowConstructorOptions; loaded: string }[];
  menu: string[];
  session: string[];
}

/** An IPC handler as ipcMain.handle receives it. */
export type IpcHandler = Parameters<IpcMain["handle"]>[1];
/** A protocol handler as protocol.handle receives it. */
export type ProtocolHandler = Parameters<Protocol["handle"]>[1];

/** The WebContents of a fake window: only what main and its security module call. */
export class FakeWebContents
  extends EventEmitter
  implements Pick<WebContents, "isDestroyed" | "send" | "setWindowOpenHandler" | "getURL">
{
  /** The main frame (Electron's url is read-only; the fake sets it when a page loads). */
  readonly mainFrame: { -readonly [K in keyof Pick<WebFrameMain, "url">]: WebFrameMain[K] } = { url: "" };
  readonly sent: [string, unknown][] = [];
  openHandler: Parameters<WebContents["setWindowOpenHandler"]>[0] | null = null;
  isDestroyed(): boolean {
    return false;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push([channel, args[0]]);
  }
  setWindowOpenHandler(handler: Parameters<WebContents["setWindowOpenHandler"]>[0]): void {
    this.openHandler = handler;
  }
  getURL(): string {
    return this.mainFrame.url;
  }
}

/** Builds one fake `electron` module with its own records; `onLoad` runs after a window loads its page. */
export function createFakeElectron(
  options: { userData?: string; onLoad?: (window: { webContents: FakeWebContents }) => void } = {},
) {
  const report: FakeElectronReport = {
    sandboxEnabled: false,
    singleInstanceRequested: false,
    privilegedSchemes: [],
    handledSchemes: [],
    windows: [],
    menu: [],
    session: [],
  };
  const ipcHandlers = new Map<string, IpcHandler>();
  const protocolHandlers = new Map<string, ProtocolHandler>();
  let isReady = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  class FakeApp
    extends EventEmitter
    implements
      Pick<
        App,
        | "enableSandbox"
        | "requestSingleInstanceLock"
        | "whenReady"
        | "quit"
        | "setAppUserModelId"
        | "getPath"
        | "getName"
        | "getVersion"
        | "setAboutPanelOptions"
        | "isPackaged"
        | "setBadgeCount"
      >
  {
    isPackaged = false;
    onQuit: () => void = () => undefined;
    enableSandbox(): void {
      report.sandboxEnabled = true;
    }
    requestSingleInstanceLock(): boolean {
      report.singleInstanceRequested = true;
      return true;
    }
    whenReady(): Promise<void> {
      return ready;
    }
    quit(): void {
      this.onQuit();
    }
    setAppUserModelId(): void {}
    getPath(name: Parameters<App["getPath"]>[0]): string {
      return name === "userData" && options.userData ? options.userData : os.tmpdir();
    }
    getName(): string {
      return "Skillshelf";
    }
    getVersion(): string {
      return "0.0.0-fake";
    }
    setAboutPanelOptions(): void {}
    setBadgeCount(): boolean {
      return true;
    }
  }
  const app = new FakeApp();

  class BrowserWindow
    extends EventEmitter
    implements
      Pick<
        ElectronBrowserWindow,
        | "isDestroyed"
        | "isMinimized"
        | "isVisible"
        | "isMaximized"
        | "maximize"
        | "restore"
        | "show"
        | "focus"
        | "getNormalBounds"
        | "loadURL"
        | "setOverlayIcon"
      >
  {
    static readonly all: BrowserWindow[] = [];
    readonly webContents = new FakeWebContents();
    readonly bounds: Rectangle;
    constructor(readonly options: BrowserWindowConstructorOptions) {
      super();
      this.bounds = {
        x: options.x ?? 0,
        y: options.y ?? 0,
        width: options.width ?? 800,
        height: options.height ?? 600,
      };
      BrowserWindow.all.push(this);
      app.emit("web-contents-created", {}, this.webContents);
    }
    static getAllWindows(): BrowserWindow[] {
      return BrowserWindow.all;
    }
    isDestroyed(): boolean {
      return false;
    }
    isMinimized(): boolean {
      return false;
    }
    isVisible(): boolean {
      return true;
    }
    isMaximized(): boolean {
      return false;
    }
    maximize(): void {}
    restore(): void {}
    show(): void {}
    focus(): void {}
    setOverlayIcon(): void {}
    getNormalBounds(): Rectangle {
      return this.bounds;
    }
    async loadURL(url: string): Promise<void> {
      this.webContents.mainFrame.url = url;
      report.windows.push({ options: { ...this.options, icon: undefined }, loaded: url });
      setImmediate(() => options.onLoad?.(this));
    }
  }

  class Notification extends EventEmitter implements Pick<ElectronNotification, "show"> {
    static isSupported(): boolean {
      return false;
    }
    show(): void {}
  }

  class Tray extends EventEmitter implements Pick<ElectronTray, "setToolTip" | "setContextMenu" | "destroy"> {
    setToolTip(): void {}
    setContextMenu(): void {}
    destroy(): void {}
  }

  const ipcMain = {
    handle: (channel: string, handler: IpcHandler) => void ipcHandlers.set(channel, handler),
    removeHandler: (channel: string) => void ipcHandlers.delete(channel),
  } satisfies Pick<IpcMain, "handle" | "removeHandler">;

  const protocol = {
    registerSchemesAsPrivileged: (schemes: Parameters<Protocol["registerSchemesAsPrivileged"]>[0]) => {
      for (const { scheme, privileges } of schemes)
        report.privilegedSchemes.push({ scheme, privileges, beforeReady: !isReady });
    },
    handle: (scheme: string, handler: ProtocolHandler) => {
      report.handledSchemes.push(scheme);
      protocolHandlers.set(scheme, handler);
    },
  } satisfies Pick<Protocol, "registerSchemesAsPrivileged" | "handle">;

  const Menu = {
    buildFromTemplate: (template: MenuTemplate) => template,
    setApplicationMenu: (menu: unknown) =>
      void (report.menu = (menu as MenuTemplate).map((item) => item.label ?? item.role ?? "")),
  } satisfies { [K in "buildFromTemplate" | "setApplicationMenu"]: Takes<ElectronModule["Menu"][K]> };

  const nativeImage = {
    createFromBuffer: (buffer: Buffer) => ({ size: buffer.length }),
  } satisfies { createFromBuffer: Takes<ElectronModule["nativeImage"]["createFromBuffer"]> };

  const nativeTheme = { shouldUseDarkColors: false } satisfies Pick<NativeTheme, "shouldUseDarkColors">;

  const workArea = { x: 0, y: 0, width: 1920, height: 1080 };
  const screen = {
    getPrimaryDisplay: () => ({ id: 1, workArea }),
    getAllDisplays: () => [{ id: 1, workArea }],
  } satisfies { [K in "getPrimaryDisplay" | "getAllDisplays"]: Takes<ElectronModule["screen"][K]> };

  const webRequest = {
    onBeforeRequest: () => void report.session.push("before-request"),
    onHeadersReceived: () => void report.session.push("headers-received"),
  } satisfies Pick<WebRequest, "onBeforeRequest" | "onHeadersReceived">;
  const defaultSession = {
    setPermissionRequestHandler: () => void report.session.push("permission-request"),
    setPermissionCheckHandler: () => void report.session.push("permission-check"),
    setDevicePermissionHandler: () => void report.session.push("device-permission"),
    webRequest,
  } satisfies Pick<
    Session,
    "setPermissionRequestHandler" | "setPermissionCheckHandler" | "setDevicePermissionHandler"
  > & { webRequest: Pick<WebRequest, "onBeforeRequest" | "onHeadersReceived"> };

  const shell = { openExternal: async () => undefined, showItemInFolder: () => undefined } satisfies Pick<
    Shell,
    "openExternal" | "showItemInFolder"
  >;
  const dialog = { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) } satisfies Pick<
    Dialog,
    "showOpenDialog"
  >;
  // Like a Linux session without a keyring: secrets are refused, never stored in plain text.
  const safeStorage = {
    isEncryptionAvailable: () => false,
    getSelectedStorageBackend: () => "basic_text" as const,
    encryptString: (): Buffer => {
      throw new Error("Encryption is not available.");
    },
    decryptString: (): string => {
      throw new Error("Decryption is not available.");
    },
  } satisfies Pick<
    SafeStorage,
    "isEncryptionAvailable" | "getSelectedStorageBackend" | "encryptString" | "decryptString"
  >;

  const electron = {
    app,
    BrowserWindow,
    ipcMain,
    protocol,
    Menu,
    nativeImage,
    nativeTheme,
    Notification,
    Tray,
    screen,
    session: { defaultSession },
    shell,
    dialog,
    safeStorage,
  } satisfies { [K in keyof ElectronModule]?: unknown };

  return {
    electron,
    report,
    ipcHandlers,
    protocolHandlers,
    /** Fires app readiness, as Electron does once it has started. */
    becomeReady(): void {
      isReady = true;
      markReady();
    },
    /** Calls an IPC handler the way ipcMain would, with the given event. */
    async invoke(
      channel: string,
      event: Pick<IpcMainInvokeEvent, "sender" | "senderFrame">,
      ...args: unknown[]
    ): Promise<{ ok: unknown } | { error: string }> {
      const handler = ipcHandlers.get(channel);
      if (!handler) return { error: `no handler for ${channel}` };
      try {
        return { ok: await handler(event as IpcMainInvokeEvent, ...args) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
  };
}

/** One fake `electron` module with its records. */
export type FakeElectron = ReturnType<typeof createFakeElectron>;
