// The budget of every client and scope found by a scan: the listing each builds, its cost, its cuts, its switches.
import path from "node:path";
import type { BudgetReport, ClientBudget } from "../../../shared/budget";
import { DEFAULT_INTRO } from "../../../shared/level1";
import { CLIENT_IDS, type ClientId, type Location, type ScanResult, type Skill } from "../../../shared/model";
import { clientLabel, desktopAccountTitles } from "../../../shared/ui-catalog";
import { mergeSettings, projectSettingsFiles, readSettingsFile, userSettingsFile } from "./claude-settings";
import { codexEnabled, readCodexSkillConfig } from "./codex-config";
import { buildListing, type Candidate, type ListingRules } from "./listing";
import type { BudgetRule } from "../../../shared/budget";
import {
  TOKEN_ESTIMATE,
  claudeCodeRules,
  codexRules,
  geminiRules,
  gooseRules,
  noSwitchNote,
  unpublishedRules,
} from "./rules";

/** Where Claude Code's settings are and which extra projects to report. */
export interface BudgetOptions {
  /** CLAUDE_CONFIG_DIR or ~/.claude of the home scanned. */
  claudeConfigDir: string;
  /** Project folders to report for Claude Code even without a .claude/skills folder of their own. */
  projects?: string[];
  /** The names the person gave Desktop's account trees (the app's settings), by account tree id. */
  accountNames?: Readonly<Record<string, string>>;
  /** CODEX_HOME of the home scanned; by default the folder above the Codex skills location the scan found. */
  codexHome?: string;
}

/** Whether `client` reads skills from this location: its own, or a shared one its docs name (Location.readBy). */
const readsFrom = (client: ClientId, loc: Location) => loc.client === client || (loc.readBy?.includes(client) ?? false);

/** Clients whose docs say one skill of a name is listed, by folder, first winning; the project's before the user's. */
const PRECEDENCE: Partial<Record<ClientId, readonly ClientId[]>> = {
  "gemini-cli": ["gemini-cli", "agents"],
  goose: ["goose", "agents", "claude-code"],
};

/** The clients with a listing of their own (every known client but added folders), in the order they are shown. */
const LISTED_CLIENTS: readonly ClientId[] = [
  "claude-code",
  ...CLIENT_IDS.filter((c) => c !== "claude-code" && c !== "custom"),
];

/** The name people know a client by; the shared agents folder is named by who reads it. */
const labelOf = (client: ClientId) => (client === "agents" ? "Readers of ~/.agents/skills" : clientLabel(client));

/** The project a project-scope skills folder belongs to (`<project>/.claude/skills` → `<project>`). */
const projectOf = (loc: Location) => path.dirname(path.dirname(loc.path));

/** Every skill of the scan, plugin skills included, with the places it is read from, grouped by location id. */
function candidatesByLocation(result: ScanResult): Map<string, Candidate[]> {
  const out = new Map<string, Candidate[]>();
  const seen = new Set<string>();
  const add = (skill: Skill, listedName?: string) => {
    const places = skill.placements?.length ? skill.placements : [{ locationId: skill.locationId, path: skill.dir }];
    for (const p of places) {
      // A plugin's skills are in the catalog's list of skills and in their plugin's: each place counts once.
      const key = `${p.locationId}\0${p.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = out.get(p.locationId) ?? [];
      const candidate: Candidate = { skill, path: p.path };
      if (listedName) candidate.listedName = listedName;
      if (skill.desktop?.enabled === false) candidate.excluded = "Claude Desktop has it turned off.";
      list.push(candidate);
      out.set(p.locationId, list);
    }
  };
  for (const skill of result.skills) if (!skill.pluginId) add(skill);
  for (const plugin of result.plugins) {
    if (plugin.client && plugin.client !== "claude-code") continue;
    if (!plugin.loads) continue;
    // Claude Code lists a plugin's skills by plugin:skill (docs/budget.md#claude-code).
    for (const skill of plugin.skills) add(skill, `${plugin.name}:${skill.name}`);
  }
  return out;
}

/** Whether a Claude Code location is one it never lists from (its trash of skills moved aside). */
const isTrash = (loc: Location) => path.basename(loc.path) === ".trash";

/** The budget of every client and scope in a scan (Claude Code's settings are read from disk). */
export async function computeBudget(result: ScanResult, options: BudgetOptions): Promise<BudgetReport> {
  const byLocation = candidatesByLocation(result);
  const from = (locs: Location[]) => locs.flatMap((l) => byLocation.get(l.id) ?? []);
  const pluginLocations = new Set(result.plugins.filter((p) => p.loads && p.locationId).map((p) => p.locationId));
  const clients: ClientBudget[] = [];
  // Desktop's account trees are named as the catalog names them ("account 1"), never by their ids.
  const accountTitles = desktopAccountTitles(result.locations, options.accountNames);
  const desktopRules = await rulesOf("claude-desktop", result, options);
  for (const client of LISTED_CLIENTS) {
    const locs = result.locations.filter((l) => readsFrom(client, l) && l.exists && !isTrash(l));
    if (client === "claude-code") {
      clients.push(...(await claudeCode(result, locs, pluginLocations, from, options)));
      continue;
    }
    if (client === "claude-desktop") {
      for (const loc of locs.filter((l) => l.desktop?.accountTree))
        clients.push(
          plain(
            `${client}@${loc.desktop!.accountTree}`,
            client,
            accountTitles.get(loc.id) ?? loc.label ?? labelOf(client),
            from([loc]),
            desktopRules,
          ),
        );
      continue;
    }
    const rank = (l: Location) => {
      const order = PRECEDENCE[client];
      const i = order ? order.indexOf(l.client) : l.client === client ? 0 : 1;
      return i < 0 ? 99 : i;
    };
    const ordered = (ls: Location[]) => [...ls].sort((a, b) => rank(a) - rank(b));
    const user = ordered(locs.filter((l) => l.scope === "user"));
    const rules = await rulesOf(client, result, options);
    if (user.length) clients.push(plain(client, client, labelOf(client), rules.filter(from(user)), rules));
    const projects = new Map<string, Location[]>();
    for (const l of locs.filter((x) => x.scope === "project"))
      projects.set(projectOf(l), [...(projects.get(projectOf(l)) ?? []), l]);
    for (const [dir, ps] of projects) {
      const scoped = PRECEDENCE[client] ? [...ordered(ps), ...user] : [...user, ...ordered(ps)];
      const b = plain(`${client}@${dir}`, client, `${labelOf(client)} in ${dir}`, rules.filter(from(scoped)), rules);
      b.projectDir = dir;
      clients.push(b);
    }
  }
  return { clients, tokenEstimate: TOKEN_ESTIMATE };
}

/** A client's rules, the rule list shown, what it leaves out by its own switch, and what a person can do. */
interface ClientRules {
  rules: ListingRules;
  shown: BudgetRule[];
  filter: (candidates: Candidate[]) => Candidate[];
  switchNote: string;
  notes: string[];
}

/** Where Codex keeps its config: given, or the folder above the Codex skills location the scan found. */
function codexHomeOf(result: ScanResult, options: BudgetOptions): string | null {
  if (options.codexHome) return options.codexHome;
  const loc = result.locations.find((l) => l.client === "codex" && l.scope === "user");
  return loc ? path.dirname(loc.path) : null;
}

/** The published rules of a client other than Claude Code (Codex's config.toml read from disk). */
async function rulesOf(client: ClientId, result: ScanResult, options: BudgetOptions): Promise<ClientRules> {
  const keep = (c: Candidate[]) => c;
  if (client === "codex") {
    const home = codexHomeOf(result, options);
    const config = home ? await readCodexSkillConfig(home) : null;
    const { rules, shown } = codexRules(config?.file ?? "config.toml", config?.rules.length ?? 0);
    const off = config?.rules ?? [];
    return {
      rules,
      shown,
      filter: (candidates) =>
        candidates.map((c) =>
          codexEnabled(off, c.skill.name, [path.join(c.path, "SKILL.md"), path.join(c.skill.dir, "SKILL.md")])
            ? c
            : { ...c, excluded: `Codex's ${config!.file} turns it off ([[skills.config]] enabled = false).` },
        ),
      switchNote: noSwitchNote(client, config?.file),
      notes: config?.problem ? [`${config.file}: ${config.problem}`] : [],
    };
  }
  const { rules, shown } =
    client === "gemini-cli" ? geminiRules() : client === "goose" ? gooseRules() : unpublishedRules(client);
  return { rules, shown, filter: keep, switchNote: noSwitchNote(client), notes: [] };
}

