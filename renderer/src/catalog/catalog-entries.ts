// Finding an entry in the catalog's groups: the selected one among those shown, and the one an add just wrote.
import type { CatalogGroup } from "../../../shared/ui-catalog";

/** The shown entry with this key and its group, or null when the filters hide it. */
export function findEntry(groups: readonly CatalogGroup[], key: string | null) {
  if (key === null) return null;
  for (const group of groups) for (const entry of group.entries) if (entry.key === key) return { entry, group };
  return null;
}

/** The key of the skill at one of these folders (its own, a link to it, or a copy), first folder first; else null. */
export function entryKeyAt(groups: readonly CatalogGroup[], dirs: readonly string[]): string | null {
  const entries = groups.flatMap((g) => g.entries);
  for (const dir of dirs) {
    const found = entries.find(
      (e) =>
        e.kind === "skill" &&
        (e.skill.dir === dir ||
          (e.skill.links ?? []).includes(dir) ||
          (e.skill.placements ?? []).some((p) => p.path === dir)),
    );
    if (found) return found.key;
  }
  return null;
}
