// Builds the ScanResult from what was planned, found and read: one skill per real folder, links, versions, drift.
// Built skills are cached by what they depend on, so a watcher's re-assembly rebuilds (and reports) only what changed.
import path from "node:path";
import type { Diagnostic, Location, Plugin, Profile, ScanResult, Skill, SkillLockInfo } from "../../../shared/model";
import { skillFrom } from "./build-skill";
import { discoveryDiagnostic } from "./diagnostic";
import { desktopFactsFor, joinDesktopManifest, type DesktopTree } from "./desktop";
import { pluginId, skillId } from "./ids";
import type { ScanPlan } from "./plan";
import type { PluginRead, SkillRead } from "./read";
import type { SkillSite, SourceSites } from "./sites";
import type { SkillLock } from "./skill-lock";
import type { ValidationCache } from "../validate-cache/store";

interface BuiltSkill {
  read: SkillRead;
  sites: SkillSite[];
  desktop: DesktopTree | undefined;
  lock: SkillLock;
  skill: Skill;
}

interface BuiltPlugin {
  read: PluginRead;
  location: Location;
  plugin: Plugin;
}

/** What a scan holds between reads: the plan, the sites per location, the reads and built skills cached by real folder. */
export interface ScanState {
  plan: ScanPlan;
  sites: Map<string, SourceSites>;
  reads: Map<string, SkillRead>;
  plugins: Map<string, PluginRead>;
  lock: SkillLock;
  built?: Map<string, BuiltSkill>;
  builtPlugins?: Map<string, BuiltPlugin>;
  /** Reads dropped by a watched change: a re-read with the same result keeps the old one (so nothing is reported). */
  stale?: Map<string, SkillRead>;
  /** The validation cache, opened by the first read of a scan that uses one and kept for the watcher's re-reads. */
  cache?: ValidationCache;
}

/** The validation profile for a site: Claude Desktop's upload rules for Desktop skills a user made. */
export function profileFor(site: SkillSite): Profile {
  const desktop = site.source.desktop;
  if (!desktop) return "agent-skills";
  const known = profiles.get(site);
  if (known?.desktop === desktop) return known.profile;
  const profile =
    desktopFactsFor(desktop, path.basename(site.path)).creatorType === "anthropic" ? "agent-skills" : "claude-desktop";
  profiles.set(site, { desktop, profile });
  return profile;
}

/** Each Desktop site's profile, kept while its tree (manifest included) is the same object: asked once per assembly. */
const profiles = new WeakMap<SkillSite, { desktop: DesktopTree; profile: Profile }>();

/** Cache key of a read: the real folder and the profile it was validated with. */
export function readKey(realDir: string, profile: Profile): string {
  // The common profile's key is the path itself: no new string to build and hash per skill on every re-assembly.
  return profile === "agent-skills" ? realDir : `${profile}\u0000${realDir}`;
}

/** One group of sites sharing a real folder, its primary site first. */
export interface SiteGroup {
  realDir: string;
  primary: SkillSite;
  sites: SkillSite[];
}

/** Groups every site by real folder, in plan order; the primary is the real folder itself when it is listed. */
export function groupSites(state: ScanState): SiteGroup[] {
  const groups = new Map<string, SkillSite[]>();
  for (const source of state.plan.skillSources) {
    for (const site of state.sites.get(source.location.id)?.sites ?? []) {
      const list = groups.get(site.realDir);
      if (list) list.push(site);
      else groups.set(site.realDir, [site]);
    }
  }
  return [...groups].map(([realDir, sites]) => {
    const primary = sites.find((s) => !s.link) ?? (sites[0] as SkillSite);
    return { realDir, primary, sites: [primary, ...sites.filter((s) => s !== primary)] };
  });
}

/** The lock entry of a copy in one of the installer's agent folders (~/.agents/skills, ~/.claude/skills, …), by folder name. */
function lockFor(lock: SkillLock, group: SiteGroup): SkillLockInfo | undefined {
  if (lock.entries.size === 0) return undefined;
  for (const site of group.sites) {
    const loc = site.source.location;
    if (loc.scope !== "user") continue;
    const inFolder = lock.folders ? lock.folders.has(path.dirname(path.resolve(site.path))) : loc.client === "agents";
    if (!inFolder) continue;
    const entry = lock.entries.get(path.basename(site.path));
    if (entry) return entry;
  }
  return undefined;
}

