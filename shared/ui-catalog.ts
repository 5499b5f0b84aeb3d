// How the catalog view groups, labels and filters what a scan found: pure, so it is tested without a browser.
import type { CatalogChange } from "./results";
import type { ClientId, Location, Plugin, ScanResult, Skill, UpdateInfo } from "./model";
import { isPendingUpdate } from "./update-ignores";

/** Names people know the clients by. */
export const CLIENT_LABELS: Partial<Record<ClientId, string>> = {
  "claude-desktop": "Claude Desktop",
  "claude-code": "Claude Code",
  agents: "Shared agents folder",
  cursor: "Cursor",
  codex: "Codex",
  "gemini-cli": "Gemini CLI",
  "github-copilot": "GitHub Copilot",
  windsurf: "Windsurf",
  goose: "Goose",
  opencode: "OpenCode",
  cline: "Cline",
  roo: "Roo Code",
  kiro: "Kiro",
  trae: "Trae",
  antigravity: "Antigravity",
  "qwen-code": "Qwen Code",
  custom: "Added folders",
};

const CLIENT_ORDER = Object.keys(CLIENT_LABELS) as ClientId[];

/** The name people know a client by (its id when the app does not know it yet). */
export function clientLabel(client: ClientId): string {
  return CLIENT_LABELS[client] ?? client;
}

function clientRank(client: ClientId): number {
  const i = CLIENT_ORDER.indexOf(client);
  return i < 0 ? CLIENT_ORDER.length : i;
}

/** One row of the catalog: a skill or a plugin. */
export type CatalogEntry =
  | { kind: "skill"; key: string; name: string; description: string; skill: Skill }
  | { kind: "plugin"; key: string; name: string; description: string; plugin: Plugin };

/** One heading of the catalog: a location or a plugin, with what it holds. */
export interface CatalogGroup {
  key: string;
  client: ClientId;
  title: string;
  /** Where it is on disk. */
  path: string;
  note?: string;
  readOnly: boolean;
  entries: CatalogEntry[];
}

/** What the user narrowed the catalog to. */
export interface CatalogFilters {
  query: string;
  client: ClientId | "all";
  hasErrors: boolean;
  hasWarnings: boolean;
  updateAvailable: boolean;
  notUserOwned: boolean;
}

/** No filter at all. */
export const NO_FILTERS: CatalogFilters = {
  query: "",
  client: "all",
  hasErrors: false,
  hasWarnings: false,
  updateAvailable: false,
  notUserOwned: false,
};

/** A row of the flattened, virtualized list. */
export type CatalogRow =
  { kind: "group"; group: CatalogGroup; shown: number } | { kind: "entry"; entry: CatalogEntry; group: CatalogGroup };

/** A heading a person can tell apart from its neighbours (Desktop account trees included). */
export function locationTitle(location: Location): string {
  if (location.label) return location.label;
  const client = clientLabel(location.client);
  if (location.desktop) {
    const variant = location.desktop.variant || client;
    return location.desktop.accountTree
      ? `${variant} — account ${shortTail(location.desktop.accountTree, 2)}`
      : `${variant} — skills folder`;
  }
  if (location.scope === "desktop-account") return `${client} — account ${shortTail(location.path, 2)}`;
  if (location.scope === "project") return `${client} — project ${shortTail(location.path, 3)}`;
  return `${client} — ${location.scope === "user" ? "your skills" : shortTail(location.path, 2)}`;
}

/**
 * Plain names for Claude Desktop's account trees: the user's own name for a tree (keyed by its account tree id),
 * else "account 1", "account 2"… in a stable order; by location id.
 */
export function desktopAccountTitles(
  locations: readonly Location[],
  names: Readonly<Record<string, string>> = {},
): Map<string, string> {
  const { trees, numbers } = accountNumbers(locations);
  const titles = new Map<string, string>();
  for (const tree of trees) {
    const id = tree.desktop!.accountTree!;
    const custom = names[id]?.trim();
    titles.set(
      tree.id,
      `${tree.desktop!.variant || clientLabel(tree.client)} — ${custom || `account ${numbers.get(id)}`}`,
    );
  }
  return titles;
}

/** One Desktop account tree ("<A>/<B>") named as desktopAccountTitles names it, without the client; null if unlisted. */
export function desktopAccountName(
  locations: readonly Location[],
  accountTree: string,
  names: Readonly<Record<string, string>> = {},
): string | null {
  const number = accountNumbers(locations).numbers.get(accountTree);
  return number === undefined ? null : names[accountTree]?.trim() || `account ${number}`;
}

/** The Desktop account locations in a stable order, and each account tree's number (1, 2…) in that order. */
function accountNumbers(locations: readonly Location[]) {
  const trees = locations
    .filter((l) => l.desktop?.accountTree)
    .sort((a, b) => a.desktop!.accountTree!.localeCompare(b.desktop!.accountTree!) || a.path.localeCompare(b.path));
  const numbers = new Map<string, number>();
  for (const tree of trees)
    if (!numbers.has(tree.desktop!.accountTree!)) numbers.set(tree.desktop!.accountTree!, numbers.size + 1);
  return { trees, numbers };
}

