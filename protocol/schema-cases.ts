// Good and bad documents for each constraint of each project schema, both sides, with the expected verdict.

/** One document and whether a conforming schema accepts it. */
export interface SchemaCase {
  name: string;
  doc: unknown;
  accept: boolean;
}

const PLUGIN_ID = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";
const MCP_ID = "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json";

const yes = (name: string, doc: unknown): SchemaCase => ({ name, doc, accept: true });
const no = (name: string, doc: unknown): SchemaCase => ({ name, doc, accept: false });

const meta = {
  protocol_version: 1,
  skill_version_latest: "1.2.3",
  client_detected: "cursor",
  update_doc_url: "https://docs.example/upgrade",
};
const withMeta = (patch: Record<string, unknown>): Record<string, unknown> => ({ ...meta, ...patch });
const withoutMeta = (key: keyof typeof meta): Record<string, unknown> =>
  Object.fromEntries(Object.entries(meta).filter(([k]) => k !== key));

/** skill-meta v1: the four guaranteed fields, the optional ones, their pairing, and closure. */
export const SKILL_META_CASES: SchemaCase[] = [
  yes("the four required fields", meta),
  yes(
    "every optional field",
    withMeta({
      update_command: "npx -y skills update -g x",
      update_command_kind: "shell",
      release_notes_url: "https://docs.example/notes",
    }),
  ),
  ...[[], null, "meta", 1].map((doc) => no(`a root of ${JSON.stringify(doc)}`, doc)),
  ...(["protocol_version", "skill_version_latest", "client_detected", "update_doc_url"] as const).map((key) =>
    no(`missing ${key}`, withoutMeta(key)),
  ),
  no("protocol_version 2", withMeta({ protocol_version: 2 })),
  no("protocol_version 0", withMeta({ protocol_version: 0 })),
  no('protocol_version "1"', withMeta({ protocol_version: "1" })),
  no("protocol_version true", withMeta({ protocol_version: true })),
  ...["", "0.0.0", "10.20.30", "1.2.3-rc.1", "1.2.3+build.5", "1.2.3-rc.1+b", "01.2.3"].map((v) =>
    yes(`skill_version_latest ${JSON.stringify(v)}`, withMeta({ skill_version_latest: v })),
  ),
  ...["v1.2.3", "1.2", "1.2.3.4", "1.2.3-", "1.2.3+", " 1.2.3", "1.2.3\n", "latest"].map((v) =>
    no(`skill_version_latest ${JSON.stringify(v)}`, withMeta({ skill_version_latest: v })),
  ),
  no("skill_version_latest as a number", withMeta({ skill_version_latest: 123 })),
  ...["unknown", "claude-code", "a", "9x", "x-"].map((v) =>
    yes(`client_detected ${JSON.stringify(v)}`, withMeta({ client_detected: v })),
  ),
  ...["", "Claude", "-x", "claude code", "x_y", "é"].map((v) =>
    no(`client_detected ${JSON.stringify(v)}`, withMeta({ client_detected: v })),
  ),
  no("client_detected as a number", withMeta({ client_detected: 5 })),
  ...["https://a", "http://a", "https://"].map((v) =>
    yes(`update_doc_url ${JSON.stringify(v)}`, withMeta({ update_doc_url: v })),
  ),
  ...["ftp://a", "HTTPS://a", "", "docs.example", " https://a"].map((v) =>
    no(`update_doc_url ${JSON.stringify(v)}`, withMeta({ update_doc_url: v })),
  ),
  no("update_doc_url as a number", withMeta({ update_doc_url: 1 })),
  yes(
    "update_command with kind manual_ui",
    withMeta({ update_command: "Settings → Skills", update_command_kind: "manual_ui" }),
  ),
  no("update_command empty", withMeta({ update_command: "", update_command_kind: "shell" })),
  no("update_command as a number", withMeta({ update_command: 1, update_command_kind: "shell" })),
  no("update_command without its kind", withMeta({ update_command: "npx x" })),
  no("update_command_kind without a command", withMeta({ update_command_kind: "shell" })),
  no("update_command_kind unknown", withMeta({ update_command: "x", update_command_kind: "auto" })),
  no("update_command_kind in another case", withMeta({ update_command: "x", update_command_kind: "Shell" })),
  yes("release_notes_url http", withMeta({ release_notes_url: "http://notes.example" })),
  no("release_notes_url without a scheme", withMeta({ release_notes_url: "notes.example" })),
  no("release_notes_url as null", withMeta({ release_notes_url: null })),
  no("an extra field", withMeta({ extra: true })),
];