/** True when two site lists name the same places in the same order (location, path, link). */
function samePlaces(a: SkillSite[], b: SkillSite[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as SkillSite;
    const y = b[i] as SkillSite;
    if (x !== y && (x.source.location.id !== y.source.location.id || x.path !== y.path || x.link !== y.link))
      return false;
  }
  return true;
}

function buildSkill(
  state: ScanState,
  group: SiteGroup,
  built: Map<string, BuiltSkill>,
  changed: Set<string>,
): Skill | null {
  const { primary } = group;
  const read = state.reads.get(readKey(group.realDir, profileFor(primary)));
  if (!read) return null;
  const desktop = primary.source.desktop;
  const cached = state.built?.get(group.realDir);
  if (
    cached &&
    cached.read === read &&
    samePlaces(cached.sites, group.sites) &&
    cached.desktop === desktop &&
    cached.lock === state.lock
  ) {
    built.set(group.realDir, cached);
    return cached.skill;
  }
  const loc = primary.source.location;
  const skill = skillFrom(read, {
    id: skillId(group.realDir),
    dir: primary.path,
    realDir: group.realDir,
    client: loc.client,
    locationId: loc.id,
    links: group.sites.slice(1).map((s) => s.path),
    userOwned: !loc.readOnly,
    pluginVersion: null,
    lock: lockFor(state.lock, group),
  });
  skill.placements = group.sites.map((s) => ({
    locationId: s.source.location.id,
    client: s.source.location.client,
    path: s.path,
    link: s.link,
  }));
  if (desktop) skill.desktop = desktopFactsFor(desktop, path.basename(primary.path));
  built.set(group.realDir, { read, sites: group.sites, desktop, lock: state.lock, skill });
  changed.add(skill.id);
  return skill;
}

function buildPlugin(source: ScanPlan["pluginSources"][number], read: PluginRead): Plugin {
  const report = read.report;
  const version = report?.version ?? source.installVersion;
  const id = pluginId(source.root);
  const loc = source.location;
  const skills = read.skills.map((s) =>
    Object.assign(
      skillFrom(s.read, {
        id: skillId(s.realDir),
        dir: s.dir,
        realDir: s.realDir,
        client: loc.client,
        locationId: loc.id,
        links: [],
        userOwned: !loc.readOnly,
        pluginVersion: version,
      }),
      {
        pluginId: id,
        placements: [{ locationId: loc.id, client: loc.client, path: s.dir, link: s.dir !== s.realDir }],
      },
    ),
  );
  const diagnostics = report ? [...report.diagnostics] : [];
  if (read.error)
    diagnostics.push({
      code: "plugin.unreadable",
      severity: "error",
      message: `The plugin could not be read: ${read.error}`,
      file: source.root,
    });
  return {
    id,
    name: (report?.manifest ? report.name : source.installName) ?? report?.name ?? path.basename(source.root),
    format: report?.format ?? (source.claudeCode ? "claude-code" : "agent-plugins"),
    root: source.root,
    manifest: report?.manifest ?? null,
    version,
    description: report?.description ?? null,
    repository: report?.repository ?? null,
    skills,
    mcpServers: report?.mcpServers ?? [],
    diagnostics,
    valid: (report?.valid ?? false) && skills.every((s) => s.valid),
    loads: report?.loads ?? false,
    client: loc.client,
    locationId: loc.id,
  };
}

function buildPlugins(state: ScanState, built: Map<string, BuiltPlugin>, changed: Set<string>): Plugin[] {
  const plugins: Plugin[] = [];
  for (const source of state.plan.pluginSources) {
    const read = state.plugins.get(source.root);
    if (!read) continue;
    const cached = state.builtPlugins?.get(source.root);
    const entry =
      cached && cached.read === read && cached.location === source.location
        ? cached
        : { read, location: source.location, plugin: buildPlugin(source, read) };
    if (entry !== cached) changed.add(entry.plugin.id);
    built.set(source.root, entry);
    plugins.push(entry.plugin);
  }
  return plugins;
}

