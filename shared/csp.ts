// The one Content-Security-Policy for every place the renderer runs (Electron's app:// window, the web host's
// page, the renderer's meta tag), so the three never drift apart.

/** Each directive and its sources: same-origin code only, no inline script, no eval, nothing remote. */
const cspDirectives: Readonly<Record<string, readonly string[]>> = {
  "default-src": ["'none'"],
  "script-src": ["'self'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "data:"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "manifest-src": ["'self'"],
  "media-src": ["'none'"],
  "object-src": ["'none'"],
  "worker-src": ["'none'"],
  "child-src": ["'none'"],
  "frame-src": ["'none'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
};

/** Directives browsers ignore (and warn about) when the policy arrives in a <meta> tag rather than a header. */
const headerOnlyDirectives = new Set(["frame-ancestors", "report-uri", "sandbox"]);

/** Serialises directives as a policy string ("name src src; name src"). */
function serializeCsp(directives: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/** The directives with these inline stylesheets' hashes ('sha256-…') added to style-src; nothing else loosened. */
function withStyleHashes(hashes: readonly string[]): Readonly<Record<string, readonly string[]>> {
  return { ...cspDirectives, "style-src": [...cspDirectives["style-src"]!, ...hashes.map((h) => `'sha256-${h}'`)] };
}

/** Without the header-only directives (a <meta> policy). */
const forMeta = (directives: Readonly<Record<string, readonly string[]>>) =>
  Object.fromEntries(Object.entries(directives).filter(([name]) => !headerOnlyDirectives.has(name)));

/** The policy sent as a Content-Security-Policy response header (Electron's session, the web host). */
export const contentSecurityPolicy: string = serializeCsp(cspDirectives);

/** The same policy for `<meta http-equiv="Content-Security-Policy">`, without the header-only directives. */
export const metaContentSecurityPolicy: string = serializeCsp(forMeta(cspDirectives));

/** The header policy of a page whose stylesheets are inline: each allowed by its base64 SHA-256, never 'unsafe-inline'. */
export const contentSecurityPolicyWithStyles = (sha256s: readonly string[]): string =>
  serializeCsp(withStyleHashes(sha256s));

/** The meta-tag form of contentSecurityPolicyWithStyles. */
export const metaContentSecurityPolicyWithStyles = (sha256s: readonly string[]): string =>
  serializeCsp(forMeta(withStyleHashes(sha256s)));

/**
 * True for our policy, or our policy with inline stylesheets' hashes added by contentSecurityPolicyWithStyles and
 * nothing else: what Electron's session keeps on a response instead of replacing it with the plain policy.
 */
export function isOurPolicy(value: string): boolean {
  const hashes = [...value.matchAll(/'sha256-([A-Za-z0-9+/]{43}=)'/g)].map((m) => m[1]!);
  return value === contentSecurityPolicyWithStyles(hashes);
}
