// The project's own schemas: upstream examples pass, own examples pass or fail as named, and the upstream schemas agree.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateMcpConfig, validatePluginManifest, validateSkillMeta } from "../electron/engine/schemas";
import { readPlugin } from "../electron/engine/plugin/read-plugin";
import { needShared } from "../test-support/shared-dir";
import { makeTempDir } from "../test-support/tmp";
import { MCP_CASES, PLUGIN_CASES, SKILL_META_CASES, type SchemaCase } from "./schema-cases";

const PROTOCOL = path.dirname(fileURLToPath(import.meta.url));
type Ctx = Parameters<typeof needShared>[0];

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

/** Compiles an upstream schema at test time (never copied into the repo); skips the test, with the reason, without it. */
const upstreamCompiled = new Map<string, (doc: unknown) => boolean>();
function upstreamValidator(ctx: Ctx, rel: string): (doc: unknown) => boolean {
  const file = needShared(ctx, "upstream", rel);
  let accepts = upstreamCompiled.get(rel);
  if (!accepts) {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(readJson(file) as object);
    accepts = (doc) => validate(doc) === true;
    upstreamCompiled.set(rel, accepts);
  }
  return accepts;
}

const SCHEMAS = [
  {
    id: "skill-meta-v1",
    file: "skill-meta-v1.schema.json",
    upstream: "agentkey-protocol/skill-meta-v1.schema.json",
    ours: validateSkillMeta,
    cases: SKILL_META_CASES,
  },
  {
    id: "plugin-1.0.0",
    file: "plugin-1.0.0.schema.json",
    upstream: "agent-plugins-1.0.0/plugin.schema.json",
    ours: validatePluginManifest,
    cases: PLUGIN_CASES,
  },
  {
    id: "mcp-1.0.0",
    file: "mcp-1.0.0.schema.json",
    upstream: "agent-plugins-1.0.0/mcp.schema.json",
    ours: validateMcpConfig,
    cases: MCP_CASES,
  },
];

describe("upstream texts", () => {
  it("every upstream AgentKey example response passes the project's skill-meta schema", (ctx) => {
    const dir = needShared(ctx, "upstream", "agentkey-protocol");
    const examples = readdirSync(dir).filter((name) => /^example-.*\.json$/.test(name));
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const name of examples)
      expect(validateSkillMeta(readJson(path.join(dir, name))), name).toMatchObject({ ok: true });
  });
});

