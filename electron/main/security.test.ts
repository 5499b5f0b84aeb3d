// Electron's security checklist as tests: each setting and handler, driven through small fakes of Electron.
import { EventEmitter } from "node:events";
import type { App, Session, Shell, WebContents } from "electron";
import { describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, contentSecurityPolicyWithStyles } from "../../shared/csp";

const HASH = "n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=";
import { openExternalSafely, secureWebPreferences, setupSecurity } from "./security";

function fakeShell() {
  const opened: string[] = [];
  return {
    opened,
    shell: { openExternal: async (url: string) => void opened.push(url) } as Pick<Shell, "openExternal">,
  };
}

function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = Object.assign(emitter, {
    setWindowOpenHandler: (handler: typeof openHandler) => {
      openHandler = handler;
    },
  });
  const fire = (event: string) => {
    const preventDefault = vi.fn();
    emitter.emit(event, { preventDefault, url: "https://example.com/" }, "https://example.com/");
    return preventDefault;
  };
  return { contents: contents as unknown as WebContents, fire, open: (url: string) => openHandler!({ url }) };
}

function fakeSession() {
  type AnyHandler = (...args: never[]) => unknown;
  const handlers: Record<string, (...args: unknown[]) => unknown> = {};
  const keep = (name: string) => (handler: AnyHandler) =>
    void (handlers[name] = handler as (...args: unknown[]) => unknown);
  const session = {
    setPermissionRequestHandler: keep("request"),
    setPermissionCheckHandler: keep("check"),
    setDevicePermissionHandler: keep("device"),
    webRequest: { onBeforeRequest: keep("beforeRequest"), onHeadersReceived: keep("headersReceived") },
  };
  return { session: session as unknown as Session, handlers };
}

const appPage = "app://skillshelf/index.html";

/** The app's security set up on fakes as main sets it up; `created()` is a new WebContents the app made. */
function securedApp() {
  const app = new EventEmitter();
  const { session, handlers } = fakeSession();
  const { opened, shell } = fakeShell();
  setupSecurity(app as unknown as Pick<App, "on">, session, shell, appPage);
  const created = () => {
    const made = fakeContents();
    app.emit("web-contents-created", {}, made.contents);
    return made;
  };
  const granted = (permission: string, requestingUrl: string | undefined) =>
    handlers.check!({}, permission, "app://skillshelf", { requestingUrl });
  const cancels = (url: string) => {
    let cancel: boolean | undefined;
    handlers.beforeRequest!({ url }, (response: { cancel?: boolean }) => (cancel = response.cancel));
    return cancel;
  };
  return { handlers, opened, shell, created, granted, cancels };
}

