// Every server code of RULES.md: entries of fixtures/mcp-servers/mcp.json that trigger it, and near misses beside them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic, Severity } from "../../../shared/model";
import { readPlugin } from "./read-plugin";
import type { PluginReport } from "./types";

const ROOT = fileURLToPath(new URL("./fixtures/mcp-servers", import.meta.url));
const MCP_FILE = path.join(ROOT, "mcp.json");

interface ServerCase {
  code: string;
  severity: Severity;
  triggers: string[];
  nearMisses: string[];
}

const CASES: ServerCase[] = [
  {
    code: "plugin.mcp.server.type",
    severity: "error",
    triggers: [
      "type-missing",
      "type-http",
      "type-number",
      "type-uppercase",
      "type-prototype",
      "type-proto-key",
      "not-an-object",
    ],
    nearMisses: ["type-ok", "url-https-ok"],
  },
  {
    code: "plugin.mcp.server.field",
    severity: "error",
    triggers: ["field-url-on-stdio", "field-command-on-http", "field-unknown"],
    nearMisses: ["field-ok", "headers-ok"],
  },
  {
    code: "plugin.mcp.server.command",
    severity: "error",
    triggers: [
      "command-missing",
      "command-empty",
      "command-absolute",
      "command-relative-no-dot",
      "command-climbs",
      "command-dot-climbs",
      "command-placeholder",
      "command-folder",
      "command-array",
      "command-windows",
    ],
    nearMisses: [
      "command-bundled-ok",
      "command-bare-ok",
      "command-bare-placeholder-ok",
      "command-spaces",
      "command-not-bundled",
    ],
  },
  {
    code: "plugin.mcp.server.command-spaces",
    severity: "warning",
    triggers: ["command-spaces"],
    nearMisses: ["command-bare-ok", "command-bundled-ok"],
  },
  {
    code: "plugin.mcp.server.command-missing",
    severity: "warning",
    triggers: ["command-not-bundled"],
    nearMisses: ["command-bundled-ok", "command-bare-ok"],
  },
  {
    code: "plugin.mcp.server.args",
    severity: "error",
    triggers: ["args-string", "args-number-item"],
    nearMisses: ["args-ok"],
  },
  {
    code: "plugin.mcp.server.env",
    severity: "error",
    triggers: ["env-list", "env-number-value"],
    nearMisses: ["env-ok"],
  },
  {
    code: "plugin.mcp.server.cwd",
    severity: "error",
    triggers: [
      "cwd-dot",
      "cwd-bare",
      "cwd-absolute",
      "cwd-climbs",
      "cwd-root-climbs",
      "cwd-data-climbs",
      "cwd-data-deep-climbs",
      "cwd-root-suffix",
      "cwd-root-no-slash",
      "cwd-env-var",
      "cwd-file",
      "cwd-number",
    ],
    nearMisses: [
      "cwd-root-ok",
      "cwd-root-slash-ok",
      "cwd-root-data-ok",
      "cwd-relative-ok",
      "cwd-dot-slash-ok",
      "cwd-data-ok",
      "cwd-data-sub-ok",
      "cwd-not-there",
    ],
  },
  {
    code: "plugin.mcp.server.cwd-missing",
    severity: "warning",
    triggers: ["cwd-not-there"],
    nearMisses: ["cwd-relative-ok", "cwd-data-ok"],
  },
  {
    code: "plugin.mcp.server.env-reserved",
    severity: "error",
    triggers: ["env-reserved-root", "env-reserved-data"],
    nearMisses: ["env-ok", "env-reserved-case"],
  },
  {
    code: "plugin.mcp.server.env-reserved-case",
    severity: "warning",
    triggers: ["env-reserved-case"],
    nearMisses: ["env-ok", "env-reserved-root"],
  },
  {
    code: "plugin.mcp.server.url",
    severity: "error",
    triggers: [
      "url-missing",
      "url-empty",
      "url-relative",
      "url-ftp",
      "url-http-remote",
      "url-userinfo",
      "url-fragment",
      "url-http-localhost-dot",
    ],
    nearMisses: ["url-https-ok", "url-localhost-ok", "url-loopback-ok", "url-ipv6-loopback-ok", "url-placeholder-host"],
  },
  {
    code: "plugin.mcp.server.headers",
    severity: "error",
    triggers: [
      "headers-list",
      "headers-bad-name",
      "headers-colon-name",
      "headers-newline-value",
      "headers-number-value",
      "headers-duplicate-case",
    ],
    nearMisses: ["headers-ok"],
  },
];

