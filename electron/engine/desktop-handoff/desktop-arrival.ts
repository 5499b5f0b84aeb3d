// After a Desktop hand-off: watch every Claude Desktop account tree until a skill of that name shows the new version
// (or, without a version, the packed content); say at once when a copy changes there but is not the new version (an
// upload that did not replace it, or another file), or after a while that nothing came and what to try. Read only.
import { watch, type FSWatcher } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { hashSkillFolder } from "../discovery/hash";
import { findDesktopTrees } from "../discovery/desktop";
import { listCapped } from "../discovery/list";
import { resolveLocationTable } from "../discovery/locations";
import type { ScanPlatform } from "../discovery/types";
import { readTextFile } from "../fs/safe-fs";
import { DiagnosticSink } from "../skill/diagnostics";
import { parseFrontmatter, splitFrontmatter } from "../skill/frontmatter";
import { DESKTOP_UPLOAD_PLACES } from "./desktop-handoff";

/** What to wait for, where, and for how long. */
export interface ArrivalOptions {
  home: string;
  platform: ScanPlatform;
  env: Record<string, string | undefined>;
  /** The skill's name (its frontmatter `name`, or its folder's name when the frontmatter has none). */
  name: string;
  /** The version that should arrive (metadata.version or a top-level version); null to compare content instead. */
  version: string | null;
  /** Content hash of the packed folder (prepareDesktopHandoff's contentHash), compared when there is no version. */
  contentHash?: string;
  /** Give up after this long (default 10 minutes). */
  timeoutMs?: number;
  /** Look again at least this often, whatever the file watcher reports (default 2 s). */
  pollMs?: number;
  signal?: AbortSignal;
  /** Called after each look, with the account trees looked at. */
  onCheck?: (copies: DesktopCopy[], trees: string[]) => void;
}

/**
 * One copy of the skill found in an account tree.
 * Exported for tests: onCheck hands them the copies each poll found.
 */
export interface DesktopCopy {
  tree: string;
  dir: string;
  version: string | null;
}

/** How waiting ended. */
export type ArrivalResult =
  | { status: "arrived"; tree: string; dir: string; version: string | null }
  /** A copy arrived or changed in a tree while waiting, and it is not the version handed off. */
  | { status: "stale"; tree: string; dir: string; version: string | null; message: string; advice: string[] }
  | { status: "timeout"; trees: string[]; copies: DesktopCopy[]; advice: string[] }
  | { status: "cancelled" };

const MAX_TREES_PER_ROOT = 64;
const MAX_SKILLS_PER_TREE = 2_000;

const normaliseVersion = (v: string) => v.trim().replace(/^v(?=\d)/i, "");

/** Name and version a Desktop copy's SKILL.md declares (frontmatter only; null where unreadable). */
async function readDeclared(dir: string): Promise<{ name: string | null; version: string | null }> {
  const read = await readTextFile(path.join(dir, "SKILL.md"), { maxBytes: 256 * 1024, root: dir });
  if (!read.ok) return { name: null, version: null };
  const split = splitFrontmatter(read.text);
  if (!split.ok) return { name: null, version: null };
  const fm = await parseFrontmatter(split.yaml, 2, new DiagnosticSink(dir));
  if (!fm) return { name: null, version: null };
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const metadata = fm.data.metadata;
  const metaVersion =
    metadata && typeof metadata === "object" && !Array.isArray(metadata)
      ? text((metadata as Record<string, unknown>).version)
      : null;
  return { name: text(fm.data.name), version: metaVersion ?? text(fm.data.version) };
}

/** Every Claude Desktop account tree of the home, as discovery finds them. */
async function desktopTrees(options: Pick<ArrivalOptions, "home" | "platform" | "env">): Promise<string[]> {
  const trees: string[] = [];
  for (const { row, path: root } of resolveLocationTable(options)) {
    if (row.kind !== "desktop-root") continue;
    trees.push(...(await findDesktopTrees(root, MAX_TREES_PER_ROOT)).trees);
  }
  return trees;
}

/** The copies of a skill in the given trees, by frontmatter name (or folder name when there is none). */
async function findDesktopCopies(trees: string[], name: string): Promise<DesktopCopy[]> {
  const copies: DesktopCopy[] = [];
  for (const tree of trees) {
    const skills = path.join(tree, "skills");
    const listing = await listCapped(skills, MAX_SKILLS_PER_TREE);
    for (const entry of listing.entries) {
      if (!entry.isDirectory()) continue;
      const dir = path.join(skills, entry.name);
      const declared = await readDeclared(dir);
      if ((declared.name ?? entry.name) === name) copies.push({ tree, dir, version: declared.version });
    }
  }
  return copies;
}

function adviceFor(options: ArrivalOptions, trees: string[], copies: DesktopCopy[]): string[] {
  const advice: string[] = [];
  if (trees.length === 0) {
    advice.push(
      "No Claude Desktop account folders were found for this user: is Claude Desktop installed, and signed in, on this computer?",
    );
  } else if (copies.length === 0) {
    advice.push(
      `None of Claude Desktop's ${trees.length} account folder${trees.length === 1 ? "" : "s"} holds "${options.name}" yet.`,
    );
  } else {
    for (const copy of copies)
      advice.push(
        `Claude Desktop still has ${copy.version ? `version ${copy.version}` : "an older copy"} of "${options.name}" in ${copy.tree}.`,
      );
  }
  advice.push(
    "Check that Claude Desktop is signed in to the account you uploaded the skill to.",
    "Quit and reopen Claude Desktop: it brings its skill folders up to date when it starts.",
    `Upload the .skill file again (${DESKTOP_UPLOAD_PLACES.current}, or ${DESKTOP_UPLOAD_PLACES.earlier} in earlier versions) and confirm that it replaces "${options.name}".`,
  );
  return advice;
}