const plugin = { $schema: PLUGIN_ID, name: "my-plugin" };
const withPlugin = (patch: Record<string, unknown>): Record<string, unknown> => ({ ...plugin, ...patch });

/** plugin.json 1.0.0: required fields, the name rule, each metadata type, author, keywords, extensions, closure. */
export const PLUGIN_CASES: SchemaCase[] = [
  yes("the two required fields", plugin),
  yes(
    "every field",
    withPlugin({
      version: "1.0.0",
      description: "d",
      author: { name: "n", email: "e", url: "u" },
      homepage: "h",
      repository: "r",
      license: "MIT",
      keywords: ["k"],
      extensions: { "com.example": { a: 1 } },
    }),
  ),
  ...[[], null, "plugin", 3].map((doc) => no(`a root of ${JSON.stringify(doc)}`, doc)),
  no("missing $schema", { name: "my-plugin" }),
  no("missing name", { $schema: PLUGIN_ID }),
  ...[
    "https://agent-plugins.org/schemas/1.1.0/plugin.schema.json",
    MCP_ID,
    `${PLUGIN_ID}/`,
    "http://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
    "",
  ].map((v) => no(`$schema ${JSON.stringify(v)}`, withPlugin({ $schema: v }))),
  no("$schema as a number", withPlugin({ $schema: 1 })),
  ...["a", "1", "a".repeat(64), "acme.tools", "a-.b", "a.b-c", "lint3r", "x1-2.3"].map((v) =>
    yes(`name ${JSON.stringify(v)}`, withPlugin({ name: v })),
  ),
  ...["", "a".repeat(65), "My", "-a", "a-", ".a", "a.", "a--b", "a..b", "a_b", "ä", "a b", "A1"].map((v) =>
    no(`name ${JSON.stringify(v)}`, withPlugin({ name: v })),
  ),
  no("name as a number", withPlugin({ name: 5 })),
  ...(["version", "description", "homepage", "repository", "license"] as const).flatMap((field) => [
    yes(`${field} as any string`, withPlugin({ [field]: field === "version" ? "banana" : "" })),
    no(`${field} as a number`, withPlugin({ [field]: 1 })),
    no(`${field} as an object`, withPlugin({ [field]: { url: "x" } })),
    no(`${field} as null`, withPlugin({ [field]: null })),
  ]),
  yes("author empty", withPlugin({ author: {} })),
  yes("author with a name only", withPlugin({ author: { name: "n" } })),
  no("author.name as a number", withPlugin({ author: { name: 1 } })),
  no("author.email as null", withPlugin({ author: { email: null } })),
  no("author with another field", withPlugin({ author: { name: "n", twitter: "@n" } })),
  no("author as a string", withPlugin({ author: "n <e>" })),
  no("author as a list", withPlugin({ author: [] })),
  yes("keywords empty", withPlugin({ keywords: [] })),
  no("keywords as a string", withPlugin({ keywords: "a, b" })),
  no("keywords with a number", withPlugin({ keywords: ["a", 1] })),
  no("keywords with null", withPlugin({ keywords: [null] })),
  yes("extensions empty", withPlugin({ extensions: {} })),
  yes("extensions with nested data", withPlugin({ extensions: { "com.example": { a: [1, { b: null }] } } })),
  yes("extensions with any namespace string", withPlugin({ extensions: { "not reverse domain": {} } })),
  ...[1, [], null, "x", true].map((v) =>
    no(`an extension namespace holding ${JSON.stringify(v)}`, withPlugin({ extensions: { "com.example": v } })),
  ),
  ...[[], "x", null, 1].map((v) => no(`extensions as ${JSON.stringify(v)}`, withPlugin({ extensions: v }))),
  no("an inline skills field", withPlugin({ skills: ["./skills"] })),
  no("an inline mcpServers field", withPlugin({ mcpServers: {} })),
  no("a field in another case", withPlugin({ Name: "x" })),
];

const mcp = (servers: unknown): Record<string, unknown> => ({ $schema: MCP_ID, mcpServers: servers });
const one = (server: unknown): Record<string, unknown> => mcp({ s: server });
const stdio = (patch: Record<string, unknown>): Record<string, unknown> =>
  one({ type: "stdio", command: "node", ...patch });
const remote = (type: string, patch: Record<string, unknown>): Record<string, unknown> =>
  one({ type, url: "https://mcp.example/x", ...patch });

