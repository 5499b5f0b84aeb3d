// Electron's security checklist as tests: each setting and handler, driven through small fakes of Electron.
import { EventEmitter } from "node:events";
import type { App, Session, Shell, WebContents } from "electron";
import { describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy } from "../../shared/csp";
import {
  denyAllPermissions,
  isPermissionGranted,
  hardenWebContents,
  isLocalRequestUrl,
  openExternalSafely,
  parseExternalUrl,
  secureSession,
  secureWebPreferences,
  setupSecurity,
  withContentSecurityPolicy,
} from "./security";

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

describe("parseExternalUrl", () => {
  it.each(["https://agentskills.io/specification", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM"])(
    "accepts %s",
    (url) => {
      expect(parseExternalUrl(url)?.protocol).toMatch(/^https?:$/);
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
  ])("refuses %s", (url) => {
    expect(parseExternalUrl(url)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(parseExternalUrl(42)).toBeNull();
    expect(parseExternalUrl({ href: "https://example.com" })).toBeNull();
  });

  it("opens only what it accepts, and passes on the normalised URL", async () => {
    const { opened, shell } = fakeShell();
    expect(await openExternalSafely(shell, "file:///etc/passwd")).toBe(false);
    expect(await openExternalSafely(shell, "https://Example.com/a b")).toBe(true);
    expect(opened).toEqual(["https://example.com/a%20b"]);
  });
});

const appPage = "app://skillshelf/index.html";

describe("session security", () => {
  it("denies every permission request, check and device, even to our own page", () => {
    const { session, handlers } = fakeSession();
    denyAllPermissions(session, appPage);
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
    const { session, handlers } = fakeSession();
    denyAllPermissions(session, appPage);
    const callback = vi.fn();
    handlers.request!({}, "clipboard-sanitized-write", callback, { requestingUrl: `${appPage}#/skill` });
    handlers.request!({}, "clipboard-sanitized-write", callback, { requestingUrl: "https://evil.example/" });
    expect(callback.mock.calls).toEqual([[true], [false]]);
    expect(handlers.check!({}, "clipboard-sanitized-write", "app://skillshelf", { requestingUrl: appPage })).toBe(true);
    expect(isPermissionGranted("clipboard-sanitized-write", "app://skillshelf/other.html", appPage)).toBe(false);
    expect(
      isPermissionGranted("clipboard-sanitized-write", "file:///opt/skillshelf/dist/renderer/index.html", appPage),
    ).toBe(false);
    expect(isPermissionGranted("clipboard-sanitized-write", "app://other/index.html", appPage)).toBe(false);
    expect(isPermissionGranted("clipboard-sanitized-write", undefined, appPage)).toBe(false);
    expect(isPermissionGranted("clipboard-read", appPage, appPage)).toBe(false);
  });

  it("cancels every remote and file: request and lets the app's own app:// files through", () => {
    const { session, handlers } = fakeSession();
    secureSession(session, appPage);
    const decide = (url: string) => {
      let cancel: boolean | undefined;
      handlers.beforeRequest!({ url }, (response: { cancel?: boolean }) => (cancel = response.cancel));
      return cancel;
    };
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
    const { session, handlers } = fakeSession();
    secureSession(session, appPage);
    let headers: Record<string, string | string[]> | undefined;
    handlers.headersReceived!(
      {
        url: "app://skillshelf/index.html",
        responseHeaders: { "content-security-policy": ["default-src *"], "X-Other": ["1"] },
      },
      (response: { responseHeaders?: Record<string, string | string[]> }) => (headers = response.responseHeaders),
    );
    expect(headers).toEqual({ "X-Other": ["1"], "Content-Security-Policy": [contentSecurityPolicy] });
    expect(withContentSecurityPolicy(undefined)).toEqual({ "Content-Security-Policy": [contentSecurityPolicy] });
  });

  it("knows which request URLs are local", () => {
    expect(isLocalRequestUrl("app://skillshelf/index.html")).toBe(true);
    expect(isLocalRequestUrl("file:///x")).toBe(false);
    expect(isLocalRequestUrl("devtools://devtools/bundled/inspector.html")).toBe(true);
    expect(isLocalRequestUrl("https://x")).toBe(false);
    expect(isLocalRequestUrl("::")).toBe(false);
  });
});

describe("web contents hardening", () => {
  it("prevents navigation, frame navigation, redirects and webviews", () => {
    const { contents, fire } = fakeContents();
    hardenWebContents(contents, fakeShell().shell);
    for (const event of ["will-navigate", "will-frame-navigate", "will-redirect", "will-attach-webview"]) {
      expect(fire(event), event).toHaveBeenCalledOnce();
    }
  });

  it("denies window.open, sending only safe http(s) links to the browser", async () => {
    const { contents, open } = fakeContents();
    const { opened, shell } = fakeShell();
    hardenWebContents(contents, shell);
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
