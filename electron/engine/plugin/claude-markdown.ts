// A Claude Code plugin's agents and commands (Markdown with YAML frontmatter): read as Claude Code reads them, with the
// errors of `claude plugin validate` (YAML that does not parse, not a mapping, wrongly typed name, description,
// allowed-tools, shell) and warnings for the other fields Claude Code uses when their type is wrong.
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { readTextFile } from "../fs/safe-fs";
import { splitFrontmatter } from "../skill/frontmatter";
import { yamlLimitProblem } from "../skill/yaml-limits";
import { loadYaml } from "../skill/yaml-nodes";
import { componentPaths, placeOf } from "./claude-fields";
import { entryNames, resolveInRoot } from "./containment";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";

type Kind = "agent" | "command";
type FieldType = "string" | "boolean" | "number" | "string-or-list" | "list" | "object";

/** Fields Claude Code reads from an agent's or a command's frontmatter, and their types. */
const FIELDS: Record<Kind, ReadonlyMap<string, FieldType>> = {
  agent: new Map<string, FieldType>([
    ["tools", "string-or-list"],
    ["disallowedTools", "string-or-list"],
    ["model", "string"],
    ["permissionMode", "string"],
    ["maxTurns", "number"],
    ["skills", "string-or-list"],
    ["mcpServers", "string-or-list"],
    ["hooks", "object"],
    ["memory", "string"],
    ["background", "boolean"],
    ["effort", "string"],
    ["isolation", "string"],
    ["color", "string"],
    ["initialPrompt", "string"],
  ]),
  command: new Map<string, FieldType>([
    ["argument-hint", "string"],
    ["model", "string"],
    ["disable-model-invocation", "boolean"],
    ["user-invocable", "boolean"],
    ["effort", "string"],
    ["context", "string"],
    ["agent", "string"],
    ["hooks", "object"],
  ]),
};

/** Most Markdown files read per component folder, and how deep commands/ may nest. */
const MAX_FILES = 500;
const MAX_DEPTH = 4;

function fitsType(type: FieldType, value: unknown): boolean {
  switch (type) {
    case "string-or-list":
      return typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string"));
    case "list":
      return Array.isArray(value);
    case "object":
      return isPlainObject(value);
    default:
      return typeof value === type;
  }
}

const TYPE_TEXT: Record<FieldType, string> = {
  string: "a string",
  boolean: "true or false",
  number: "a number",
  "string-or-list": "a string or a list of strings",
  list: "a list",
  object: "a mapping",
};

/** The Markdown files of one component: a folder (walked, bounded) or a file the manifest lists. */
async function markdownFiles(realRoot: string, start: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    const names = [...((await entryNames(dir)) ?? [])].sort();
    for (const name of names) {
      if (found.length >= MAX_FILES) return;
      const abs = path.join(dir, name);
      const where = await resolveInRoot(realRoot, abs);
      if (where.status !== "inside") continue;
      if (where.kind === "file" && name.toLowerCase().endsWith(".md")) found.push(abs);
      else if (where.kind === "dir" && depth < MAX_DEPTH && !name.startsWith(".")) await walk(abs, depth + 1);
    }
  };
  const where = await resolveInRoot(realRoot, start);
  if (where.status !== "inside") return found;
  if (where.kind === "file") return start.toLowerCase().endsWith(".md") ? [start] : [];
  if (where.kind === "dir") await walk(start, 1);
  return found;
}

