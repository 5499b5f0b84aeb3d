// Claude Desktop's skills-plugin trees: find every account tree (`<A>/<B>`) and join manifest.json with the folders.
import path from "node:path";
import type { Diagnostic, DesktopSkillFacts } from "../../../shared/model";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";
import { discoveryDiagnostic } from "./diagnostic";
import { listCapped } from "./list";

/** One entry of manifest.json's skills list. */
export interface DesktopManifestEntry {
  skillId: string | null;
  name: string | null;
  creatorType: string | null;
  enabled: boolean | null;
  syncManaged: boolean | null;
  updatedAt: string | null;
}

/** manifest.json as read: its date (normalised to ISO) and its entries. */
export interface DesktopManifest {
  file: string;
  lastUpdated: string | null;
  entries: DesktopManifestEntry[];
}

/** One account tree below a skills-plugin root. */
export interface DesktopTree {
  path: string;
  /** `<A>/<B>` relative to the root, with "/". */
  accountTree: string;
  manifest: DesktopManifest | null;
  diagnostics: Diagnostic[];
}

const TREE_MARKERS = ["manifest.json", "skills", ".claude-plugin"];

/** Normalises Desktop's lastUpdated/updatedAt (epoch ms or an ISO string, both occur) to an ISO string. */
function normaliseDesktopDate(value: unknown): string | null {
  if (typeof value === "number" && Number.isFinite(value)) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  }
  if (typeof value === "string" && value.trim()) {
    const n = /^\d{9,}$/.test(value.trim()) ? Number(value.trim()) : NaN;
    const d = Number.isFinite(n) ? new Date(n) : new Date(value);
    return Number.isNaN(d.getTime()) ? value : d.toISOString();
  }
  return null;
}

/** Finds every account tree two levels below a skills-plugin root (never only the first). */
export async function findDesktopTrees(root: string, cap: number): Promise<{ trees: string[]; error: string | null }> {
  const trees: string[] = [];
  const level1 = await listCapped(root, cap);
  if (level1.error) return { trees, error: level1.error };
  // A listing of something that is not a folder fails and comes back empty, so no stat is needed first.
  for (const a of level1.entries) {
    const aPath = path.join(root, a.name);
    const level2 = await listCapped(aPath, cap);
    for (const b of level2.entries) {
      const bPath = path.join(aPath, b.name);
      const inside = await listCapped(bPath, 64);
      if (inside.entries.some((e) => TREE_MARKERS.includes(e.name))) trees.push(bPath);
    }
  }
  return { trees, error: null };
}

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);

/** Reads a tree's manifest.json; missing or corrupt is a diagnostic on the tree, never a failure. */
export async function readDesktopTree(treePath: string, root: string): Promise<DesktopTree> {
  const accountTree = path.relative(root, treePath).split(path.sep).join("/");
  const file = path.join(treePath, "manifest.json");
  const tree: DesktopTree = { path: treePath, accountTree, manifest: null, diagnostics: [] };
  const read = await readTextFile(file);
  const corrupt = (why: string) =>
    tree.diagnostics.push(
      discoveryDiagnostic(
        "desktop.manifest.corrupt",
        "warning",
        file,
        `Claude Desktop's manifest.json for account tree ${accountTree} cannot be used: ${why} The skills are still listed, without Desktop's facts.`,
        "Open Claude Desktop and let it sync again; it rewrites manifest.json.",
      ),
    );
  if (!read.ok) {
    if (read.reason === "not-found") {
      tree.diagnostics.push(
        discoveryDiagnostic(
          "desktop.manifest.missing",
          "warning",
          file,
          `Account tree ${accountTree} has no manifest.json, so Desktop's facts about its skills (enabled, who made them) are unknown.`,
          "Open Claude Desktop and let it sync again; it writes manifest.json.",
        ),
      );
    } else corrupt(read.message);
    return tree;
  }
  const json = parseJsonWithinLimits(read.text);
  if (!json.ok) {
    corrupt(json.why);
    return tree;
  }
  const parsed = json.value;
  const skills = (parsed as { skills?: unknown } | null)?.skills;
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || !Array.isArray(skills)) {
    corrupt('it has no "skills" list.');
    return tree;
  }
  const entries: DesktopManifestEntry[] = skills
    .filter((e): e is Record<string, unknown> => !!e && typeof e === "object" && !Array.isArray(e))
    .map((e) => ({
      skillId: str(e.skillId),
      name: str(e.name),
      creatorType: str(e.creatorType),
      enabled: bool(e.enabled),
      syncManaged: bool(e.syncManaged),
      updatedAt: normaliseDesktopDate(e.updatedAt),
    }));
  tree.manifest = {
    file,
    lastUpdated: normaliseDesktopDate((parsed as { lastUpdated?: unknown }).lastUpdated),
    entries,
  };
  return tree;
}