/** Sets each skill's drift (same name, other content); returns the drift diagnostics and adds skills whose drift changed. */
function markDrift(skills: Skill[], changed: Set<string>): Diagnostic[] {
  const byName = new Map<string, Skill[]>();
  for (const s of skills) {
    if (!s.name) continue;
    const list = byName.get(s.name);
    if (list) list.push(s);
    else byName.set(s.name, [s]);
  }
  const out: Diagnostic[] = [];
  for (const [name, list] of byName) {
    const drifted = list.length > 1 && list.some((s) => s.contentHash !== (list[0] as Skill).contentHash);
    if (!drifted && list.every((s) => !s.drift)) continue;
    for (const s of list) {
      const drift = drifted ? list.filter((o) => o.contentHash !== s.contentHash).map((o) => o.dir) : undefined;
      if ((s.drift ?? []).join("\n") !== (drift ?? []).join("\n")) changed.add(s.id);
      if (drift) s.drift = drift;
      else delete s.drift;
    }
    if (drifted)
      out.push(
        discoveryDiagnostic(
          "scan.drift",
          "warning",
          (list[0] as Skill).dir,
          `The skill "${name}" is installed in ${list.length} places with different content: ${list.map((s) => s.dir).join(", ")}.`,
          "Update the older copies, or remove the ones you no longer use.",
        ),
      );
  }
  return out;
}

/** A result and which skill and plugin ids were rebuilt (or changed drift) since the last assembly of this state. */
export interface Assembly {
  result: ScanResult;
  changedSkills: Set<string>;
  changedPlugins: Set<string>;
}

/** Assembles the result from the state (reads nothing from disk), reusing skills whose inputs did not change. */
export function assembleChanges(state: ScanState, groups: SiteGroup[] = groupSites(state)): Assembly {
  const changedSkills = new Set<string>();
  const built = new Map<string, BuiltSkill>();
  const skills: Skill[] = [];
  for (const group of groups) {
    const skill = buildSkill(state, group, built, changedSkills);
    if (skill) skills.push(skill);
  }
  return finishAssembly(state, skills, built, changedSkills);
}

/** Builds this many skills between two turns of the event loop in assembleChangesInTurns. */
const SKILLS_PER_TURN = 500;

/**
 * assembleChanges for a thread that answers requests: the same result, with the skills built a slice at a time and
 * the event loop given a turn between slices (10,000 skills are otherwise one long synchronous stretch).
 */
export async function assembleChangesInTurns(
  state: ScanState,
  groups: SiteGroup[] = groupSites(state),
): Promise<Assembly> {
  const changedSkills = new Set<string>();
  const built = new Map<string, BuiltSkill>();
  const skills: Skill[] = [];
  for (let start = 0; start < groups.length; start += SKILLS_PER_TURN) {
    if (start > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    for (const group of groups.slice(start, start + SKILLS_PER_TURN)) {
      const skill = buildSkill(state, group, built, changedSkills);
      if (skill) skills.push(skill);
    }
  }
  return finishAssembly(state, skills, built, changedSkills);
}

function finishAssembly(
  state: ScanState,
  skills: Skill[],
  built: Map<string, BuiltSkill>,
  changedSkills: Set<string>,
): Assembly {
  const changedPlugins = new Set<string>();
  const builtPlugins = new Map<string, BuiltPlugin>();
  const plugins = buildPlugins(state, builtPlugins, changedPlugins);
  for (const p of plugins) {
    if (changedPlugins.has(p.id)) for (const s of p.skills) changedSkills.add(s.id);
    skills.push(...p.skills);
  }
  const diagnostics: Diagnostic[] = [...state.plan.diagnostics, ...state.lock.diagnostics];
  for (const source of state.plan.skillSources) {
    const found = state.sites.get(source.location.id);
    diagnostics.push(...(found?.diagnostics ?? []));
    if (source.desktop)
      diagnostics.push(
        ...joinDesktopManifest(
          source.desktop,
          (found?.sites ?? []).map((s: SkillSite) => path.basename(s.path)),
        ),
      );
  }
  diagnostics.push(...markDrift(skills, changedSkills));
  for (const p of plugins) if (p.skills.some((s) => changedSkills.has(s.id))) changedPlugins.add(p.id);
  state.built = built;
  state.builtPlugins = builtPlugins;
  return { result: { locations: state.plan.locations, skills, plugins, diagnostics }, changedSkills, changedPlugins };
}

/** Assembles the result of a scan from its state (pure with respect to the disk). */
export function assemble(state: ScanState): ScanResult {
  return assembleChanges(state).result;
}
