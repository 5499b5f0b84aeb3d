// The web host's gatekeeping, as pure functions: the per-run token, the Host and Origin checks and the page headers.
import { randomBytes, timingSafeEqual } from "node:crypto";

/** Header that carries the per-run token on API calls (declared with the contract). */
export { TOKEN_HEADER } from "../../shared/ipc";

/** A fresh random token for one run of the host (256 bits, URL-safe). */
export function createToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Compares a presented token with the real one in constant time. */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== "string") return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True for a Host header naming this server by loopback address or localhost (anything else may be DNS rebinding). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** True when an Origin header is exactly this server's own origin as the page reached it. */
export function isSameOrigin(origin: string | undefined, host: string): boolean {
  return origin === `http://${host}`;
}

/** False when the browser says a request comes from another site (Sec-Fetch-Site), true when it does not say. */
export function fetchSiteAllowed(secFetchSite: string | undefined): boolean {
  return secFetchSite === undefined || secFetchSite === "same-origin" || secFetchSite === "none";
}

/** Headers every response carries. */
export const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=(), clipboard-read=()",
};
