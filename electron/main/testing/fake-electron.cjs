// A stand-in for the `electron` module, preloaded with `node --require` so the built dist/main/main.cjs can run
// in plain Node: it records what main asks of Electron, drives the window and IPC a little, and prints a report.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload that hooks require("electron") */
const Module = require("node:module");
const { EventEmitter } = require("node:events");
const { pathToFileURL } = require("node:url");

const report = { sandboxEnabled: false, singleInstanceRequested: false, channels: [], windows: [], menu: [], session: [], contentsHardening: {}, ipc: {} };
const ipcHandlers = new Map();
const app = new EventEmitter();
let readyResolve;
const ready = new Promise((resolve) => (readyResolve = resolve));

class FakeWebContents extends EventEmitter {
  constructor() {
    super();
    this.mainFrame = { url: "" };
    this.sent = [];
    this.openHandler = null;
  }
  isDestroyed() { return false; }
  send(channel, payload) { this.sent.push([channel, payload]); }
  setWindowOpenHandler(handler) { this.openHandler = handler; }
  getURL() { return this.mainFrame.url; }
}

class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new FakeWebContents();
    this.bounds = { x: options.x, y: options.y, width: options.width, height: options.height };
    BrowserWindow.all.push(this);
    app.emit("web-contents-created", {}, this.webContents);
  }
  static getAllWindows() { return BrowserWindow.all; }
  isDestroyed() { return false; }
  isMinimized() { return false; }
  isVisible() { return true; }
  isMaximized() { return false; }
  maximize() {}
  restore() {}
  show() {}
  focus() {}
  getNormalBounds() { return this.bounds; }
  async loadFile(file) {
    this.webContents.mainFrame.url = pathToFileURL(file).href;
    report.windows.push({ options: { ...this.options, icon: undefined }, loaded: file });
    setImmediate(() => void probe(this).catch((error) => finish({ probeError: String(error && error.stack) })));
  }
}
BrowserWindow.all = [];

/** Exercises what main wired: IPC from our window, from a stranger, with bad arguments; navigation; window.open. */
async function probe(window) {
  const contents = window.webContents;
  const call = async (channel, event, ...args) => {
    try {
      return { ok: await ipcHandlers.get(channel)(event, ...args) };
    } catch (error) {
      return { error: error.message };
    }
  };
  const ours = { sender: contents, senderFrame: contents.mainFrame };
  const stranger = new FakeWebContents();
  stranger.mainFrame.url = contents.mainFrame.url;
  report.ipc.good = await call("app:info", ours);
  report.ipc.foreign = await call("app:info", { sender: stranger, senderFrame: stranger.mainFrame });
  report.ipc.malformed = await call("skill:levels", ours, 42);
  let prevented = 0;
  contents.emit("will-navigate", { preventDefault: () => (prevented += 1) }, "https://example.com/");
  contents.emit("will-attach-webview", { preventDefault: () => (prevented += 1) }, {}, {});
  report.contentsHardening = { prevented, windowOpen: contents.openHandler ? contents.openHandler({ url: "https://example.com/" }) : null };
  finish({});
}

function finish(extra) {
  Object.assign(report, extra, { channels: [...ipcHandlers.keys()].sort(), webContentsCreatedListeners: app.listenerCount("web-contents-created") });
  process.stdout.write(`FAKE-ELECTRON-REPORT ${JSON.stringify(report)}\n`);
  process.exit(0);
}

Object.assign(app, {
  enableSandbox: () => void (report.sandboxEnabled = true),
  requestSingleInstanceLock: () => ((report.singleInstanceRequested = true), true),
  whenReady: () => ready,
  quit: () => finish({ quit: true }),
  setAppUserModelId: () => undefined,
  getPath: (name) => (name === "userData" ? process.env.FAKE_ELECTRON_USER_DATA : require("node:os").tmpdir()),
  getName: () => "Skillshelf",
  getVersion: () => "0.0.0-fake",
  setAboutPanelOptions: () => undefined,
  isPackaged: false,
  setBadgeCount: () => true,
});

const fake = {
  app,
  BrowserWindow,
  ipcMain: { handle: (channel, handler) => void ipcHandlers.set(channel, handler), removeHandler: (channel) => void ipcHandlers.delete(channel) },
  Menu: {
    buildFromTemplate: (template) => template,
    setApplicationMenu: (menu) => void (report.menu = menu.map((item) => item.label || item.role)),
  },
  nativeImage: { createFromBuffer: (buffer) => ({ size: buffer.length }) },
  nativeTheme: { shouldUseDarkColors: false },
  Notification: Object.assign(class extends EventEmitter { show() {} }, { isSupported: () => false }),
  Tray: class { setToolTip() {} setContextMenu() {} destroy() {} },
  screen: {
    getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
    getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: () => void report.session.push("permission-request"),
      setPermissionCheckHandler: () => void report.session.push("permission-check"),
      setDevicePermissionHandler: () => void report.session.push("device-permission"),
      webRequest: {
        onBeforeRequest: () => void report.session.push("before-request"),
        onHeadersReceived: () => void report.session.push("headers-received"),
      },
    },
  },
  shell: { openExternal: async () => undefined, showItemInFolder: () => undefined, openPath: async () => "" },
  dialog: { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) },
};

const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === "electron") return fake;
  return originalLoad.call(this, request, parent, isMain);
};

setImmediate(() => readyResolve());
