// The fields of a Claude Code plugin manifest, shared by .claude-plugin/plugin.json and marketplace entries: their
// types and the component paths' rules (Claude Code's plugin manifest reference, see docs/diagnostics.md).
import path from "node:path";
import { isInside } from "../fs/safe-fs";
import { resolveInRoot } from "./containment";
import { isPlainObject, kindOf, quote } from "./diagnostics";

/** Metadata fields and their expected JSON type. */
const STRING_FIELDS = ["version", "description", "homepage", "repository", "license"] as const;

/** Component fields, each a path or a list of paths; the inline ones may also hold (or list) objects. */
export const COMPONENT_FIELDS = [
  "commands",
  "agents",
  "skills",
  "hooks",
  "mcpServers",
  "outputStyles",
  "lspServers",
] as const;
/** One of COMPONENT_FIELDS. */
export type ComponentField = (typeof COMPONENT_FIELDS)[number];
const INLINE_FIELDS: ReadonlySet<string> = new Set(["hooks", "mcpServers", "lspServers"]);

/** Every field Claude Code's manifest defines; anything else is ignored by Claude Code and warned about by `claude plugin validate`. */
export const CLAUDE_MANIFEST_FIELDS: ReadonlySet<string> = new Set([
  "$schema",
  "name",
  ...STRING_FIELDS,
  "author",
  "keywords",
  ...COMPONENT_FIELDS,
  "userConfig",
  "channels",
  "dependencies",
]);

/** A field holding the wrong kind of value, or a component path written in a form Claude Code refuses. */
export interface FieldProblem {
  keys: Array<string | number>;
  kind: "type" | "path-form";
  message: string;
  fix: string;
}

/** Type problems of the known fields (name aside) and the form of every component path (`./`-relative). */
export function manifestFieldProblems(manifest: Record<string, unknown>): FieldProblem[] {
  const found: FieldProblem[] = [];
  const wrong = (keys: Array<string | number>, message: string, fix: string) =>
    found.push({ keys, kind: "type", message, fix });
  for (const field of STRING_FIELDS) {
    const value = manifest[field];
    if (value !== undefined && typeof value !== "string")
      wrong([field], `"${field}" must be a string, but it is ${kindOf(value)}.`, `Write "${field}" as a string.`);
  }
  const author = manifest.author;
  if (author !== undefined && typeof author !== "string") {
    if (!isPlainObject(author))
      wrong(
        ["author"],
        `"author" must be a string or an object with "name", but it is ${kindOf(author)}.`,
        'Write "author": { "name": "…", "email": "…" } or "author": "Name".',
      );
    else {
      if (typeof author.name !== "string" || author.name.trim() === "")
        wrong(["author"], '"author" is an object without a "name" string.', 'Add "name": "…" to "author".');
      for (const key of ["email", "url"]) {
        if (author[key] !== undefined && typeof author[key] !== "string")
          wrong(
            ["author", key],
            `"author.${key}" must be a string, but it is ${kindOf(author[key])}.`,
            `Write "author.${key}" as a string.`,
          );
      }
    }
  }
  const keywords = manifest.keywords;
  if (keywords !== undefined) {
    if (!Array.isArray(keywords))
      wrong(
        ["keywords"],
        `"keywords" must be a list of strings, but it is ${kindOf(keywords)}.`,
        'Write "keywords": ["…", "…"].',
      );
    else
      keywords.forEach(
        (item, i) =>
          typeof item !== "string" &&
          wrong(
            ["keywords", i],
            `Keyword ${i + 1} must be a string, but it is ${kindOf(item)}.`,
            "Make every keyword a string.",
          ),
      );
  }
  for (const field of COMPONENT_FIELDS) found.push(...componentProblems(field, manifest[field]));
  return found;
}

function componentProblems(field: ComponentField, value: unknown): FieldProblem[] {
  if (value === undefined) return [];
  const inline = INLINE_FIELDS.has(field);
  const shape = inline ? "a path, a list of paths, or an object defining them inline" : "a path or a list of paths";
  if (typeof value === "string") return pathForm([field], value);
  if (isPlainObject(value) && inline) return [];
  if (!Array.isArray(value))
    return [
      {
        keys: [field],
        kind: "type",
        message: `"${field}" must be ${shape}, but it is ${kindOf(value)}.`,
        fix: `Write "${field}": "./${field}/" (a path from the plugin root).`,
      },
    ];
  return value.flatMap((item, i): FieldProblem[] => {
    if (typeof item === "string") return pathForm([field, i], item);
    if (inline && isPlainObject(item)) return [];
    return [
      {
        keys: [field, i],
        kind: "type",
        message: `Item ${i + 1} of "${field}" must be ${inline ? "a path or an object" : "a path"}, but it is ${kindOf(item)}.`,
        fix: `Write each item of "${field}" as "./path".`,
      },
    ];
  });
}

function pathForm(keys: Array<string | number>, value: string): FieldProblem[] {
  if (value.startsWith("./")) return [];
  const fix =
    path.isAbsolute(value) || /^[A-Za-z]:[\\/]/.test(value)
      ? "Use a path relative to the plugin root that starts with ./ (an absolute path breaks once Claude Code copies the plugin)."
      : `Write it as ${quote(`./${value.replace(/^\.?\/*/, "")}`)}.`;
  return [
    {
      keys,
      kind: "path-form",
      message: `The path ${quote(value)} in "${keys[0]}" does not start with ./; Claude Code requires component paths relative to the plugin root.`,
      fix,
    },
  ];
}

/** The string paths a component field lists (inline objects left out), with their keys. */
export function componentPaths(value: unknown): Array<{ index: number | null; value: string }> {
  if (typeof value === "string") return [{ index: null, value }];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index) => (typeof item === "string" ? [{ index, value: item }] : []));
}

/** Where a `./` component path leads: inside the root (file or folder), outside it, or nowhere. */
export type PathPlace =
  | { place: "inside"; abs: string; kind: "file" | "dir" | "other" }
  | { place: "outside"; abs: string }
  | { place: "missing"; abs: string };

/** Resolves a `./` path against the plugin root, refusing `..` and links that leave it. */
export async function placeOf(root: string, realRoot: string, value: string): Promise<PathPlace> {
  const abs = path.resolve(root, value);
  if (!isInside(path.resolve(root), abs)) return { place: "outside", abs };
  const where = await resolveInRoot(realRoot, abs);
  if (where.status === "outside") return { place: "outside", abs };
  if (where.status === "missing") return { place: "missing", abs };
  return { place: "inside", abs, kind: where.kind };
}