/** Checks one agent or command file's frontmatter. */
export async function checkMarkdownComponent(file: string, kind: Kind): Promise<Diagnostic[]> {
  const read = await readTextFile(file);
  if (!read.ok) return [];
  const split = splitFrontmatter(read.text.replace(/^\uFEFF/, ""));
  if (!split.ok) return [];
  const found: Diagnostic[] = [];
  const error = (code: string, message: string, fix: string, line?: number) =>
    found.push(diagnostic(code, "error", file, message, { fix, ...(line ? { at: { line, column: 1 } } : {}) }));
  const limit = await yamlLimitProblem(split.yaml);
  if (limit) {
    error("claude-plugin.frontmatter.yaml", `The ${kind}'s ${limit.message.replace(/^The /, "")}`, limit.fix);
    return found;
  }
  const { parseDocument } = await loadYaml();
  const doc = parseDocument(split.yaml, { uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length > 0) {
    // Claude Code (2.1.332) loads the file with its frontmatter dropped and its validator passes it: a warning.
    found.push(
      diagnostic(
        "claude-plugin.frontmatter.yaml",
        "warning",
        file,
        `The ${kind}'s frontmatter is not valid YAML (${doc.errors[0]!.message.split("\n")[0]}); Claude Code then loads it with all its frontmatter fields dropped.`,
        {
          fix: "Correct the YAML; quote values that contain `: `, start with `[`, `{`, `*` or `&`, or hold `#`.",
          at: { line: 2, column: 1 },
        },
      ),
    );
    return found;
  }
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  if (data === null || data === undefined) return found;
  if (!isPlainObject(data)) {
    error(
      "claude-plugin.frontmatter.invalid",
      `The ${kind}'s frontmatter is ${kindOf(data)}, not a mapping of keys to values, so Claude Code drops it.`,
      "Write the frontmatter as `key: value` lines.",
      2,
    );
    return found;
  }
  const strict: Array<[string, (v: unknown) => boolean, string]> = [
    ["name", (v) => typeof v === "string", "a string"],
    ["description", (v) => typeof v === "string" || typeof v === "number", "a string"],
    ["allowed-tools", (v) => fitsType("string-or-list", v), "a string or a list of strings"],
    ["shell", (v) => typeof v === "string", "a string"],
  ];
  for (const [key, fits, expected] of strict)
    if (Object.hasOwn(data, key) && data[key] !== null && !fits(data[key]))
      error(
        "claude-plugin.frontmatter.invalid",
        `The ${kind}'s \`${key}\` is ${kindOf(data[key])}; Claude Code requires ${expected} and reports this as an error.`,
        `Write \`${key}\` as ${expected}.`,
      );
  for (const [key, type] of FIELDS[kind])
    if (Object.hasOwn(data, key) && data[key] !== null && !fitsType(type, data[key]))
      found.push(
        diagnostic(
          "claude-plugin.frontmatter.type",
          "warning",
          file,
          `The ${kind}'s \`${key}\` is ${kindOf(data[key])}; Claude Code expects ${TYPE_TEXT[type]}, so it may ignore the value.`,
          { fix: `Write \`${key}\` as ${TYPE_TEXT[type]}.` },
        ),
      );
  if (kind === "agent" && (data.description === undefined || data.description === null))
    found.push(
      diagnostic(
        "claude-plugin.agent.description",
        "warning",
        file,
        `The agent has no \`description\`; Claude Code uses it to decide when to delegate to ${quote(path.basename(file, ".md"))}.`,
        { fix: "Add `description:` saying what the agent does and when to use it." },
      ),
    );
  return found;
}

/** Checks every agent and command Claude Code would load: agents/, commands/ and the paths the manifest lists. */
export async function checkAgentsAndCommands(
  root: string,
  realRoot: string,
  rootEntries: Set<string>,
  fields: Record<string, unknown>,
): Promise<Diagnostic[]> {
  const found: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const [field, kind] of [
    ["agents", "agent"],
    ["commands", "command"],
  ] as const) {
    const starts = rootEntries.has(field) ? [path.join(root, field)] : [];
    for (const listed of componentPaths(fields[field])) {
      if (!listed.value.startsWith("./")) continue;
      const place = await placeOf(root, realRoot, listed.value);
      if (place.place === "inside") starts.push(place.abs);
    }
    for (const start of starts)
      for (const file of await markdownFiles(realRoot, start)) {
        if (seen.has(file)) continue;
        seen.add(file);
        found.push(...(await checkMarkdownComponent(file, kind)));
      }
  }
  return found;
}