let report: PluginReport;
const about = (server: string): Diagnostic[] =>
  report.diagnostics.filter((d) => d.message.includes(JSON.stringify(server)));
const serverNamed = (name: string) => report.mcpServers.find((s) => s.name === name);
const keyLine = (server: string): number =>
  readFileSync(MCP_FILE, "utf8")
    .split("\n")
    .findIndex((l) => l.includes(`"${server}": `)) + 1;

beforeAll(async () => {
  report = await readPlugin(ROOT);
});

describe.each(CASES)("$code", ({ code, severity, triggers, nearMisses }) => {
  it.each(triggers)("is reported for server %s, in mcp.json at that server's lines", (name) => {
    const found = about(name).filter((d) => d.code === code);
    expect(found.length, JSON.stringify(about(name))).toBeGreaterThan(0);
    for (const d of found) {
      expect(d.severity).toBe(severity);
      expect(d.file).toBe(MCP_FILE);
      expect(d.line).toBeGreaterThanOrEqual(keyLine(name));
      expect(d.line).toBeLessThan(keyLine(name) + 8);
    }
    expect(serverNamed(name)?.valid).toBe(
      severity !== "error" ? about(name).every((d) => d.severity !== "error") : false,
    );
  });
  it.each(nearMisses)("is not reported for server %s", (name) => {
    expect(about(name).map((d) => d.code)).not.toContain(code);
  });
});

describe("servers", () => {
  it("every near miss of an error code is itself a valid server", () => {
    const nearMisses = new Set(CASES.filter((c) => c.severity === "error").flatMap((c) => c.nearMisses));
    for (const name of nearMisses) expect(serverNamed(name)?.valid, name).toBe(true);
  });

  it("skips invalid servers while the plugin still loads", () => {
    expect(report.loads).toBe(true);
    expect(report.valid).toBe(false);
    expect(report.mcpServers.length).toBe(Object.keys(JSON.parse(readFileSync(MCP_FILE, "utf8")).mcpServers).length);
  });

  it("never reports header values, env values or URL passwords", () => {
    const shown = JSON.stringify(report.mcpServers) + JSON.stringify(report.diagnostics);
    for (const secret of ["s3cret", "/opt/x", "X-Evil", "public-tenant"]) expect(shown).not.toContain(secret);
    for (const server of report.mcpServers)
      expect(["name", "type", "valid", "command", "url"]).toEqual(expect.arrayContaining(Object.keys(server)));
    expect(serverNamed("url-userinfo")?.url).toBe("https://mcp.example.com/mcp");
  });

  it("reports name, type, validity and command or url for each server", () => {
    expect(serverNamed("command-bundled-ok")).toEqual({
      name: "command-bundled-ok",
      type: "stdio",
      valid: true,
      command: "./bin/server",
    });
    expect(serverNamed("url-localhost-ok")).toEqual({
      name: "url-localhost-ok",
      type: "streamable-http",
      valid: true,
      url: "http://localhost:3000/mcp",
    });
    expect(serverNamed("not-an-object")).toEqual({ name: "not-an-object", type: "", valid: false });
  });

  it('explains that "http" is not a type', () => {
    expect(about("type-http")[0]?.message).toContain("streamable-http");
  });
});