function shortTail(p: string, parts: number): string {
  return p
    .split(/[\\/]+/)
    .filter(Boolean)
    .slice(-parts)
    .join("/");
}

/**
 * One collator for every sort: the same order as localeCompare, without its per-call set-up (10,000 rows sort often).
 * Made when first asked for: its set-up costs milliseconds every importer (`validate` counting severities) would pay.
 */
let collator: Intl.Collator | undefined;
const compare = (a: string, b: string): number => (collator ??= new Intl.Collator()).compare(a, b);

function byName(a: CatalogEntry, b: CatalogEntry): number {
  return compare(a.name, b.name) || compare(a.key, b.key);
}

function skillEntry(skill: Skill): CatalogEntry {
  return {
    kind: "skill",
    key: `skill:${skill.id}`,
    name: skill.name || folderName(skill.dir),
    description: skill.description,
    skill,
  };
}

/** What a search looks in, lower-cased: name, description, folder, client and heading; built on the first search only. */
const haystacks = new WeakMap<CatalogEntry, string>();
function haystackOf(entry: CatalogEntry, group: CatalogGroup): string {
  let text = haystacks.get(entry);
  if (text === undefined) {
    const where =
      entry.kind === "plugin"
        ? entry.plugin.root
        : entry.skill.realDir === entry.skill.dir
          ? entry.skill.dir
          : `${entry.skill.dir}\n${entry.skill.realDir}`;
    const client = entry.kind === "plugin" ? group.client : entry.skill.client;
    const name = entry.kind === "plugin" ? entry.plugin.name : entry.skill.name;
    text = `${name}\n${entry.description}\n${where}\n${clientLabel(client)}\n${group.title}`.toLowerCase();
    haystacks.set(entry, text);
  }
  return text;
}

function folderName(dir: string): string {
  return (
    dir
      .split(/[\\/]+/)
      .filter(Boolean)
      .pop() ?? dir
  );
}

/** Groups a scan by location (and by plugin for plugins' skills), headings sorted by client then path; Desktop accounts in plain words. */
export function buildCatalogGroups(scan: ScanResult, accountNames?: Readonly<Record<string, string>>): CatalogGroup[] {
  const groups = new Map<string, CatalogGroup>();
  const accountTitles = desktopAccountTitles(scan.locations, accountNames);
  const locations = new Map(scan.locations.map((l) => [l.id, l]));
  const groupFor = (key: string, make: () => CatalogGroup) => groups.get(key) ?? groups.set(key, make()).get(key)!;
  const pluginsById = new Map(scan.plugins.map((p) => [p.id, p]));
  const seen = new Set<string>();
  for (const plugin of scan.plugins) {
    const location = plugin.locationId ? locations.get(plugin.locationId) : undefined;
    const client = plugin.client ?? location?.client ?? "custom";
    const group = groupFor(`plugin:${plugin.id}`, () => ({
      key: `plugin:${plugin.id}`,
      client,
      title: `${clientLabel(client)} — plugin ${plugin.name}`,
      path: plugin.root,
      readOnly: Boolean(location?.readOnly),
      entries: [],
    }));
    const description =
      plugin.description ??
      (typeof plugin.manifest?.description === "string" ? plugin.manifest.description.trim() : "");
    group.entries.push({ kind: "plugin", key: `plugin:${plugin.id}`, name: plugin.name, description, plugin });
    for (const skill of plugin.skills) {
      if (seen.has(skill.id)) continue;
      seen.add(skill.id);
      group.entries.push(skillEntry(skill));
    }
  }
  for (const skill of scan.skills) {
    if (seen.has(skill.id)) continue;
    seen.add(skill.id);
    const plugin = skill.pluginId ? pluginsById.get(skill.pluginId) : undefined;
    if (plugin) {
      groups.get(`plugin:${plugin.id}`)!.entries.push(skillEntry(skill));
      continue;
    }
    const location = locations.get(skill.locationId);
    const key = `location:${skill.locationId}`;
    const group = groupFor(key, () =>
      location
        ? {
            key,
            client: location.client,
            title: accountTitles.get(location.id) ?? locationTitle(location),
            path: location.path,
            note: location.note,
            readOnly: Boolean(location.readOnly),
            entries: [],
          }
        : {
            key,
            client: skill.client,
            title: `${clientLabel(skill.client)} — ${shortTail(skill.dir, 2)}`,
            path: skill.dir,
            readOnly: !skill.userOwned,
            entries: [],
          },
    );
    group.entries.push(skillEntry(skill));
  }
  const sorted = [...groups.values()].sort(
    (a, b) => clientRank(a.client) - clientRank(b.client) || compare(a.title, b.title) || compare(a.path, b.path),
  );
  for (const group of sorted) {
    const pluginEntries = group.entries.filter((e) => e.kind === "plugin");
    group.entries = [...pluginEntries, ...group.entries.filter((e) => e.kind !== "plugin").sort(byName)];
  }
  return sorted;
}