describe.each(SCHEMAS)("protocol/$file", ({ id, file, upstream, ours, cases }) => {
  it("is the project's own document: its own $id, not a byte copy of the upstream schema", (ctx) => {
    const text = readFileSync(path.join(PROTOCOL, file));
    const schema = JSON.parse(text.toString("utf8")) as { $id: string; $schema: string };
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(schema.$id).toMatch(/^https:\/\/skillshelf\.dev\/protocol\//);
    const theirs = readFileSync(needShared(ctx, "upstream", upstream));
    const hash = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");
    expect(hash(text)).not.toBe(hash(theirs));
  });

  const exampleDir = path.join(PROTOCOL, "examples", id);
  it.for(["good", "bad"])(
    "examples/%s documents are accepted or rejected as their folder says, by both schemas",
    (verdict, ctx) => {
      const folder = path.join(exampleDir, verdict);
      const names = readdirSync(folder).filter((name) => name.endsWith(".json"));
      expect(names.length).toBeGreaterThan(0);
      const upstreamAccepts = upstreamValidator(ctx, upstream);
      for (const name of names) {
        const doc = readJson(path.join(folder, name));
        const result = ours(doc);
        expect(result.ok, `${verdict}/${name}: ${JSON.stringify(result.errors)}`).toBe(verdict === "good");
        if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
        expect(upstreamAccepts(doc), `upstream on ${verdict}/${name}`).toBe(verdict === "good");
      }
    },
  );

  it.for(cases.map((c): [string, SchemaCase] => [c.name, c]))(
    "%s: both schemas give the expected verdict",
    ([, { doc, accept }], ctx) => {
      expect(ours(doc).ok).toBe(accept);
      expect(upstreamValidator(ctx, upstream)(doc)).toBe(accept);
    },
  );

  it("agrees with the upstream schema on 2000 generated mutations of its cases", (ctx) => {
    const upstreamAccepts = upstreamValidator(ctx, upstream);
    const docs = cases.map((c) => c.doc);
    const seen = new Map<string, unknown[]>();
    for (const doc of docs)
      for (const at of membersOf(doc))
        seen.set(String(at[at.length - 1]), [...(seen.get(String(at[at.length - 1])) ?? []), valueAt(doc, at)]);
    const edit = fc.record({
      op: fc.constantFrom("set", "set", "delete", "add"),
      target: fc.nat(),
      key: fc.oneof(fc.constantFrom(...seen.keys()), fc.string({ maxLength: 8 })),
      pick: fc.nat(),
      value: fc.oneof(
        { weight: 3, arbitrary: fc.constant(SEEN_AT_KEY) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
      ),
    });
    const mutated = fc
      .tuple(fc.constantFrom(...docs), fc.array(edit, { minLength: 1, maxLength: 3 }))
      .map(([doc, edits]) => edits.reduce((acc, e) => applyEdit(acc, e, seen), structuredClone(doc)));
    const verdicts = { accepted: 0, rejected: 0 };
    fc.assert(
      fc.property(mutated, (doc) => {
        const accepted = ours(doc).ok;
        verdicts[accepted ? "accepted" : "rejected"]++;
        return accepted === upstreamAccepts(doc);
      }),
      { numRuns: 2000 },
    );
    expect(verdicts.accepted, "mutations must produce accepted documents too").toBeGreaterThan(100);
    expect(verdicts.rejected).toBeGreaterThan(100);
  });
});

type Key = string | number;
/** Marks an edit whose value is one the cases hold under the same key (so mutations stay near valid documents). */
const SEEN_AT_KEY = Symbol("seen at key");

/** Paths to every object member and array item of a JSON value. */
function membersOf(doc: unknown, prefix: Key[] = []): Key[][] {
  if (Array.isArray(doc))
    return doc.flatMap((item, index) => [[...prefix, index], ...membersOf(item, [...prefix, index])]);
  if (typeof doc === "object" && doc !== null)
    return Object.entries(doc).flatMap(([key, value]) => [[...prefix, key], ...membersOf(value, [...prefix, key])]);
  return [];
}

function valueAt(doc: unknown, at: Key[]): unknown {
  return at.reduce<unknown>((node, key) => (node as Record<Key, unknown>)[key], doc);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets or deletes an existing member, or adds a key to an existing object (the root included). */
function applyEdit(
  doc: unknown,
  edit: { op: string; target: number; key: string; pick: number; value: unknown },
  seen: Map<string, unknown[]>,
): unknown {
  const valueFor = (key: Key): unknown => {
    if (edit.value !== SEEN_AT_KEY) return edit.value;
    const options = seen.get(String(key)) ?? [null];
    return structuredClone(options[edit.pick % options.length]);
  };
  const members = membersOf(doc);
  if (edit.op === "add") {
    const objects = [[], ...members].filter((at) => isObject(valueAt(doc, at)));
    if (objects.length === 0) return doc;
    (valueAt(doc, objects[edit.target % objects.length]!) as Record<string, unknown>)[edit.key] = valueFor(edit.key);
    return doc;
  }
  if (members.length === 0) return doc;
  const at = members[edit.target % members.length]!;
  const parent = valueAt(doc, at.slice(0, -1)) as Record<Key, unknown>;
  const last = at[at.length - 1]!;
  if (edit.op === "delete" && !Array.isArray(parent)) delete parent[last];
  else parent[last] = valueFor(last);
  return doc;
}

/**
 * Where the Skillshelf validator deliberately differs from the schemas (RULES.md: for plugins the spec text wins
 * over its schemas). The schemas mirror upstream accept/reject; the validator applies the spec's failure levels
 * and the rules JSON Schema cannot state.
 */
describe("deliberate differences between the validator and the schemas", () => {
  const PLUGIN = { $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json", name: "diff" };
  const MCP = "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json";
  let tmp: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    tmp = await makeTempDir("skillshelf-schema-diff-");
  });
  afterAll(async () => {
    await tmp.cleanup();
  });
  const readWith = async (manifest: object, config?: object) => {
    await writeFile(path.join(tmp.dir, "plugin.json"), JSON.stringify(manifest));
    await rm(path.join(tmp.dir, "mcp.json"), { force: true });
    if (config) await writeFile(path.join(tmp.dir, "mcp.json"), JSON.stringify(config));
    return readPlugin(tmp.dir);
  };

  const MANIFEST_DIFFERENCES = [
    {
      why: "an unknown top-level field is reported and ignored (§5.2), not fatal",
      manifest: { ...PLUGIN, commands: ["./c"] },
      code: "plugin.manifest.unknown-field",
    },
    {
      why: "a non-object extensions is reported and ignored (§8.1), not fatal",
      manifest: { ...PLUGIN, extensions: ["com.example"] },
      code: "plugin.extensions.type",
    },
  ];
  it.each(MANIFEST_DIFFERENCES)("plugin.json: $why", async ({ manifest, code }) => {
    expect(validatePluginManifest(manifest).ok).toBe(false);
    const report = await readWith(manifest);
    expect(report.loads).toBe(true);
    expect(report.diagnostics.map((d) => [d.code, d.severity])).toEqual([[code, "warning"]]);
  });

  const SERVER_DIFFERENCES = [
    {
      why: "cwd under ${PLUGIN_DATA} must stay inside the data folder (§7.2.1)",
      server: { type: "stdio", command: "node", cwd: "${PLUGIN_DATA}/.." },
      code: "plugin.mcp.server.cwd",
    },
    {
      why: "command must be a bare name or a ./ path (§7.2.1)",
      server: { type: "stdio", command: "../bin/server" },
      code: "plugin.mcp.server.command",
    },
    {
      why: "command must be a bare name or a ./ path, not absolute (§7.2.1)",
      server: { type: "stdio", command: "/usr/bin/node" },
      code: "plugin.mcp.server.command",
    },
    {
      why: "plain http only to loopback hosts (§7.2.1)",
      server: { type: "streamable-http", url: "http://mcp.example.com/x" },
      code: "plugin.mcp.server.url",
    },
    {
      why: "no user information in the url (§7.2.1)",
      server: { type: "sse", url: "https://u:p@mcp.example.com/x" },
      code: "plugin.mcp.server.url",
    },
    {
      why: "no fragment in the url (§7.2.1)",
      server: { type: "sse", url: "https://mcp.example.com/x#f" },
      code: "plugin.mcp.server.url",
    },
    {
      why: "header names are case-insensitive, so case duplicates are invalid (§7.2.1)",
      server: { type: "streamable-http", url: "https://m.example/x", headers: { "X-A": "1", "x-a": "2" } },
      code: "plugin.mcp.server.headers",
    },
    {
      why: "header names must be valid HTTP field names (§7.2.1)",
      server: { type: "streamable-http", url: "https://m.example/x", headers: { "X A": "1" } },
      code: "plugin.mcp.server.headers",
    },
  ];
  it.each(SERVER_DIFFERENCES)(
    "mcp.json: $why — the schema accepts, the validator skips the server",
    async ({ server, code }) => {
      const config = { $schema: MCP, mcpServers: { s: server, fine: { type: "stdio", command: "node" } } };
      expect(validateMcpConfig(config).ok).toBe(true);
      const report = await readWith(PLUGIN, config);
      expect(report.diagnostics.map((d) => d.code)).toContain(code);
      expect(report.mcpServers.map((s) => [s.name, s.valid])).toEqual([
        ["s", false],
        ["fine", true],
      ]);
    },
  );

  it("mcp.json: a case variant of a reserved env name passes the schema and is only a warning", async () => {
    const config = { $schema: MCP, mcpServers: { s: { type: "stdio", command: "node", env: { Plugin_Data: "x" } } } };
    expect(validateMcpConfig(config).ok).toBe(true);
    const report = await readWith(PLUGIN, config);
    expect(report.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["plugin.mcp.server.env-reserved-case", "warning"],
    ]);
  });

  it("mcp.json: one bad server fails the whole document in the schema, but the validator skips only that server (§7.2.2)", async () => {
    const config = {
      $schema: MCP,
      mcpServers: {
        bad: { type: "http", url: "https://m.example/x" },
        good: { type: "sse", url: "https://m.example/sse" },
      },
    };
    expect(validateMcpConfig(config).ok).toBe(false);
    const report = await readWith(PLUGIN, config);
    expect(report.mcpServers.map((s) => [s.name, s.valid])).toEqual([
      ["bad", false],
      ["good", true],
    ]);
    expect(report.loads).toBe(true);
  });
});
