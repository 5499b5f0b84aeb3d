// Where a marketplace entry's plugin comes from: a `./` path inside the marketplace, or a github, url, git-subdir or npm
// source object (Claude Code's marketplace reference, "Plugin sources").
import path from "node:path";
import { isInside } from "../fs/safe-fs";
import { isPlainObject, kindOf, quote } from "./diagnostics";

/** What an entry's `source` names: a folder inside the marketplace, or a place elsewhere Claude Code fetches from. */
export type EntrySource =
  | { kind: "relative"; dir: string; given: string }
  | { kind: "remote"; type: string }
  | { kind: "invalid"; message: string; fix: string };

/** The source object types Claude Code knows and the field each requires. */
const REMOTE_SOURCES: Record<string, string[]> = {
  github: ["repo"],
  url: ["url"],
  git: ["url"],
  "git-subdir": ["url", "path"],
  npm: ["package"],
};
const FULL_SHA = /^[0-9a-f]{40}$/;

/** Reads one entry's `source` against the marketplace root (and `metadata.pluginRoot`, which bare names are joined to). */
export function entrySource(source: unknown, marketplaceRoot: string, pluginRoot: string | null): EntrySource {
  if (source === undefined)
    return {
      kind: "invalid",
      message: 'has no "source", so Claude Code does not know where to fetch it',
      fix: 'Add "source": "./plugins/NAME" or a { "source": "github", "repo": "owner/repo" } object.',
    };
  if (typeof source === "string") return relativeSource(source, marketplaceRoot, pluginRoot);
  if (!isPlainObject(source))
    return {
      kind: "invalid",
      message: `has a "source" that is ${kindOf(source)}`,
      fix: 'Write "source" as "./path" or as an object with "source": "github" and "repo".',
    };
  const type = source.source;
  const required = typeof type === "string" ? REMOTE_SOURCES[type] : undefined;
  if (!required) {
    return {
      kind: "invalid",
      message: `has a "source" object whose type ${typeof type === "string" ? quote(type) : "is missing"} is not one Claude Code knows`,
      fix: `Set "source" inside it to one of ${Object.keys(REMOTE_SOURCES)
        .map((k) => `"${k}"`)
        .join(", ")}.`,
    };
  }
  for (const field of required) {
    if (typeof source[field] !== "string" || (source[field] as string).trim() === "")
      return {
        kind: "invalid",
        message: `has a ${quote(type as string)} source without a "${field}" string`,
        fix: `Add "${field}" to the source object.`,
      };
  }
  if (type === "github" && !/^[\w.-]+\/[\w.-]+$/.test(source.repo as string))
    return {
      kind: "invalid",
      message: `has a github source whose "repo" ${quote(source.repo as string)} is not owner/repo`,
      fix: 'Write "repo": "owner/repo".',
    };
  if (source.sha !== undefined && (typeof source.sha !== "string" || !FULL_SHA.test(source.sha)))
    return {
      kind: "invalid",
      message: 'has a "sha" that is not a full 40-character commit SHA',
      fix: 'Use the full commit SHA, or pin with "ref" instead.',
    };
  if (source.ref !== undefined && typeof source.ref !== "string")
    return {
      kind: "invalid",
      message: 'has a "ref" that is not a string',
      fix: 'Write "ref" as a branch or tag name.',
    };
  return { kind: "remote", type: type as string };
}

function relativeSource(given: string, marketplaceRoot: string, pluginRoot: string | null): EntrySource {
  const fix = 'Write a path from the marketplace root that starts with ./ and stays inside it, e.g. "./plugins/NAME".';
  if (given.trim() === "") return { kind: "invalid", message: 'has an empty "source"', fix };
  if (path.isAbsolute(given) || /^[A-Za-z]:[\\/]/.test(given))
    return { kind: "invalid", message: `has an absolute "source" ${quote(given)}`, fix };
  if (given.split(/[\\/]/).includes(".."))
    return { kind: "invalid", message: `has a "source" ${quote(given)} with "..": path traversal is not allowed`, fix };
  if (!given.startsWith("./") && given !== ".") {
    if (!pluginRoot)
      return { kind: "invalid", message: `has a "source" ${quote(given)} that does not start with ./`, fix };
    return insideOrInvalid(path.resolve(marketplaceRoot, pluginRoot, given), marketplaceRoot, given, fix);
  }
  return insideOrInvalid(path.resolve(marketplaceRoot, given), marketplaceRoot, given, fix);
}

function insideOrInvalid(dir: string, marketplaceRoot: string, given: string, fix: string): EntrySource {
  if (!isInside(path.resolve(marketplaceRoot), dir))
    return { kind: "invalid", message: `has a "source" ${quote(given)} that leads outside the marketplace`, fix };
  return { kind: "relative", dir, given };
}
