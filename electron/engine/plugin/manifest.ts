// plugin.json: location, JSON, $schema, name, known field types, unknown fields (Agent Plugins 1.0.0 §5, §8.1).
import path from "node:path";
import { valid as semverValid } from "semver";
import type { Diagnostic } from "../../../shared/model";
import { readTextFile } from "../fs/safe-fs";
import { hasNoErrors } from "../skill/diagnostics";
import { entryNames, resolveInRoot } from "./containment";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import { jsonLimitProblem, MAX_MANIFEST_BYTES } from "../fs/json-limits";
import { locateJsonPointers, parseJson, pointerOf, type TextPosition } from "./json-position";

/** The only $schema a 1.0.0 manifest may declare. Exported for tests: the property test generates manifests from it. */
export const PLUGIN_SCHEMA_ID = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";

/** The Agent Plugins versions this validator implements. */
const SUPPORTED_SPEC_VERSIONS = ["1.0.0"] as const;

/**
 * The fields a 1.0.0 manifest may hold at its top level (§5.2).
 * Exported for tests: the property test generates manifests from it.
 */
export const KNOWN_MANIFEST_FIELDS = [
  "$schema",
  "name",
  "version",
  "description",
  "author",
  "homepage",
  "repository",
  "license",
  "keywords",
  "extensions",
] as const;

