// How the catalog list is ordered and which limits it states at its top: pure, so it is tested without a browser.
import type { ScanResult, UpdateInfo } from "./model";
import { severityCounts, type CatalogEntry, type CatalogGroup } from "./ui-catalog";

/** The orders the list offers. */
export type CatalogSort = "name" | "problems" | "updates";

/** The sort choices with their labels, in menu order. */
export const CATALOG_SORTS: ReadonlyArray<{ id: CatalogSort; label: string }> = [
  { id: "name", label: "Name" },
  { id: "problems", label: "Problems first" },
  { id: "updates", label: "Updates first" },
];

const UPDATE_RANK: Record<UpdateInfo["state"], number> = {
  outdated: 0,
  "changed-locally": 1,
  unknown: 2,
  ahead: 3,
  "up-to-date": 4,
};

function problems(entry: CatalogEntry): { error: number; warning: number } {
  const own =
    entry.kind === "skill"
      ? entry.skill.diagnostics
      : [...entry.plugin.diagnostics, ...entry.plugin.skills.flatMap((s) => s.diagnostics)];
  const counts = severityCounts(own);
  const invalid = entry.kind === "skill" ? !entry.skill.valid : !entry.plugin.valid;
  return { error: Math.max(counts.error, invalid ? 1 : 0), warning: counts.warning };
}

function updateRank(entry: CatalogEntry, updates: ReadonlyMap<string, UpdateInfo>): number {
  const state = entry.kind === "skill" ? updates.get(entry.skill.id)?.state : undefined;
  return state ? UPDATE_RANK[state] : 5;
}

const byName = (a: CatalogEntry, b: CatalogEntry) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key);

/** Orders each group's entries (plugins stay first in their group): by name, most problems first, or pending updates first. */
export function sortGroups(
  groups: CatalogGroup[],
  sort: CatalogSort,
  updates: ReadonlyMap<string, UpdateInfo>,
): CatalogGroup[] {
  if (sort === "name") return groups;
  const compare = (a: CatalogEntry, b: CatalogEntry): number => {
    if (sort === "problems") {
      const pa = problems(a);
      const pb = problems(b);
      return pb.error - pa.error || pb.warning - pa.warning || byName(a, b);
    }
    return updateRank(a, updates) - updateRank(b, updates) || byName(a, b);
  };
  return groups.map((group) => {
    const plugins = group.entries.filter((e) => e.kind === "plugin");
    const rest = group.entries.filter((e) => e.kind !== "plugin").sort(compare);
    return { ...group, entries: [...plugins, ...rest] };
  });
}

/** Diagnostic codes that mean a scan left something out. */
const LIMIT_CODES = new Set(["scan.location.truncated"]);

/** One sentence per limit the scan hit, for the top of the list (never only in a collapsed note). */
export function catalogLimitNotes(scan: ScanResult): string[] {
  return scan.diagnostics.filter((d) => LIMIT_CODES.has(d.code)).map((d) => d.message);
}