/** A client other than Claude Code: its listing of every skill it reads, under its published rules. */
function plain(id: string, client: ClientId, label: string, candidates: Candidate[], rules: ClientRules): ClientBudget {
  const listing = buildListing(candidates, rules.rules, DEFAULT_INTRO);
  return {
    id,
    client,
    label,
    rules: rules.shown,
    ...listing,
    limitChars: rules.rules.budgetChars,
    notes: rules.notes,
    switches: { kind: "none", note: rules.switchNote },
  };
}

/** Claude Code for the user and for each project: its settings (local > project > user), its plugins. */
async function claudeCode(
  result: ScanResult,
  locs: Location[],
  pluginLocations: Set<string | undefined>,
  from: (locs: Location[]) => Candidate[],
  options: BudgetOptions,
): Promise<ClientBudget[]> {
  const userFile = userSettingsFile(options.claudeConfigDir);
  const userRead = await readSettingsFile(userFile);
  const pluginLocs = result.locations.filter((l) => pluginLocations.has(l.id) && l.client === "claude-code");
  const userLocs = [...locs.filter((l) => l.scope === "user"), ...pluginLocs];
  const out: ClientBudget[] = [];
  const build = (
    id: string,
    label: string,
    candidates: Candidate[],
    files: (typeof userRead)[],
    writable: string[],
  ) => {
    const settings = mergeSettings(files);
    const { rules, shown } = claudeCodeRules(settings);
    const listing = buildListing(candidates, rules, DEFAULT_INTRO);
    const b: ClientBudget = {
      id,
      client: "claude-code",
      label,
      rules: shown,
      ...listing,
      limitChars: rules.budgetChars,
      notes: files.filter((f) => f.problem && f.problem !== "missing").map((f) => `${f.file}: ${f.problem}`),
      switches: { kind: "skillOverrides", files: writable },
    };
    return b;
  };
  out.push(build("claude-code", "Claude Code", from(userLocs), [userRead], [userFile]));
  const projects = new Map<string, Location[]>();
  for (const l of locs.filter((x) => x.scope === "project" && x.path.endsWith(path.join(".claude", "skills"))))
    projects.set(projectOf(l), [...(projects.get(projectOf(l)) ?? []), l]);
  for (const dir of options.projects ?? []) if (!projects.has(path.resolve(dir))) projects.set(path.resolve(dir), []);
  for (const [dir, ps] of projects) {
    const files = projectSettingsFiles(dir);
    const reads = [userRead, ...(await Promise.all(files.map(readSettingsFile)))];
    const b = build(`claude-code@${dir}`, `Claude Code in ${dir}`, [...from(userLocs), ...from(ps)], reads, [
      ...files,
      userFile,
    ]);
    b.projectDir = dir;
    out.push(b);
  }
  return out;
}
