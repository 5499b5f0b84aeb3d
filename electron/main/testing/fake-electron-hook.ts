// The `node --require` entry main.test.ts runs before the built dist/main/main.cjs (bundled to CommonJS by the test):
// `require("electron")` gets the typed fake, and once main has loaded its page the hook drives IPC, navigation,
// window.open and the app:// handler a little, then prints one report line and exits.
import Module from "node:module";
import { createFakeElectron, FakeWebContents } from "./fake-electron";

const fake = createFakeElectron({
  userData: process.env.FAKE_ELECTRON_USER_DATA,
  onLoad: (window) =>
    void probe(window.webContents).catch((error: unknown) =>
      finish({ probeError: String((error as Error)?.stack ?? error) }),
    ),
});
fake.electron.app.onQuit = () => finish({ quit: true });

/** Status and content type of one app:// request through the handler main registered. */
async function fetchApp(url: string, method = "GET"): Promise<{ status: number; type: string | null } | null> {
  const handler = fake.protocolHandlers.get("app");
  if (!handler) return null;
  const response = await handler(new Request(url, { method }));
  return { status: response.status, type: response.headers.get("content-type") };
}

/** Exercises what main wired: IPC from our window, from a stranger, with bad arguments; navigation; window.open; app://. */
async function probe(contents: FakeWebContents): Promise<void> {
  const ours = { sender: contents, senderFrame: contents.mainFrame } as never;
  const stranger = new FakeWebContents();
  stranger.mainFrame.url = contents.mainFrame.url;
  const ipc = {
    good: await fake.invoke("app:info", ours),
    foreign: await fake.invoke("app:info", { sender: stranger, senderFrame: stranger.mainFrame } as never),
    malformed: await fake.invoke("skill:levels", ours, 42),
  };
  let prevented = 0;
  contents.emit("will-navigate", { preventDefault: () => (prevented += 1) }, "https://example.com/");
  contents.emit("will-attach-webview", { preventDefault: () => (prevented += 1) }, {}, {});
  const contentsHardening = {
    prevented,
    windowOpen: contents.openHandler ? contents.openHandler({ url: "https://example.com/" } as never) : null,
  };
  const appScheme = {
    index: await fetchApp("app://skillshelf/index.html"),
    traversal: await fetchApp("app://skillshelf/..%2fmain%2fmain.cjs"),
    post: await fetchApp("app://skillshelf/index.html", "POST"),
  };
  finish({ ipc, contentsHardening, appScheme });
}

function finish(extra: Record<string, unknown>): void {
  const report = {
    ...fake.report,
    ...extra,
    channels: [...fake.ipcHandlers.keys()].sort(),
    webContentsCreatedListeners: fake.electron.app.listenerCount("web-contents-created"),
  };
  process.stdout.write(`FAKE-ELECTRON-REPORT ${JSON.stringify(report)}\n`);
  process.exit(0);
}

// require("electron"): Node's CommonJS loader hook, the one place such a request can be answered (not in its typings).
const loader = Module as unknown as { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
const originalLoad = loader._load;
loader._load = function load(request, parent, isMain) {
  if (request === "electron") return fake.electron;
  return originalLoad.call(this, request, parent, isMain);
};

// import("electron") (main's IPC module loads it lazily) goes through the ESM loader instead: a resolve hook maps it
// to a module re-exporting the same fake, handed over on globalThis.
const FAKE_GLOBAL = "__skillshelfFakeElectron";
(globalThis as Record<string, unknown>)[FAKE_GLOBAL] = fake.electron;
const fakeModule = [
  `const e = globalThis.${FAKE_GLOBAL};`,
  "export default e;",
  ...Object.keys(fake.electron).map((name) => `export const ${name} = e.${name};`),
].join("\n");
const resolveHook = `export async function resolve(specifier, context, next) {
  if (specifier === "electron") return { url: ${JSON.stringify(`data:text/javascript,${encodeURIComponent(fakeModule)}`)}, shortCircuit: true };
  return next(specifier, context);
}`;
Module.register(`data:text/javascript,${encodeURIComponent(resolveHook)}`);

setImmediate(() => fake.becomeReady());