/** The plugin name rule of §5.5. */
const PLUGIN_NAME_PATTERN = /^(?!.*(?:--|\.\.))[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

const STRING_FIELDS = ["version", "description", "homepage", "repository", "license"] as const;
const AUTHOR_FIELDS = new Set(["name", "email", "url"]);
const SCHEMA_ID_SHAPE = /^https:\/\/agent-plugins\.org\/schemas\/([^/]+)\/(plugin|mcp)\.schema\.json$/;

/** What reading plugin.json found. */
export interface ManifestResult {
  manifest: Record<string, unknown> | null;
  /** The manifest's name when it is a non-empty string. */
  name: string | null;
  version: string | null;
  /** The Agent Plugins version the manifest declares, when its $schema is recognised. */
  specVersion: string | null;
  /** A fatal failure: a client rejects the plugin and discovers none of its components. */
  fatal: boolean;
  diagnostics: Diagnostic[];
}

/** Reads the Agent Plugins version out of a canonical schema identifier of the given kind. */
export function specVersionOf(id: unknown, kind: "plugin" | "mcp"): string | null {
  if (typeof id !== "string") return null;
  const match = SCHEMA_ID_SHAPE.exec(id);
  return match && match[2] === kind ? match[1]! : null;
}

/** Reads and checks root plugin.json; `rootEntries` are the root's exact entry names. */
export async function readManifest(root: string, realRoot: string, rootEntries: Set<string>): Promise<ManifestResult> {
  const file = path.join(root, "plugin.json");
  const result: ManifestResult = {
    manifest: null,
    name: null,
    version: null,
    specVersion: null,
    fatal: true,
    diagnostics: [],
  };
  const fail = (code: string, message: string, fix?: string, at?: TextPosition): ManifestResult => {
    result.diagnostics.push(diagnostic(code, "error", file, message, { fix, at }));
    return result;
  };
  if (!rootEntries.has("plugin.json")) return missingManifest(root, rootEntries, result);
  const where = await resolveInRoot(realRoot, file);
  if (where.status === "outside") {
    return fail(
      "plugin.containment",
      `plugin.json is a link to ${where.real}, outside the plugin folder, so the plugin is rejected.`,
      "Put a real plugin.json file in the plugin folder instead of a link that leads out of it.",
    );
  }
  if (where.status === "missing")
    return fail(
      "plugin.manifest.json",
      "plugin.json is a link whose target is missing or loops back on itself.",
      "Replace the link with a real plugin.json file.",
    );
  const read = await readTextFile(where.real);
  if (!read.ok)
    return fail(
      "plugin.manifest.json",
      `plugin.json cannot be read: ${read.message}`,
      "Make plugin.json a readable UTF-8 JSON file of a reasonable size.",
    );
  const limit = jsonLimitProblem(read.text, { maxBytes: MAX_MANIFEST_BYTES });
  if (limit)
    return fail(
      "plugin.manifest.json",
      `plugin.json ${limit.message}.`,
      "Keep plugin.json a small, flat JSON object; move long text into README.md.",
    );
  const parsed = parseJson(read.text);
  if (!parsed.ok)
    return fail(
      "plugin.manifest.json",
      `plugin.json is not valid JSON (${parsed.message}).`,
      "Fix the JSON syntax; a JSON linter or editor points at the exact spot.",
      parsed.at,
    );
  if (!isPlainObject(parsed.value)) {
    return fail(
      "plugin.manifest.json",
      `plugin.json must hold a JSON object, but it holds ${kindOf(parsed.value)}.`,
      'Wrap the manifest in { ... } with at least "$schema" and "name".',
      { line: 1, column: 1 },
    );
  }
  const manifest = parsed.value;
  result.manifest = manifest;
  const positions = locateJsonPointers(read.text);
  const at = (...keys: Array<string | number>): TextPosition | undefined => positions.get(pointerOf("", ...keys));
  const checks = [
    ...checkSchemaAndName(manifest, file, at),
    ...checkKnownFields(manifest, file, at),
    ...checkUnknownFields(manifest, file, at),
  ];
  result.diagnostics.push(...checks);
  result.fatal = !hasNoErrors(checks);
  result.specVersion = manifest.$schema === PLUGIN_SCHEMA_ID ? specVersionOf(manifest.$schema, "plugin") : null;
  if (typeof manifest.name === "string" && manifest.name.trim() !== "") result.name = manifest.name;
  if (typeof manifest.version === "string") result.version = manifest.version;
  return result;
}

async function missingManifest(
  root: string,
  rootEntries: Set<string>,
  result: ManifestResult,
): Promise<ManifestResult> {
  const file = path.join(root, "plugin.json");
  const caseVariant = [...rootEntries].find((name) => name.toLowerCase() === "plugin.json");
  const hint = caseVariant
    ? ` There is a file named ${quote(caseVariant)}, but the name must be exactly plugin.json.`
    : "";
  result.diagnostics.push(
    diagnostic(
      "plugin.manifest.missing",
      "error",
      file,
      `There is no plugin.json in the plugin folder, so clients do not load it.${hint}`,
      {
        fix: 'Create plugin.json at the plugin root with "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json" and a "name".',
      },
    ),
  );
  const claudeDir = path.join(root, ".claude-plugin");
  if (rootEntries.has(".claude-plugin") && (await entryNames(claudeDir))?.has("plugin.json")) {
    result.diagnostics.push(
      diagnostic(
        "plugin.manifest.claude-format",
        "info",
        path.join(claudeDir, "plugin.json"),
        "This plugin has a Claude Code manifest (.claude-plugin/plugin.json); Agent Plugins 1.0.0 reads only plugin.json at the plugin root.",
        {
          fix: "Add a root plugin.json in the Agent Plugins format (you may keep the Claude Code one for Claude Code).",
        },
      ),
    );
  }
  return result;
}

type Locate = (...keys: Array<string | number>) => TextPosition | undefined;

function checkSchemaAndName(manifest: Record<string, unknown>, file: string, at: Locate): Diagnostic[] {
  const found: Diagnostic[] = [];
  const schema = manifest.$schema;
  if (schema !== PLUGIN_SCHEMA_ID) {
    const declared = specVersionOf(schema, "plugin");
    const message =
      schema === undefined
        ? 'plugin.json has no "$schema", so no client knows which Agent Plugins version it targets.'
        : declared
          ? `plugin.json targets Agent Plugins ${declared}, which this validator does not support (it supports ${SUPPORTED_SPEC_VERSIONS.join(", ")}).`
          : `plugin.json's "$schema" is ${typeof schema === "string" ? quote(schema) : kindOf(schema)}, not the Agent Plugins 1.0.0 identifier.`;
    found.push(
      diagnostic("plugin.manifest.schema", "error", file, message, {
        fix: `Set "$schema" to exactly "${PLUGIN_SCHEMA_ID}" (it is an identifier; it is never downloaded).`,
        at: at("$schema"),
      }),
    );
  }
  const name = manifest.name;
  const nameFix =
    "Use 1-64 characters of a-z, 0-9, '-' and '.', starting and ending with a letter or digit, with no '--' or '..' (e.g. my-plugin).";
  if (name === undefined) {
    found.push(
      diagnostic("plugin.name.invalid", "error", file, 'plugin.json has no "name"; a plugin must have one.', {
        fix: nameFix,
      }),
    );
  } else if (typeof name !== "string") {
    found.push(
      diagnostic(
        "plugin.name.invalid",
        "error",
        file,
        `The plugin "name" must be a string, but it is ${kindOf(name)}.`,
        { fix: nameFix, at: at("name") },
      ),
    );
  } else if (name.length < 1 || name.length > 64 || !PLUGIN_NAME_PATTERN.test(name)) {
    found.push(
      diagnostic(
        "plugin.name.invalid",
        "error",
        file,
        `The plugin name ${quote(name)} is not allowed: ${nameProblem(name)}.`,
        { fix: nameFix, at: at("name") },
      ),
    );
  }
  return found;
}

function nameProblem(name: string): string {
  if (name.length === 0) return "it is empty";
  if (name.length > 64) return `it is ${name.length} characters long, over the 64 limit`;
  if (/[A-Z]/.test(name)) return "it has uppercase letters";
  if (/[^a-z0-9.-]/.test(name)) return "it has characters other than a-z, 0-9, '-' and '.'";
  if (!/^[a-z0-9]/.test(name) || !/[a-z0-9]$/.test(name)) return "it must start and end with a letter or digit";
  return "it has '--' or '..'";
}

function checkKnownFields(manifest: Record<string, unknown>, file: string, at: Locate): Diagnostic[] {
  const found: Diagnostic[] = [];
  const wrong = (message: string, fix: string, where: TextPosition | undefined): void => {
    found.push(diagnostic("plugin.manifest.type", "error", file, message, { fix, at: where }));
  };
  for (const field of STRING_FIELDS) {
    const value = manifest[field];
    if (value !== undefined && typeof value !== "string")
      wrong(
        `"${field}" must be a string, but it is ${kindOf(value)}.`,
        `Write "${field}" as a string, e.g. "${field}": "…".`,
        at(field),
      );
  }
  const author = manifest.author;
  if (author !== undefined) {
    if (!isPlainObject(author)) {
      wrong(
        `"author" must be an object with "name", "email" and "url", but it is ${kindOf(author)}.`,
        'Write "author": { "name": "…", "email": "…", "url": "…" } (each part optional).',
        at("author"),
      );
    } else {
      for (const [key, value] of Object.entries(author)) {
        if (!AUTHOR_FIELDS.has(key))
          wrong(
            `"author" may hold only "name", "email" and "url", not ${quote(key)}.`,
            `Remove ${quote(key)} from "author".`,
            at("author", key),
          );
        else if (typeof value !== "string")
          wrong(
            `"author.${key}" must be a string, but it is ${kindOf(value)}.`,
            `Write "author.${key}" as a string.`,
            at("author", key),
          );
      }
    }
  }
  const keywords = manifest.keywords;
  if (keywords !== undefined) {
    if (!Array.isArray(keywords))
      wrong(
        `"keywords" must be a list of strings, but it is ${kindOf(keywords)}.`,
        'Write "keywords": ["…", "…"].',
        at("keywords"),
      );
    else
      keywords.forEach((item, index) => {
        if (typeof item !== "string")
          wrong(
            `Keyword ${index + 1} must be a string, but it is ${kindOf(item)}.`,
            "Make every keyword a string.",
            at("keywords", index),
          );
      });
  }
  const extensions = manifest.extensions;
  if (extensions !== undefined) {
    if (!isPlainObject(extensions)) {
      found.push(
        diagnostic(
          "plugin.extensions.type",
          "warning",
          file,
          `"extensions" must be an object keyed by client namespace, but it is ${kindOf(extensions)}; clients ignore it.`,
          {
            fix: 'Write "extensions": { "com.example.client": { … } } or remove it.',
            at: at("extensions"),
          },
        ),
      );
    } else {
      for (const [namespace, value] of Object.entries(extensions)) {
        if (!isPlainObject(value))
          wrong(
            `The extension ${quote(namespace)} must hold an object, but it holds ${kindOf(value)}.`,
            `Write "${namespace}": { … } with the client's settings inside.`,
            at("extensions", namespace),
          );
      }
    }
  }
  if (typeof manifest.version === "string" && semverValid(manifest.version) !== manifest.version) {
    found.push(
      diagnostic(
        "plugin.version.semver",
        "info",
        file,
        `The version ${quote(manifest.version)} is not Semantic Versioning; that is allowed, but update checks compare versions best as SemVer.`,
        {
          fix: 'Use MAJOR.MINOR.PATCH, e.g. "1.2.0".',
          at: at("version"),
        },
      ),
    );
  }
  return found;
}

function checkUnknownFields(manifest: Record<string, unknown>, file: string, at: Locate): Diagnostic[] {
  const known = new Set<string>(KNOWN_MANIFEST_FIELDS);
  return Object.keys(manifest)
    .filter((key) => !known.has(key))
    .map((key) => {
      const inline = key === "skills" || key === "mcpServers";
      const message = inline
        ? `plugin.json has a "${key}" field; Agent Plugins does not read components from the manifest, so it is ignored.`
        : `plugin.json has a field ${quote(key)} that Agent Plugins 1.0.0 does not define; clients report it and ignore it.`;
      const fix = inline
        ? key === "skills"
          ? "Remove it; put each skill in skills/NAME/SKILL.md."
          : "Remove it; declare MCP servers in mcp.json at the plugin root."
        : 'Remove it, or move client-specific data under "extensions" in a reverse-domain namespace.';
      return diagnostic("plugin.manifest.unknown-field", "warning", file, message, { fix, at: at(key) });
    });
}
