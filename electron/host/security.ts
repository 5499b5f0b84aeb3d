// The web host's gatekeeping, as pure functions: the per-run token, the Host and Origin checks and the page headers.
import { randomBytes, timingSafeEqual } from "node:crypto";

/** Headers that carry the per-run token and a page's session secret on API calls (declared with the contract). */
export { SESSION_HEADER, TOKEN_HEADER } from "../../shared/ipc";

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

/** Tokens each good for one use (sign-in codes, first-screen tickets); past `max` unused, the oldest dies. */
export class OneTimeTokens {
  readonly #live = new Set<string>();

  constructor(private readonly max: number) {}

  /** A new token. */
  issue(): string {
    const token = createToken();
    this.#live.add(token);
    if (this.#live.size > this.max) this.#live.delete(this.#live.values().next().value!);
    return token;
  }

  /** True once for a live token (which dies now), compared in constant time; false for anything else. */
  take(presented: unknown): boolean {
    if (typeof presented !== "string") return false;
    let found: string | null = null;
    for (const token of this.#live) if (tokenMatches(presented, token)) found = token;
    if (found === null) return false;
    this.#live.delete(found);
    return true;
  }
}

/**
 * The one-time sign-in codes and the sessions they opened: a code is exchanged once for a session secret (which the
 * page keeps in its tab's sessionStorage and sends in a header), and is dead from then on.
 */
export class SignIns {
  static readonly MAX_SESSIONS = 32;
  static readonly MAX_CODES = 8;
  readonly #codes = new OneTimeTokens(SignIns.MAX_CODES);
  readonly #sessions: string[] = [];

  /** A new one-time code (the oldest unused one dies past MAX_CODES). */
  issueCode(): string {
    return this.#codes.issue();
  }

  /** The session secret for a live code (which dies now), or null. */
  exchange(presented: unknown): string | null {
    if (!this.#codes.take(presented)) return null;
    const secret = createToken();
    this.#sessions.push(secret);
    if (this.#sessions.length > SignIns.MAX_SESSIONS) this.#sessions.shift();
    return secret;
  }

  /** Whether a presented value is a session secret this host gave out. */
  isSession(presented: string | null | undefined): boolean {
    let ok = false;
    for (const secret of this.#sessions) ok = tokenMatches(presented, secret) || ok;
    return ok;
  }
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