describe("secureWebPreferences", () => {
  it("isolates and sandboxes the page, with no Node anywhere and web security untouched", () => {
    const prefs = secureWebPreferences("/app/dist/preload/preload.cjs");
    expect(prefs).toMatchObject({
      preload: "/app/dist/preload/preload.cjs",
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
  });
});

describe("openExternalSafely", () => {
  it.each(["https://agentskills.io/specification", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM"])(
    "accepts %s",
    async (url) => {
      const { opened, shell } = fakeShell();
      expect(await openExternalSafely(shell, url)).toBe(true);
      expect(new URL(opened[0]!).protocol).toMatch(/^https?:$/);
    },
  );

  it.each([
    "file:///etc/passwd",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "smb://server/share",
    "ms-settings:",
    "vscode://file/etc",
    "https://user:secret@example.com/",
    "https://user@example.com/",
    "not a url",
    "",
    "//example.com/no-scheme",
  ])("refuses %s", async (url) => {
    const { opened, shell } = fakeShell();
    expect(await openExternalSafely(shell, url)).toBe(false);
    expect(opened).toEqual([]);
  });

  it("refuses what is not a string", async () => {
    const { opened, shell } = fakeShell();
    expect(await openExternalSafely(shell, 42)).toBe(false);
    expect(await openExternalSafely(shell, { href: "https://example.com" })).toBe(false);
    expect(opened).toEqual([]);
  });

  it("opens only what it accepts, and passes on the normalised URL", async () => {
    const { opened, shell } = fakeShell();
    expect(await openExternalSafely(shell, "file:///etc/passwd")).toBe(false);
    expect(await openExternalSafely(shell, "https://Example.com/a b")).toBe(true);
    expect(opened).toEqual(["https://example.com/a%20b"]);
  });
});

describe("session security", () => {
  it("denies every permission request, check and device, even to our own page", () => {
    const { handlers } = securedApp();
    const callback = vi.fn();
    for (const permission of [
      "media",
      "geolocation",
      "notifications",
      "clipboard-read",
      "openExternal",
      "fullscreen",
      "unknown",
    ]) {
      handlers.request!({}, permission, callback, { requestingUrl: appPage });
      expect(handlers.check!({}, permission, "app://skillshelf", { requestingUrl: appPage })).toBe(false);
    }
    expect(callback.mock.calls.length).toBe(7);
    expect(callback.mock.calls.every(([granted]) => granted === false)).toBe(true);
    expect(handlers.device!({})).toBe(false);
  });

  it("lets only our own page write to the clipboard, for the copy buttons", () => {
    const { handlers, granted } = securedApp();
    const callback = vi.fn();
    handlers.request!({}, "clipboard-sanitized-write", callback, { requestingUrl: `${appPage}#/skill` });
    handlers.request!({}, "clipboard-sanitized-write", callback, { requestingUrl: "https://evil.example/" });
    expect(callback.mock.calls).toEqual([[true], [false]]);
    expect(handlers.check!({}, "clipboard-sanitized-write", "app://skillshelf", { requestingUrl: appPage })).toBe(true);
    expect(granted("clipboard-sanitized-write", "app://skillshelf/other.html")).toBe(false);
    expect(granted("clipboard-sanitized-write", "file:///opt/skillshelf/dist/renderer/index.html")).toBe(false);
    expect(granted("clipboard-sanitized-write", "app://other/index.html")).toBe(false);
    expect(granted("clipboard-sanitized-write", undefined)).toBe(false);
    expect(granted("clipboard-read", appPage)).toBe(false);
  });

  it("cancels every remote and file: request and lets the app's own app:// files through", () => {
    const { cancels: decide } = securedApp();
    expect(decide("app://skillshelf/assets/index.js")).toBe(false);
    expect(decide("file:///app/dist/renderer/index.html")).toBe(true);
    expect(decide("file:///etc/passwd")).toBe(true);
    expect(decide("app://elsewhere/index.html")).toBe(true);
    expect(decide("data:image/png;base64,AAAA")).toBe(false);
    expect(decide("https://example.com/tracker.js")).toBe(true);
    expect(decide("http://127.0.0.1:8080/")).toBe(true);
    expect(decide("ws://127.0.0.1/")).toBe(true);
  });

  it("sets our CSP on every response, replacing a policy already there", () => {
    const { handlers } = securedApp();
    const answer = (responseHeaders: Record<string, string[]> | undefined) => {
      let headers: Record<string, string | string[]> | undefined;
      handlers.headersReceived!(
        { url: "app://skillshelf/index.html", responseHeaders },
        (response: { responseHeaders?: Record<string, string | string[]> }) => (headers = response.responseHeaders),
      );
      return headers;
    };
    expect(answer({ "content-security-policy": ["default-src *"], "X-Other": ["1"] })).toEqual({
      "X-Other": ["1"],
      "Content-Security-Policy": [contentSecurityPolicy],
    });
    expect(answer(undefined)).toEqual({ "Content-Security-Policy": [contentSecurityPolicy] });
    // The first-screen page's own policy (ours plus its inline stylesheet's hash) is kept; anything looser is not.
    const hashed = contentSecurityPolicyWithStyles([HASH]);
    expect(answer({ "Content-Security-Policy": [hashed] })).toEqual({ "Content-Security-Policy": [hashed] });
    for (const looser of [
      hashed.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
      hashed.replace("script-src 'self'", `script-src 'self' 'sha256-${HASH}'`),
      `${hashed}; connect-src *`,
    ])
      expect(answer({ "Content-Security-Policy": [looser] })).toEqual({
        "Content-Security-Policy": [contentSecurityPolicy],
      });
    expect(answer({ "Content-Security-Policy": [hashed, hashed] })).toEqual({
      "Content-Security-Policy": [contentSecurityPolicy],
    });
  });

  it("knows which request URLs are local", () => {
    const { cancels } = securedApp();
    expect(cancels("app://skillshelf/index.html")).toBe(false);
    expect(cancels("file:///x")).toBe(true);
    expect(cancels("devtools://devtools/bundled/inspector.html")).toBe(false);
    expect(cancels("https://x")).toBe(true);
    expect(cancels("::")).toBe(true);
  });
});

describe("web contents hardening", () => {
  it("prevents navigation, frame navigation, redirects and webviews", () => {
    const { fire } = securedApp().created();
    for (const event of ["will-navigate", "will-frame-navigate", "will-redirect", "will-attach-webview"]) {
      expect(fire(event), event).toHaveBeenCalledOnce();
    }
  });

  it("denies window.open, sending only safe http(s) links to the browser", async () => {
    const { opened, created } = securedApp();
    const { open } = created();
    expect(open("https://agentskills.io/")).toEqual({ action: "deny" });
    expect(open("file:///etc/passwd")).toEqual({ action: "deny" });
    expect(open("https://a:b@evil.example/")).toEqual({ action: "deny" });
    await vi.waitFor(() => expect(opened).toEqual(["https://agentskills.io/"]));
  });

  it("hardens every web contents the app creates, app-wide, and secures the session", () => {
    const app = new EventEmitter();
    const { session, handlers } = fakeSession();
    setupSecurity(app as unknown as Pick<App, "on">, session, fakeShell().shell, appPage);
    const { contents, fire, open } = fakeContents();
    app.emit("web-contents-created", {}, contents);
    expect(fire("will-navigate")).toHaveBeenCalledOnce();
    expect(open("https://example.com")).toEqual({ action: "deny" });
    expect(Object.keys(handlers).sort()).toEqual(["beforeRequest", "check", "device", "headersReceived", "request"]);
  });
});
