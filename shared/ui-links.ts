// Which links the app may hand to a browser: parsed, http(s) only, no credentials (shared by handlers and views).

/** The normalised URL when raw is an absolute http(s) URL without user name or password; otherwise null. */
export function safeExternalUrl(raw: string): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 8192) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username !== "" || url.password !== "") return null;
  if (url.hostname === "") return null;
  return url.href;
}
