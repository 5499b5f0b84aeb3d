// The project's own JSON Schemas (protocol/), compiled once with Ajv 2020-12 and exposed as typed checks.
import Ajv2020 from "ajv/dist/2020.js";
import type { ErrorObject, ValidateFunction } from "ajv";
import skillMetaSchema from "../../protocol/skill-meta-v1.schema.json";
import pluginSchema from "../../protocol/plugin-1.0.0.schema.json";
import mcpSchema from "../../protocol/mcp-1.0.0.schema.json";

/** One reason a document failed a schema, with where in the document it applies. */
export interface SchemaIssue {
  /** JSON Pointer into the document ("" for the whole document). */
  path: string;
  /** The schema keyword that failed (required, pattern, const...). */
  keyword: string;
  message: string;
}

/** The outcome of checking one document: the typed value when it passes. */
export type SchemaCheck<T> = { ok: true; value: T; errors: [] } | { ok: false; errors: SchemaIssue[] };

/** A v1 answer of the `agentkey_skill_meta` tool (AgentKey skill-meta protocol). */
export interface SkillMetaResponse {
  protocol_version: 1;
  skill_version_latest: string;
  client_detected: string;
  update_doc_url: string;
  update_command?: string;
  update_command_kind?: "shell" | "manual_ui";
  release_notes_url?: string;
}

/** An Agent Plugins 1.0.0 plugin.json that passes the closed schema. */
export interface PluginManifest {
  $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";
  name: string;
  version?: string;
  description?: string;
  author?: { name?: string; email?: string; url?: string };
  homepage?: string;
  repository?: string;
  license?: string;
  keywords?: string[];
  extensions?: Record<string, Record<string, unknown>>;
}

/** One server of an Agent Plugins 1.0.0 mcp.json. */
export type McpServerConfig =
  | { type: "stdio"; command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { type: "streamable-http" | "sse"; url: string; headers?: Record<string, string> };

/** An Agent Plugins 1.0.0 mcp.json that passes the closed schema. */
export interface McpConfig {
  $schema: "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json";
  mcpServers: Record<string, McpServerConfig>;
}

const compiled = new Map<object, ValidateFunction>();

function compile(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

function toIssue(error: ErrorObject): SchemaIssue {
  return { path: error.instancePath, keyword: error.keyword, message: error.message ?? "does not match the schema" };
}

function check<T>(schema: object, value: unknown): SchemaCheck<T> {
  const validate = compile(schema);
  if (validate(value)) return { ok: true, value: value as T, errors: [] };
  return { ok: false, errors: (validate.errors ?? []).map(toIssue) };
}

/** Checks a skill-meta tool response against protocol/skill-meta-v1.schema.json (diagnostic `meta.schema`). */
export function validateSkillMeta(value: unknown): SchemaCheck<SkillMetaResponse> {
  return check<SkillMetaResponse>(skillMetaSchema, value);
}

/**
 * Checks a plugin.json object against protocol/plugin-1.0.0.schema.json (strict: unknown fields fail here).
 * Exported for tests: the reader and the examples are checked against the schema.
 */
export function validatePluginManifest(value: unknown): SchemaCheck<PluginManifest> {
  return check<PluginManifest>(pluginSchema, value);
}

/**
 * Checks an mcp.json object against protocol/mcp-1.0.0.schema.json.
 * Exported for tests: the reader and the examples are checked against the schema.
 */
export function validateMcpConfig(value: unknown): SchemaCheck<McpConfig> {
  return check<McpConfig>(mcpSchema, value);
}
