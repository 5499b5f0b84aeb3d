// What a model sees of one skill: level 1 (catalog entry), level 2 (instructions), level 3 (bundled files, confined).
import { open } from "node:fs/promises";
import { constants } from "node:fs";
import path from "node:path";
import type { Level3Entry, SkillLevels, SkillResource } from "../../../shared/levels";
import { renderAvailableSkills } from "../../../shared/level1";
import { estimateTokens } from "../../../shared/tokens";
import { formatBytes } from "../../../shared/format";
import { decodeUtf8, resolveInside, walkTree } from "../fs/safe-fs";
import { countLines } from "./body";
import { MAX_FOLDER_DEPTH, MAX_FOLDER_ENTRIES } from "./skill-folder";
import { readSkillWithReferences } from "./read-skill";
import { readCapabilities } from "../capabilities/read";
import type { ReadSkillOptions } from "./types";

/** Largest bundled file served as level-3 content. Exported for tests: they serve one just over it. */
export const MAX_RESOURCE_BYTES = 2 * 1024 * 1024;

/** Reads one skill folder and reports all three disclosure levels with sizes and token estimates. */
export async function getSkillLevels(dir: string, options: ReadSkillOptions = {}): Promise<SkillLevels> {
  const abs = path.resolve(dir);
  const [{ report, text }, walk, capabilities] = await Promise.all([
    readSkillWithReferences(abs, options),
    walkTree(abs, { maxEntries: MAX_FOLDER_ENTRIES, maxDepth: MAX_FOLDER_DEPTH }),
    readCapabilities(abs).catch(() => null),
  ]);
  const level1Text =
    report.name || report.description
      ? renderAvailableSkills([{ name: report.name, description: report.description }], null)
      : "";
  const references = text?.references ?? [];
  const referenced = new Set(references.filter((r) => r.exists && !r.outside).map((r) => r.target));
  const entries: Level3Entry[] = walk.entries
    .filter((e) => e.kind !== "other")
    .map((e) => ({
      path: e.rel,
      kind: e.kind === "dir" ? "dir" : "file",
      size: e.size,
      referenced: referenced.has(e.rel),
      tokens: null,
    }));
  await estimateFileTokens(abs, entries);
  const counted = entries.filter((e) => e.kind === "file" && e.tokens !== null);
  return {
    dir: abs,
    level1: {
      name: report.name,
      description: report.description,
      text: level1Text,
      chars: level1Text.length,
      tokens: estimateTokens(level1Text),
    },
    level2: {
      text: report.body,
      startLine: report.bodyStartLine,
      lines: countLines(report.body),
      chars: report.body.length,
      tokens: estimateTokens(report.body),
    },
    level3: {
      entries,
      references,
      missing: [...new Set(references.filter((r) => !r.exists && !r.outside).map((r) => r.target))],
      outside: walk.outside,
      truncated: walk.truncated,
      tokens: counted.reduce((sum, e) => sum + e.tokens!, 0),
      uncounted: entries.filter((e) => e.kind === "file").length - counted.length,
    },
    diagnostics: report.diagnostics,
    ...(capabilities ? { capabilities } : {}),
  };
}

/** How many bytes level 3 reads in all to estimate its files' tokens: a huge folder is listed, not read whole. */
export const MAX_TOKEN_READ_BYTES = 8 * 1024 * 1024;

/** Fills in each text file's token estimate, read with level 3's confinement, within the reading budget. */
async function estimateFileTokens(dir: string, entries: Level3Entry[]): Promise<void> {
  let budget = MAX_TOKEN_READ_BYTES;
  for (const entry of entries) {
    if (entry.kind !== "file" || entry.size > MAX_RESOURCE_BYTES || entry.size > budget) continue;
    budget -= entry.size;
    const resource = await readSkillResource(dir, entry.path);
    if (resource.ok && resource.kind === "text") entry.tokens = estimateTokens(resource.text);
  }
}

const MIME_BY_EXTENSION: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".gz": "application/gzip",
  ".wasm": "application/wasm",
  ".ttf": "font/ttf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
};

/**
 * Reads one bundled file by relative path with level 3's confinement (no `..`, no absolute path,
 * no NUL, no link out of the folder); text or binary is decided by content, and the size is capped.
 */
export async function readSkillResource(dir: string, rel: string): Promise<SkillResource> {
  const abs = path.resolve(dir);
  const resolved = await resolveInside(abs, rel);
  if (!resolved.ok) return { ok: false, path: rel, message: resolved.message };
  let handle;
  try {
    handle = await open(resolved.real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      path: rel,
      message:
        code === "EACCES" || code === "EPERM"
          ? "You do not have permission to read this file."
          : `The file cannot be read (${code ?? "unknown error"}).`,
    };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile())
      return {
        ok: false,
        path: rel,
        message: info.isDirectory()
          ? "This is a folder, not a file."
          : "This is not a regular file, so it is not read.",
      };
    if (info.size > MAX_RESOURCE_BYTES)
      return {
        ok: false,
        path: rel,
        message: `The file is ${formatBytes(info.size)}, over the ${formatBytes(MAX_RESOURCE_BYTES)} preview limit.`,
      };
    const buffer = Buffer.alloc(info.size);
    let read = 0;
    while (read < buffer.length) {
      const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const decoded = decodeUtf8(buffer.subarray(0, read));
    const shownPath = rel
      .split(/[\\/]+/)
      .filter((p) => p !== "" && p !== ".")
      .join("/");
    if (decoded.ok && !decoded.binary)
      return { ok: true, path: shownPath, size: read, kind: "text", text: decoded.text };
    return {
      ok: true,
      path: shownPath,
      size: read,
      kind: "binary",
      mime: MIME_BY_EXTENSION[path.extname(rel).toLowerCase()] ?? "application/octet-stream",
    };
  } catch (error) {
    return {
      ok: false,
      path: rel,
      message: `The file cannot be read (${(error as NodeJS.ErrnoException).code ?? "read error"}).`,
    };
  } finally {
    await handle.close().catch(() => undefined);
  }
}