/** mcp.json 1.0.0: top level, server shape, type dispatch, and each field of each variant. */
export const MCP_CASES: SchemaCase[] = [
  yes("no servers", mcp({})),
  yes(
    "one server of each type",
    mcp({
      a: { type: "stdio", command: "x" },
      b: { type: "streamable-http", url: "https://b" },
      c: { type: "sse", url: "https://c" },
    }),
  ),
  ...[[], null, "mcp", 0].map((doc) => no(`a root of ${JSON.stringify(doc)}`, doc)),
  no("missing $schema", { mcpServers: {} }),
  no("missing mcpServers", { $schema: MCP_ID }),
  no("$schema of plugin.json", { $schema: PLUGIN_ID, mcpServers: {} }),
  no("$schema of another version", {
    $schema: "https://agent-plugins.org/schemas/2.0.0/mcp.schema.json",
    mcpServers: {},
  }),
  no("an extra top-level field", { ...mcp({}), servers: {} }),
  ...[[], null, "x"].map((v) => no(`mcpServers as ${JSON.stringify(v)}`, mcp(v))),
  ...["node", [], null, 1].map((v) => no(`a server that is ${JSON.stringify(v)}`, one(v))),
  no("a server without type", one({ command: "node" })),
  ...["http", "STDIO", "websocket", "", 1, null].map((v) =>
    no(`type ${JSON.stringify(v)}`, one({ type: v, command: "node", url: "https://x" })),
  ),
  yes("stdio with a command", stdio({})),
  yes("stdio with every field", stdio({ args: ["a"], env: { A: "b" }, cwd: "./x" })),
  no("stdio without command", one({ type: "stdio" })),
  no("stdio command empty", stdio({ command: "" })),
  no("stdio command as a list", stdio({ command: ["node"] })),
  yes("stdio command with spaces (text rule, not schema)", stdio({ command: "npx -y x" })),
  yes("stdio command climbing out (text rule, not schema)", stdio({ command: "../bin/x" })),
  yes("stdio args empty", stdio({ args: [] })),
  no("stdio args as a string", stdio({ args: "a b" })),
  no("stdio args with a number", stdio({ args: ["a", 1] })),
  yes("stdio env empty", stdio({ env: {} })),
  yes("stdio env with a lowercase reserved name", stdio({ env: { plugin_root: "x" } })),
  yes("stdio env with a longer name", stdio({ env: { PLUGIN_ROOT_DIR: "x" } })),
  no("stdio env with a number value", stdio({ env: { A: 1 } })),
  no("stdio env as a list", stdio({ env: ["A=1"] })),
  no("stdio env setting PLUGIN_ROOT", stdio({ env: { PLUGIN_ROOT: "x" } })),
  no("stdio env setting PLUGIN_DATA", stdio({ env: { PLUGIN_DATA: "x" } })),
  ...[
    "./x",
    "./",
    "${PLUGIN_ROOT}",
    "${PLUGIN_ROOT}/",
    "${PLUGIN_ROOT}/x",
    "${PLUGIN_DATA}",
    "${PLUGIN_DATA}/x",
    "${PLUGIN_DATA}/..",
  ].map((v) => yes(`stdio cwd ${JSON.stringify(v)}`, stdio({ cwd: v }))),
  ...[".", "x", "/abs", "../x", "${PLUGIN_ROOT}x", "${PLUGIN_ROOTS}", "$PLUGIN_ROOT/x", "${FOO}/x", ""].map((v) =>
    no(`stdio cwd ${JSON.stringify(v)}`, stdio({ cwd: v })),
  ),
  no("stdio cwd as a number", stdio({ cwd: 1 })),
  no("stdio with a url", stdio({ url: "https://x" })),
  no("stdio with headers", stdio({ headers: {} })),
  no("stdio with an unknown field", stdio({ timeout: 5 })),
  ...["streamable-http", "sse"].flatMap((type) => [
    yes(`${type} with a url`, remote(type, {})),
    yes(`${type} with headers`, remote(type, { headers: { "X-A": "1" } })),
    yes(`${type} headers empty`, remote(type, { headers: {} })),
    yes(`${type} with a plain-http remote url (text rule, not schema)`, remote(type, { url: "http://example.com" })),
    yes(
      `${type} headers differing only in case (text rule, not schema)`,
      remote(type, { headers: { "X-A": "1", "x-a": "2" } }),
    ),
    no(`${type} without url`, one({ type })),
    no(`${type} url empty`, remote(type, { url: "" })),
    no(`${type} url as a number`, remote(type, { url: 1 })),
    no(`${type} headers as a list`, remote(type, { headers: [] })),
    no(`${type} header with a number value`, remote(type, { headers: { "X-A": 1 } })),
    no(`${type} with a command`, remote(type, { command: "node" })),
    no(`${type} with env`, remote(type, { env: {} })),
    no(`${type} with an unknown field`, remote(type, { oauth: {} })),
  ]),
];