const entryIndex = new WeakMap<
  DesktopManifest,
  { byName: Map<string, DesktopManifestEntry>; byId: Map<string, DesktopManifestEntry> }
>();

/** The manifest entry for a skill folder: matched by name, then by skillId (first entry wins). */
function manifestEntryFor(tree: DesktopTree, folderName: string): DesktopManifestEntry | null {
  if (!tree.manifest) return null;
  let index = entryIndex.get(tree.manifest);
  if (!index) {
    index = { byName: new Map(), byId: new Map() };
    for (const e of tree.manifest.entries) {
      if (e.name !== null && !index.byName.has(e.name)) index.byName.set(e.name, e);
      if (e.skillId !== null && !index.byId.has(e.skillId)) index.byId.set(e.skillId, e);
    }
    entryIndex.set(tree.manifest, index);
  }
  return index.byName.get(folderName) ?? index.byId.get(folderName) ?? null;
}

/** Desktop's facts for one skill folder of a tree (all null when the manifest does not list it). */
export function desktopFactsFor(tree: DesktopTree, folderName: string): DesktopSkillFacts {
  const e = manifestEntryFor(tree, folderName);
  return {
    skillId: e?.skillId ?? null,
    creatorType: e?.creatorType ?? null,
    enabled: e?.enabled ?? null,
    syncManaged: e?.syncManaged ?? null,
    updatedAt: e?.updatedAt ?? null,
    accountTree: tree.accountTree,
  };
}

/** Joins the manifest with the folders found: entries without a folder and folders without an entry. */
export function joinDesktopManifest(tree: DesktopTree, folderNames: string[]): Diagnostic[] {
  if (!tree.manifest) return [];
  const out: Diagnostic[] = [];
  const folders = new Set(folderNames);
  const matched = new Set<DesktopManifestEntry>();
  for (const name of folderNames) {
    const e = manifestEntryFor(tree, name);
    if (e) matched.add(e);
    else
      out.push(
        discoveryDiagnostic(
          "desktop.manifest.unlisted-folder",
          "warning",
          path.join(tree.path, "skills", name),
          `The skill folder "${name}" is in account tree ${tree.accountTree} but Claude Desktop's manifest.json does not list it, so Desktop may not show or keep it.`,
          "Upload the skill through Claude Desktop instead of copying it into this folder.",
        ),
      );
  }
  for (const e of tree.manifest.entries) {
    if (matched.has(e) || (e.name && folders.has(e.name)) || (e.skillId && folders.has(e.skillId))) continue;
    out.push(
      discoveryDiagnostic(
        "desktop.manifest.orphan-entry",
        "warning",
        tree.manifest.file,
        `Claude Desktop's manifest.json lists the skill "${e.name ?? e.skillId ?? "(unnamed)"}" but its folder is missing from account tree ${tree.accountTree}.`,
        "Open Claude Desktop and let it sync again, or remove the skill there.",
      ),
    );
  }
  return out;
}
