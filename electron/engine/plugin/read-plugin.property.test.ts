// Thousands of generated malformed manifests and mcp.json files: no throw, no hang, valid or with diagnostics.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { validateMcpConfig, validatePluginManifest } from "../schemas";
import { KNOWN_MANIFEST_FIELDS, PLUGIN_SCHEMA_ID } from "./manifest";
import { MCP_SCHEMA_ID } from "./mcp-config";
import { readPlugin } from "./read-plugin";
import type { PluginReport } from "./types";

const RUNS = 1500;
const SEVERITIES = new Set(["error", "warning", "info"]);
let tmp: { dir: string; cleanup: () => Promise<void> };
let root: string;

beforeAll(async () => {
  tmp = await makeTempDir("skillshelf-plugin-prop-");
  root = path.join(tmp.dir, "plugin");
  await writeTree(root, {
    "skills/hello/SKILL.md": "---\nname: hello\ndescription: Says hello. Use when greeted.\n---\n\nGreet the user.\n",
    "bin/server": "#!/bin/sh\n",
    "data/.keep": "",
  });
});

afterAll(async () => {
  await tmp.cleanup();
});

/** Every report is well formed: valid, or it says why not; fatal only with an error; no component after a fatal one. */
function expectWellFormed(report: PluginReport): void {
  const all = [...report.diagnostics, ...report.skills.flatMap((s) => s.diagnostics)];
  for (const d of all) {
    expect(d.code).toMatch(/^(plugin|skill|desktop)\./);
    expect(SEVERITIES.has(d.severity)).toBe(true);
    expect(d.message.length).toBeGreaterThan(0);
    expect(path.isAbsolute(d.file)).toBe(true);
    if (d.line !== undefined) expect(d.line).toBeGreaterThanOrEqual(1);
  }
  const hasError = all.some((d) => d.severity === "error");
  expect(report.valid).toBe(!hasError);
  if (!report.valid) expect(hasError).toBe(true);
  if (!report.loads) {
    expect(report.diagnostics.some((d) => d.severity === "error")).toBe(true);
    expect(report.skills).toEqual([]);
    expect(report.mcpServers).toEqual([]);
  }
}

