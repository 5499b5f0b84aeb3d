// MCP server endpoints the update check may ask, with their secrets (headers, env) held so that they
// cannot leak through JSON, logs or string conversion: values are readable only through reveal().
import { inspect } from "node:util";
import { createHash } from "node:crypto";

/** Header or environment values from a client's config: in memory only, never serialised. */
export class SecretValues {
  readonly #values: Readonly<Record<string, string>>;

  constructor(values: Record<string, string> = {}) {
    this.#values = Object.freeze({ ...values });
  }

  /** The names only (safe to show). */
  names(): string[] {
    return Object.keys(this.#values);
  }

  /** The values, for the one place that sends them (the transport to the configured origin). */
  reveal(): Record<string, string> {
    return { ...this.#values };
  }

  toJSON(): string {
    return `[${this.names().length} secret value(s)]`;
  }

  toString(): string {
    return this.toJSON();
  }

  [inspect.custom](): string {
    return this.toJSON();
  }
}

/** How to reach one MCP server. */
export type EndpointTransport =
  | { type: "http"; url: string; headers: SecretValues }
  | { type: "stdio"; command: string; args: string[]; env: SecretValues; cwd?: string };

/** One MCP server a client of the user's is configured with, or one the user added. */
export interface McpEndpoint {
  /** Stable key: where it was configured plus its name. */
  id: string;
  /** The server's name in its config. */
  name: string;
  /** Where it was configured (a file path, or "settings" for a URL the user added). */
  configuredIn: string;
  transport: EndpointTransport;
}

/** A URL with no credentials, query or fragment: safe to print or log. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}

/** A readable, secret-free label for an endpoint. */
export function describeEndpoint(endpoint: McpEndpoint): string {
  const t = endpoint.transport;
  return t.type === "http" ? `${endpoint.name} (${redactUrl(t.url)})` : `${endpoint.name} (stdio: ${t.command})`;
}

/** A stable id for a server that reveals nothing of its address's query or credentials. */
export function endpointId(configuredIn: string, key: string): string {
  return `${configuredIn}#${createHash("sha256").update(key).digest("hex").slice(0, 12)}`;
}

/** An endpoint for a URL the user added (settings or `--server`), with optional headers. */
export function urlEndpoint(url: string, headers: Record<string, string> = {}): McpEndpoint {
  const configuredIn = "settings";
  return {
    id: endpointId(configuredIn, url),
    name: redactUrl(url),
    configuredIn,
    transport: { type: "http", url, headers: new SecretValues(headers) },
  };
}
