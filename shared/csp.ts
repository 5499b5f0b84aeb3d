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

/** The policy sent as a Content-Security-Policy response header (Electron's session, the web host). */
export const contentSecurityPolicy: string = serializeCsp(cspDirectives);

/** The same policy for `<meta http-equiv="Content-Security-Policy">`, without the header-only directives. */
export const metaContentSecurityPolicy: string = serializeCsp(
  Object.fromEntries(Object.entries(cspDirectives).filter(([name]) => !headerOnlyDirectives.has(name))),
);