const anyKey = fc.oneof(
  fc.constantFrom(...KNOWN_MANIFEST_FIELDS, "skills", "mcpServers", "Name", "author.name"),
  // Keys that shadow Object.prototype: String() and template literals break on objects holding them.
  fc.constantFrom("toString", "valueOf", "constructor", "__proto__"),
  fc.string({ maxLength: 12 }),
);
const nameLike = fc.oneof(
  fc.constantFrom("a", "my-plugin", "acme.tools", "-x", "a--b", "a..b", "A", "", "a".repeat(64), "a".repeat(65)),
  fc.string({ maxLength: 70 }),
  fc.stringMatching(/^[a-z0-9.-]{1,66}$/),
);
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>): fc.Arbitrary<T | U> =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });
const manifestLike = fc.record(
  {
    $schema: mostly(
      fc.constant(PLUGIN_SCHEMA_ID),
      fc.oneof(fc.constant(MCP_SCHEMA_ID), fc.string(), fc.jsonValue({ maxDepth: 1 })),
    ),
    name: mostly(
      fc.constantFrom("a", "my-plugin", "acme.tools", "lint3r"),
      fc.oneof(nameLike, fc.jsonValue({ maxDepth: 1 })),
    ),
    version: mostly(fc.constantFrom("1.0.0", "v1", "1.0", "2.0.0-rc.1"), fc.jsonValue({ maxDepth: 1 })),
    author: mostly(
      fc.record({ name: fc.string(), email: fc.string(), url: fc.string() }, { requiredKeys: [] }),
      fc.oneof(fc.dictionary(anyKey, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), fc.jsonValue({ maxDepth: 1 })),
    ),
    keywords: mostly(
      fc.array(fc.string(), { maxLength: 4 }),
      fc.oneof(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
    ),
    extensions: mostly(
      fc.dictionary(fc.string({ maxLength: 10 }), fc.object({ maxDepth: 1 }), { maxKeys: 3 }),
      fc.oneof(
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    ),
    homepage: mostly(fc.string(), fc.jsonValue({ maxDepth: 1 })),
    license: mostly(fc.string(), fc.jsonValue({ maxDepth: 1 })),
  },
  { requiredKeys: [] },
);
const manifestDocument = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(manifestLike, fc.dictionary(anyKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 }))
      .map(([known, extra]) => ({ ...extra, ...known })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
const manifestText = fc.oneof(
  { weight: 6, arbitrary: manifestDocument.map((value): string | Uint8Array => JSON.stringify(value, null, 2)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  { weight: 1, arbitrary: manifestDocument.map((value) => JSON.stringify(value).slice(0, -1)) },
);

const placeholderText = fc.oneof(
  fc.constantFrom(
    "${PLUGIN_ROOT}",
    "${PLUGIN_DATA}",
    "${PLUGIN_ROOT}/data",
    "${PLUGIN_DATA}/..",
    "./data",
    "./",
    ".",
    "../x",
    "${FOO}",
    "$PLUGIN_ROOT",
    "./bin/server",
    "node",
    "npx -y x",
    "/usr/bin/env",
  ),
  fc.string({ maxLength: 20 }),
);
const serverKey = fc.constantFrom("type", "command", "args", "env", "cwd", "url", "headers", "timeout", "transport");
const stdioServer = fc.record(
  {
    type: fc.constant("stdio"),
    command: mostly(
      fc.constantFrom("node", "./bin/server", "uvx"),
      fc.oneof(placeholderText, fc.jsonValue({ maxDepth: 1 })),
    ),
    args: mostly(fc.array(placeholderText, { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
    env: mostly(
      fc.dictionary(fc.constantFrom("PATH", "X", "CONFIG"), placeholderText, { maxKeys: 2 }),
      fc.dictionary(fc.constantFrom("PLUGIN_ROOT", "plugin_data", "Y"), fc.jsonValue({ maxDepth: 0 }), { maxKeys: 2 }),
    ),
    cwd: mostly(fc.constantFrom("./data", "${PLUGIN_ROOT}", "${PLUGIN_DATA}/x"), placeholderText),
  },
  { requiredKeys: ["type"] },
);
const remoteServer = fc.record(
  {
    type: fc.constantFrom("streamable-http", "sse"),
    url: mostly(
      fc.constantFrom("https://example.com/mcp", "http://localhost:1/x", "http://127.0.0.1/sse"),
      fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })),
    ),
    headers: mostly(
      fc.dictionary(fc.constantFrom("X-Tenant", "Accept", "x-tenant"), fc.string({ maxLength: 8 }), { maxKeys: 2 }),
      fc.jsonValue({ maxDepth: 1 }),
    ),
  },
  { requiredKeys: ["type"] },
);
const serverLike = fc.oneof(
  { weight: 3, arbitrary: stdioServer },
  { weight: 3, arbitrary: remoteServer },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        type: fc.oneof(
          fc.constantFrom("stdio", "streamable-http", "sse", "http", "STDIO"),
          fc.jsonValue({ maxDepth: 0 }),
        ),
        command: fc.oneof(placeholderText, fc.jsonValue({ maxDepth: 1 })),
        args: fc.oneof(fc.array(placeholderText, { maxLength: 3 }), fc.jsonValue({ maxDepth: 1 })),
        env: fc.oneof(
          fc.dictionary(
            fc.constantFrom("PLUGIN_ROOT", "plugin_data", "PATH", "X"),
            fc.oneof(placeholderText, fc.jsonValue({ maxDepth: 0 })),
            { maxKeys: 3 },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        cwd: fc.oneof(placeholderText, fc.jsonValue({ maxDepth: 0 })),
        url: fc.oneof(
          fc.constantFrom(
            "https://example.com/mcp",
            "http://localhost:1/x",
            "http://example.com",
            "https://u:p@h/x",
            "https://h/#f",
            "/rel",
            "",
          ),
          fc.webUrl(),
          fc.string({ maxLength: 30 }),
        ),
        headers: fc.oneof(
          fc.dictionary(
            fc.string({ maxLength: 8 }),
            fc.oneof(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 0 })),
            { maxKeys: 3 },
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.dictionary(serverKey, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const mcpSchemaValue = mostly(
  fc.constant(MCP_SCHEMA_ID),
  fc.oneof(
    fc.constant(PLUGIN_SCHEMA_ID),
    fc.constant("https://agent-plugins.org/schemas/1.1.0/mcp.schema.json"),
    fc.string({ maxLength: 10 }),
  ),
);
const serversValue = mostly(
  fc.dictionary(fc.string({ maxLength: 10 }), serverLike, { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const mcpDocument = fc.oneof(
  { weight: 4, arbitrary: fc.record({ $schema: mcpSchemaValue, mcpServers: serversValue }) },
  {
    weight: 1,
    arbitrary: fc.record(
      { $schema: mcpSchemaValue, mcpServers: serversValue, extra: fc.jsonValue({ maxDepth: 1 }) },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);
const mcpText = fc.oneof(
  { weight: 6, arbitrary: mcpDocument.map((value): string | Uint8Array => JSON.stringify(value, null, 1)) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
);

/** The manifest as the spec's non-fatal exceptions leave it: unknown fields and a non-object extensions dropped. */
function withoutIgnoredParts(value: Record<string, unknown>): Record<string, unknown> {
  const known = new Set<string>(KNOWN_MANIFEST_FIELDS);
  const kept = Object.fromEntries(Object.entries(value).filter(([key]) => known.has(key)));
  const ext = kept.extensions;
  if (ext !== undefined && (typeof ext !== "object" || ext === null || Array.isArray(ext))) delete kept.extensions;
  return kept;
}

describe("generated plugin.json files", () => {
  it(`never throw, and the result is valid or has diagnostics (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(manifestText, async (text) => {
        await writeFile(path.join(root, "plugin.json"), text);
        const report = await readPlugin(root);
        expectWellFormed(report);
      }),
      { numRuns: RUNS },
    );
  });

  it(`load exactly when the schema accepts the manifest minus what the spec ignores (${RUNS} runs)`, async () => {
    const outcomes = { loaded: 0, rejected: 0 };
    await fc.assert(
      fc.asyncProperty(manifestDocument, async (value) => {
        await writeFile(path.join(root, "plugin.json"), JSON.stringify(value));
        const report = await readPlugin(root);
        const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
        const schemaAccepts =
          isObject && validatePluginManifest(withoutIgnoredParts(value as Record<string, unknown>)).ok;
        expect(report.loads).toBe(schemaAccepts);
        if (isObject && validatePluginManifest(value).ok)
          expect(report.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
        outcomes[report.loads ? "loaded" : "rejected"]++;
      }),
      { numRuns: RUNS },
    );
    expect(outcomes.loaded, "the generator must produce loadable manifests too").toBeGreaterThan(RUNS / 10);
    expect(outcomes.rejected).toBeGreaterThan(RUNS / 10);
  });
});

describe("generated mcp.json files", () => {
  beforeAll(async () => {
    await writeFile(path.join(root, "plugin.json"), JSON.stringify({ $schema: PLUGIN_SCHEMA_ID, name: "prop" }));
  });

  it(`never throw, never disable skills, and the result is valid or has diagnostics (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(mcpText, async (text) => {
        await writeFile(path.join(root, "mcp.json"), text);
        const report = await readPlugin(root);
        expectWellFormed(report);
        expect(report.loads).toBe(true);
        expect(report.skills.map((s) => [s.name, s.valid])).toEqual([["hello", true]]);
        const secrets = JSON.stringify(report.mcpServers);
        expect(secrets).not.toMatch(/"(headers|env|args|cwd)"/);
      }),
      { numRuns: RUNS },
    );
  });

  it(`are never more lenient than the schema: what it rejects disables MCP or skips a server (${RUNS} runs)`, async () => {
    const servers = { valid: 0, skipped: 0 };
    await fc.assert(
      fc.asyncProperty(mcpDocument, async (value) => {
        await writeFile(path.join(root, "mcp.json"), JSON.stringify(value));
        const report = await readPlugin(root);
        const errors = report.diagnostics.filter((d) => d.severity === "error");
        if (!validateMcpConfig(value).ok) expect(errors.length).toBeGreaterThan(0);
        if (errors.length === 0) expect(report.mcpServers.every((s) => s.valid)).toBe(true);
        for (const server of report.mcpServers) servers[server.valid ? "valid" : "skipped"]++;
      }),
      { numRuns: RUNS },
    );
    expect(servers.valid, "the generator must produce valid servers too").toBeGreaterThan(RUNS / 20);
    expect(servers.skipped).toBeGreaterThan(RUNS / 20);
  });
});
