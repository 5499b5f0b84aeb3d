// Which page is ours: the app's own index.html served over the privileged app:// scheme, the only page allowed to
// call main or get a permission. (No Electron import: the e2e test and pure tests use these names too.)

/** The custom scheme the renderer is served from (registered privileged before ready, handled by app-protocol.ts). */
export const APP_SCHEME = "app";
/** The one host of that scheme; the page's origin is app://skillshelf. */
export const APP_HOST = "skillshelf";
/** The URL the main window loads. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** True when a frame URL is our index.html (any query or hash), compared as parsed app:// URLs. */
export function isAppPageUrl(frameUrl: string, indexUrl: string = APP_INDEX_URL): boolean {
  let frame: URL;
  let index: URL;
  try {
    frame = new URL(frameUrl);
    index = new URL(indexUrl);
  } catch {
    return false;
  }
  return (
    frame.protocol === `${APP_SCHEME}:` &&
    index.protocol === `${APP_SCHEME}:` &&
    frame.host === index.host &&
    frame.pathname === index.pathname
  );
}
