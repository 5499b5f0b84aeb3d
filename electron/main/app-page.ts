// Which page is ours: the app's own index.html from disk, the only page allowed to call main or get a permission.

/** True when a frame URL is our index.html (any query or hash), compared as parsed file: URLs. */
export function isAppPageUrl(frameUrl: string, indexUrl: string): boolean {
  let frame: URL;
  let index: URL;
  try {
    frame = new URL(frameUrl);
    index = new URL(indexUrl);
  } catch {
    return false;
  }
  return frame.protocol === "file:" && index.protocol === "file:" && frame.host === index.host && frame.pathname === index.pathname;
}