function hasSeverity(entry: CatalogEntry, severity: "error" | "warning"): boolean {
  const diagnostics = entry.kind === "skill" ? entry.skill.diagnostics : entry.plugin.diagnostics;
  if (diagnostics.some((d) => d.severity === severity)) return true;
  if (severity === "error" && (entry.kind === "skill" ? !entry.skill.valid : !entry.plugin.valid)) return true;
  return entry.kind === "plugin" && entry.plugin.skills.some((s) => s.diagnostics.some((d) => d.severity === severity));
}

/** True when an update is known to be available for this entry. */
export function hasUpdate(entry: CatalogEntry, updates: ReadonlyMap<string, UpdateInfo>): boolean {
  const info = entry.kind === "skill" ? updates.get(entry.skill.id) : undefined;
  return info !== undefined && isPendingUpdate(info);
}

/** Keeps the entries that match the search (name, description, folder, client) and every active filter; drops empty groups. */
export function filterGroups(
  groups: CatalogGroup[],
  filters: CatalogFilters,
  updates: ReadonlyMap<string, UpdateInfo>,
): CatalogGroup[] {
  const terms = filters.query.toLowerCase().split(/\s+/).filter(Boolean);
  const narrowed =
    filters.client !== "all" ||
    terms.length > 0 ||
    filters.hasErrors ||
    filters.hasWarnings ||
    filters.updateAvailable ||
    filters.notUserOwned;
  if (!narrowed) return groups;
  const out: CatalogGroup[] = [];
  for (const group of groups) {
    const entries = group.entries.filter((entry) => {
      if (filters.client !== "all" && !entryClients(entry, group).has(filters.client)) return false;
      if (terms.length > 0 && !terms.every((t) => haystackOf(entry, group).includes(t))) return false;
      if (filters.hasErrors && !hasSeverity(entry, "error")) return false;
      if (filters.hasWarnings && !hasSeverity(entry, "warning")) return false;
      if (filters.updateAvailable && !hasUpdate(entry, updates)) return false;
      if (filters.notUserOwned && !(entry.kind === "skill" ? !entry.skill.userOwned : group.readOnly)) return false;
      return true;
    });
    if (entries.length > 0) out.push(entries.length === group.entries.length ? group : { ...group, entries });
  }
  return out;
}

/** Flattens groups into the rows the virtualized list draws: a heading, then its entries. */
export function catalogRows(groups: CatalogGroup[]): CatalogRow[] {
  const rows: CatalogRow[] = [];
  for (const group of groups) {
    rows.push({ kind: "group", group, shown: group.entries.length });
    for (const entry of group.entries) rows.push({ kind: "entry", entry, group });
  }
  return rows;
}

/**
 * Every client that loads an entry: its group's, and for a skill each client whose folder holds it or a link to it
 * (the `skills` installer keeps the folder in ~/.agents/skills and links it from ~/.claude/skills).
 */
export function entryClients(entry: CatalogEntry, group: CatalogGroup): Set<ClientId> {
  const clients = new Set<ClientId>([group.client]);
  if (entry.kind === "skill") for (const placement of entry.skill.placements ?? []) clients.add(placement.client);
  return clients;
}

/** How many skills and plugins each client loads, for the sidebar (a skill linked into two clients counts in both). */
export function clientCounts(groups: CatalogGroup[]): Array<{ client: ClientId; label: string; count: number }> {
  const counts = new Map<ClientId, number>();
  const count = (client: ClientId) => counts.set(client, (counts.get(client) ?? 0) + 1);
  // entryClients without a set per entry (10,000 rows): the group's client, then each other client placed, once.
  for (const group of groups) {
    counts.set(group.client, (counts.get(group.client) ?? 0) + group.entries.length);
    for (const entry of group.entries) {
      const placed = entry.kind === "skill" ? entry.skill.placements : undefined;
      if (!placed || (placed.length === 1 && placed[0]!.client === group.client)) continue;
      placed.forEach((p, i) => {
        if (p.client !== group.client && placed.findIndex((q) => q.client === p.client) === i) count(p.client);
      });
    }
  }
  return [...counts.keys()]
    .sort((a, b) => clientRank(a) - clientRank(b))
    .map((client) => ({ client, label: clientLabel(client), count: counts.get(client)! }));
}

/** Counts of diagnostics by severity. */
export function severityCounts(diagnostics: ReadonlyArray<{ severity: string }>): {
  error: number;
  warning: number;
  info: number;
} {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics)
    if (d.severity === "error" || d.severity === "warning" || d.severity === "info") counts[d.severity] += 1;
  return counts;
}

/** Applies a watcher's delta to a stored scan (replacing updated items by id, dropping removed ones). */
export function applyCatalogChange(scan: ScanResult, change: CatalogChange): ScanResult {
  const merge = <T extends { id: string }>(items: T[], updated: T[], removed: string[]): T[] => {
    const drop = new Set([...removed, ...updated.map((u) => u.id)]);
    return [...items.filter((item) => !drop.has(item.id)), ...updated];
  };
  return {
    ...scan,
    skills: merge<Skill>(scan.skills, change.skills.updated, change.skills.removed),
    plugins: merge<Plugin>(scan.plugins, change.plugins.updated, change.plugins.removed),
  };
}
