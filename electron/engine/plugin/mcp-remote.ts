// Remote MCP servers (streamable-http, sse): the url and headers rules of Agent Plugins 1.0.0 §7.2.1.
import type { Diagnostic } from "../../../shared/model";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import type { ServerContext } from "./mcp-server-context";

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** True for `localhost` or an IPv4/IPv6 loopback literal (127.0.0.0/8, ::1), as URL parsing normalises them. */
function isLoopbackHost(hostname: string): boolean {
  if (hostname === "localhost") return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)) return true;
  return hostname === "[::1]";
}

/** Removes user information (`user:secret@`) from a URL before it is shown or reported. */
export function withoutUserinfo(url: string): string {
  return url.replace(/^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)[^/?#]*@/, "$1");
}

/** Why a url is not a valid remote MCP endpoint, or null when it is. */
function urlProblem(url: string): string | null {
  if (url.trim() === "") return "it is empty";
  if (url !== url.trim() || /[\u0000-\u001f\u007f]/.test(url))
    return "it has spaces or control characters at its ends or inside";
  if (!/^https?:\/\//i.test(url)) return "it is not an absolute http:// or https:// URL";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "it is not a well-formed URL";
  }
  if (parsed.username !== "" || parsed.password !== "" || /^[a-z]+:\/\/[^/?#]*@/i.test(url))
    return "it carries user information (user:password@) in the address";
  if (url.includes("#")) return "it has a fragment (#...)";
  if (parsed.hostname === "") return "it has no host";
  if (parsed.protocol === "http:" && !isLoopbackHost(parsed.hostname))
    return "it uses plain http to a host that is not localhost or a loopback address";
  return null;
}

/** Checks url and headers of a remote server; never echoes header values (they may be secrets). */
export function checkRemote(server: Record<string, unknown>, ctx: ServerContext): Diagnostic[] {
  const found: Diagnostic[] = [];
  const url = server.url;
  const urlFix =
    "Use an absolute https:// URL without user:password@ or #fragment (http:// only for localhost or 127.0.0.1).";
  if (url === undefined) {
    found.push(
      diagnostic("plugin.mcp.server.url", "error", ctx.file, `Server ${quote(ctx.name)} has no "url".`, {
        fix: urlFix,
        at: ctx.at(),
      }),
    );
  } else if (typeof url !== "string") {
    found.push(
      diagnostic(
        "plugin.mcp.server.url",
        "error",
        ctx.file,
        `Server ${quote(ctx.name)}'s "url" must be a string, but it is ${kindOf(url)}.`,
        { fix: urlFix, at: ctx.at("url") },
      ),
    );
  } else {
    const problem = urlProblem(url);
    if (problem)
      found.push(
        diagnostic(
          "plugin.mcp.server.url",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)}'s url ${quote(withoutUserinfo(url))} is not allowed: ${problem}.`,
          { fix: urlFix, at: ctx.at("url") },
        ),
      );
  }
  const headers = server.headers;
  if (headers === undefined) return found;
  const headersAt = ctx.at("headers");
  if (!isPlainObject(headers)) {
    found.push(
      diagnostic(
        "plugin.mcp.server.headers",
        "error",
        ctx.file,
        `Server ${quote(ctx.name)}'s "headers" must be an object of strings, but it is ${kindOf(headers)}.`,
        {
          fix: 'Write "headers": { "X-Name": "value" }.',
          at: headersAt,
        },
      ),
    );
    return found;
  }
  const seen = new Map<string, string>();
  for (const [name, value] of Object.entries(headers)) {
    const where = ctx.at("headers", name) ?? headersAt;
    if (!HEADER_NAME.test(name)) {
      found.push(
        diagnostic(
          "plugin.mcp.server.headers",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)} has a header named ${quote(name)}, which is not a valid HTTP header name.`,
          {
            fix: "Use letters, digits and - (e.g. X-Tenant); no spaces, colons or other separators.",
            at: where,
          },
        ),
      );
    }
    if (typeof value !== "string") {
      found.push(
        diagnostic(
          "plugin.mcp.server.headers",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)}'s header ${quote(name)} must have a string value, but it is ${kindOf(value)}.`,
          { fix: "Write the header value as a string.", at: where },
        ),
      );
    } else if (!HEADER_VALUE.test(value)) {
      found.push(
        diagnostic(
          "plugin.mcp.server.headers",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)}'s header ${quote(name)} has a value with line breaks or characters HTTP does not allow.`,
          {
            fix: "Keep header values on one line, with printable characters only.",
            at: where,
          },
        ),
      );
    }
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (earlier !== undefined) {
      found.push(
        diagnostic(
          "plugin.mcp.server.headers",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)} sets the header ${quote(name)} twice (also as ${quote(earlier)}); header names ignore case.`,
          {
            fix: "Keep one of them.",
            at: where,
          },
        ),
      );
    } else seen.set(lower, name);
  }
  return found;
}
