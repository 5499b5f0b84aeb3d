// One row per thing a person updates: each copy on its own, a plugin once for all the skills it carries. The Updates
// heading and tab, the catalog's sidebar, the banner, Update all's preview and the dock badge all count these rows.
import type { UpdateInfo } from "./model";
import { isPendingUpdate } from "./update-ignores";

/** One plugin release: the plugin is what a person updates, once for all the skills it carries. */
export interface PluginUpdate {
  plugin: NonNullable<UpdateInfo["plugin"]>;
  installed: string | null;
  latest: string | null;
  /** Its skills' copies, each outdated with the plugin's version. */
  items: UpdateInfo[];
}

/** The pending updates as rows: copies outside a plugin, and each plugin once. */
export interface UpdateRows {
  pending: UpdateInfo[];
  plugins: PluginUpdate[];
}

/** The rows of the pending updates (outdated, not ignored) in `list`; plugins sorted by name. */
export function pendingUpdateRows(list: Iterable<UpdateInfo>): UpdateRows {
  const pending: UpdateInfo[] = [];
  const plugins = new Map<string, PluginUpdate>();
  for (const u of list) {
    if (!isPendingUpdate(u)) continue;
    if (!u.plugin) {
      pending.push(u);
      continue;
    }
    const row = plugins.get(u.plugin.id) ?? { plugin: u.plugin, installed: u.installed, latest: u.latest, items: [] };
    row.items.push(u);
    plugins.set(u.plugin.id, row);
  }
  return { pending, plugins: [...plugins.values()].sort((a, b) => a.plugin.name.localeCompare(b.plugin.name)) };
}

/** How many things a person updates in these rows. */
export function updateRowCount(rows: UpdateRows): number {
  return rows.pending.length + rows.plugins.length;
}

/** The one count of pending updates every place shows (heading, tab, sidebar, banner, Update all, badge). */
export function pendingUpdateCount(list: Iterable<UpdateInfo>): number {
  return updateRowCount(pendingUpdateRows(list));
}