/** What a copy looked like: its content and when its SKILL.md was last written (an upload rewrites it). */
async function fingerprint(dir: string): Promise<string> {
  const skillMd = await stat(path.join(dir, "SKILL.md")).catch(() => null);
  return `${await hashSkillFolder(dir)}:${skillMd ? `${skillMd.ino}:${skillMd.mtimeMs}:${skillMd.size}` : "-"}`;
}

/** The copy that changed but is not the version handed off, in words, with what to do. */
function staleResult(options: ArrivalOptions, copy: DesktopCopy, before: string | null | undefined) {
  const expected = options.version ? `version ${options.version}` : "the new copy";
  const has = copy.version ? copy.version : "a copy without a version number";
  const sameAsBefore = before !== undefined && before === copy.version;
  const message = sameAsBefore
    ? `Claude Desktop still has ${has} of "${options.name}" — the upload may not have replaced it.`
    : `Claude Desktop now has ${has} of "${options.name}", not ${expected} — a different file may have been uploaded.`;
  return {
    status: "stale" as const,
    tree: copy.tree,
    dir: copy.dir,
    version: copy.version,
    message,
    advice: [
      `Upload the .skill file again (${DESKTOP_UPLOAD_PLACES.current}, or ${DESKTOP_UPLOAD_PLACES.earlier} in earlier versions), pick the file Skillshelf made for ${expected}, and confirm that it replaces "${options.name}".`,
      "If Claude Desktop asks whether to replace the skill, choose to replace it.",
      "Then choose Check again here.",
    ],
  };
}

/** Waits until a skill of that name shows the expected version (or content) in any Desktop account tree, bounded by a timeout. */
export async function waitForDesktopArrival(options: ArrivalOptions): Promise<ArrivalResult> {
  if (options.version === null && !options.contentHash)
    throw new TypeError("waitForDesktopArrival needs a version or a contentHash");
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const pollMs = options.pollMs ?? 2_000;
  const expected = options.version === null ? null : normaliseVersion(options.version);
  const watchers = new Map<string, FSWatcher>();
  let trees: string[] = [];
  let copies: DesktopCopy[] = [];
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;
  const nudge = () => wake?.();

  /** Each copy as the first look found it (its fingerprint and version): a change from this is an upload. */
  let baseline: Map<string, { print: string; version: string | null }> | null = null;
  let changed = null as { copy: DesktopCopy; before: string | null | undefined } | null;
  let unsettled = new Map<string, string>();

  const look = async (): Promise<DesktopCopy | null> => {
    trees = await desktopTrees(options);
    for (const root of new Set(trees.map((t) => path.dirname(path.dirname(t))))) {
      if (watchers.has(root)) continue;
      try {
        const watcher = watch(root, { recursive: true, persistent: false }, nudge);
        watcher.on("error", () => undefined);
        watchers.set(root, watcher);
      } catch {
        /* no recursive watching here: polling finds the change */
      }
    }
    copies = await findDesktopCopies(trees, options.name);
    options.onCheck?.(copies, trees);
    for (const copy of copies) {
      if (
        expected !== null
          ? copy.version !== null && normaliseVersion(copy.version) === expected
          : (await hashSkillFolder(copy.dir)) === options.contentHash
      )
        return copy;
    }
    const prints = new Map<string, { print: string; version: string | null }>();
    for (const copy of copies) prints.set(copy.dir, { print: await fingerprint(copy.dir), version: copy.version });
    if (!baseline) baseline = prints;
    const settling = unsettled;
    unsettled = new Map();
    for (const copy of copies) {
      const was = baseline.get(copy.dir);
      const now = prints.get(copy.dir)!.print;
      if (was?.print === now) continue;
      // A copy being written looks changed; it counts once two looks in a row see it the same.
      if (settling.get(copy.dir) !== now) {
        unsettled.set(copy.dir, now);
        continue;
      }
      const other = [...baseline.values()].find((b) => b.version === copy.version);
      changed ??= { copy, before: was ? was.version : other ? other.version : undefined };
    }
    return null;
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (options.signal?.aborted) return { status: "cancelled" };
      const found = await look();
      if (options.signal?.aborted) return { status: "cancelled" };
      if (found) return { status: "arrived", tree: found.tree, dir: found.dir, version: found.version };
      if (changed) return staleResult(options, changed.copy, changed.before);
      const left = deadline - Date.now();
      if (left <= 0) return { status: "timeout", trees, copies, advice: adviceFor(options, trees, copies) };
      await new Promise<void>((resolve) => {
        const done = () => {
          wake = null;
          if (timer) clearTimeout(timer);
          options.signal?.removeEventListener("abort", done);
          resolve();
        };
        wake = () => {
          // Coalesce a burst of file events into one look shortly after.
          if (timer) clearTimeout(timer);
          timer = setTimeout(done, 100);
        };
        // A copy seen changing is looked at again soon, to see it settled.
        timer = setTimeout(done, Math.min(unsettled.size > 0 ? Math.min(pollMs, 300) : pollMs, left));
        options.signal?.addEventListener("abort", done, { once: true });
        if (options.signal?.aborted) done();
      });
    }
  } finally {
    if (timer) clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
  }
}
