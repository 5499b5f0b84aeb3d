// Electron's security checklist, written out: locked-down web preferences, no navigation or new windows,
// no permissions, no remote content, one CSP, and openExternal only for plain http(s) links.
import type { App, Event, Session, Shell, WebContents, WebPreferences } from "electron";
import { contentSecurityPolicy, isOurPolicy } from "../../shared/csp";
import { safeExternalUrl } from "../../shared/ui-links";
import { APP_HOST, APP_SCHEME, isAppPageUrl } from "./app-page";

/** The window's web preferences: isolated, sandboxed, no Node, web security left on. */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** Parses a URL the app may hand to the system browser: http(s) only, no user name or password; null otherwise. */
function parseExternalUrl(candidate: unknown): URL | null {
  const href = typeof candidate === "string" ? safeExternalUrl(candidate) : null;
  return href === null ? null : new URL(href);
}

/** Opens a URL in the system browser only when parseExternalUrl accepts it; says whether it did. */
export async function openExternalSafely(shell: Pick<Shell, "openExternal">, candidate: unknown): Promise<boolean> {
  const url = parseExternalUrl(candidate);
  if (!url) return false;
  await shell.openExternal(url.href);
  return true;
}

/** Schemes besides app:// the app's own pages use; everything else (file, http, https, ws, ftp...) is refused. */
const localSchemes = new Set(["data:", "blob:", "devtools:", "chrome-extension:"]);

/** True for a request the window may make: only the app's own files on app://skillshelf, never file: or the network. */
function isLocalRequestUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return url.protocol === `${APP_SCHEME}:` ? url.host === APP_HOST : localSchemes.has(url.protocol);
  } catch {
    return false;
  }
}

/**
 * Response headers with our CSP set, replacing any policy already there (header names are case-insensitive) unless it
 * is ours with inline stylesheets' hashes added (the page with its first screen, from app://).
 */
function withContentSecurityPolicy(
  headers: Record<string, string | string[]> | undefined,
): Record<string, string | string[]> {
  const entries = Object.entries(headers ?? {});
  const sent = entries.filter(([name]) => name.toLowerCase() === "content-security-policy").flatMap(([, v]) => v);
  const policy = sent.length === 1 && isOurPolicy(sent[0]!) ? sent[0]! : contentSecurityPolicy;
  const kept = entries.filter(([name]) => name.toLowerCase() !== "content-security-policy");
  return { ...Object.fromEntries(kept), "Content-Security-Policy": [policy] };
}

/** The one permission the app's own page may use: writing to the clipboard (the "copy" buttons). */
const grantedToAppPage = new Set(["clipboard-sanitized-write"]);

/** Deny by default: only a listed permission, asked by our own page, is granted. */
function isPermissionGranted(permission: string, requestingUrl: string | undefined, appPageUrl: string): boolean {
  return (
    grantedToAppPage.has(permission) && typeof requestingUrl === "string" && isAppPageUrl(requestingUrl, appPageUrl)
  );
}

type PermissionSession = Pick<
  Session,
  "setPermissionRequestHandler" | "setPermissionCheckHandler" | "setDevicePermissionHandler"
>;

/** Installs the deny-by-default request, check and device handlers: no camera, location, notifications prompt, USB... */
function denyAllPermissions(session: PermissionSession, appPageUrl: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, appPageUrl)),
  );
  session.setPermissionCheckHandler((_contents, permission, _origin, details) =>
    isPermissionGranted(permission, details.requestingUrl, appPageUrl),
  );
  session.setDevicePermissionHandler(() => false);
}

/** Locks down a session: deny-by-default permissions, no remote requests, our CSP on every response. */
function secureSession(session: PermissionSession & Pick<Session, "webRequest">, appPageUrl: string): void {
  denyAllPermissions(session, appPageUrl);
  session.webRequest.onBeforeRequest((details, callback) => callback({ cancel: !isLocalRequestUrl(details.url) }));
  session.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) }),
  );
}

/** Stops every navigation, redirect and webview of one WebContents; window.open is denied, http(s) links go to the browser. */
function hardenWebContents(contents: WebContents, shell: Pick<Shell, "openExternal">): void {
  const prevent = (event: Event) => event.preventDefault();
  contents.on("will-navigate", prevent);
  contents.on("will-frame-navigate", prevent);
  contents.on("will-redirect", prevent);
  contents.on("will-attach-webview", prevent);
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(shell, url).catch(() => undefined);
    return { action: "deny" };
  });
}

/** Hardens every WebContents the app ever creates, app-wide, and the default session. */
export function setupSecurity(
  app: Pick<App, "on">,
  session: Parameters<typeof secureSession>[0],
  shell: Pick<Shell, "openExternal">,
  appPageUrl: string,
): void {
  app.on("web-contents-created", (_event, contents) => hardenWebContents(contents, shell));
  secureSession(session, appPageUrl);
}
