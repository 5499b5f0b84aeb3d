// `add`: a skill from a source into the folders clients read, the `skills` installer's way (one copy in the agents
// folder, links from the clients that read elsewhere, or copies with `copy`), its lock entry edited in, Claude
// Desktop given a hand-off; every candidate validated first, every conflict a question answered by `replace`.
import path from "node:path";
import { capabilityReviewOf, type CapabilityReview } from "../../../shared/capabilities";
import type { Diagnostic, TaskProgress } from "../../../shared/model";
import { readCapabilities } from "../capabilities/read";
import { prepareDesktopHandoff, type DesktopHandoff } from "../desktop-handoff/desktop-handoff";
import { EngineError } from "../errors";
import { readJsonFileWithinLimits } from "../fs/json-limits";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { MAX_LOCK_BYTES } from "../skill-lock/lock-edit";
import { gitTreeOf } from "../updates/git-tree";
import { canonicalDir, checkClientFolder, clientPlace, lockFileOf, type ClientId, type Scope } from "./clients";
import { placeJournaled, type AddStep } from "./journaled-place";
import { lockedOrigin, newestChange } from "./compare-copies";
import { decide, inspectPlace, keepAsIs, type AppliedPlacement, type Placement, type PlannedPlacement } from "./place";
import { recordOrigin } from "../mcp-skills/origins";
import { lockSourceOf, parseAddSource, type AddSource } from "./source";
import { stageSource, type Candidate } from "./stage-source";

/** Options of addSkill. Exported for tests: they build options for addSkill. */
export interface AddOptions extends Scope {
  cwd: string;
  dataDir: string;
  clients: ClientId[];
  /** Skill names to add from a source holding several; `all` adds every one. */
  skills?: string[];
  all?: boolean;
  copy?: boolean;
  force?: boolean;
  replace?: boolean;
  /** The user approved the `allowed-tools` grants of skills from an MCP server (refused without it, as the spec asks). */
  allowTools?: boolean;
  /** Clients whose place keeps what is there (a conflict answered "keep mine"); the other places are still done. */
  keep?: ClientId[];
  dryRun?: boolean;
  apiBase?: string;
  token?: string;
  signal?: AbortSignal;
  /** Progress of the download and stages, as `kind: "add"` with this task id. */
  onProgress?: (p: TaskProgress) => void;
  taskId?: string;
  platform?: NodeJS.Platform;
  /** Test hook: awaited after each journaled step (the crash test kills the process there). */
  onStep?: (step: AddStep) => void | Promise<void>;
}

/** One skill's plan and, after applying, what was done. */
export interface AddedSkill {
  name: string;
  version: string | null;
  /** The installer's folder hash of the copy being added (a conflict shows it beside the other copy's). */
  hash: string | null;
  /** The newest change to a file of the copy being added (ISO time), or null. */
  modified: string | null;
  skillPath: string;
  diagnostics: Diagnostic[];
  /**
   * What the skill can do (scripts, hooks, tools, servers, hosts, hidden text) that is new: measured against the copy
   * `replace` replaces (its `comparedWith`), else all of it is new to this machine.
   */
  capabilities: CapabilityReview;
  forced: boolean;
  places: Array<PlannedPlacement & { client: ClientId[]; applied?: AppliedPlacement }>;
  lock: { file: string; written: boolean } | { file: null; why: string };
  /** For a skill from an MCP server or a site: whether its origin was recorded in the data folder for updates. */
  origin?: { recorded: true } | { recorded: false; why: string };
  handoff?: DesktopHandoff;
}

/** What add found and did (nothing written when dryRun or when a conflict is unanswered). */
export interface AddResult {
  source: string;
  candidates: Array<Pick<Candidate, "name" | "skillPath" | "version" | "description"> & { valid: boolean }>;
  skills: AddedSkill[];
  applied: boolean;
}

/** A skill name that is a safe folder name (the installer's names; no separators, no dots alone). */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** True when `want` is the folder's path in the source, or an MCP skill's SKILL.md URI ending in that path. */
function namesFolder(want: string, folder: string): boolean {
  if (folder === ".") return false;
  const uri = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(.+)$/.exec(want);
  return want === folder || uri?.[1] === `${folder}/SKILL.md`;
}

function choose(candidates: Candidate[], options: AddOptions, shown: string): Candidate[] {
  if (options.all) return candidates;
  if (options.skills?.length) {
    const picked = options.skills.map((want) => {
      const found =
        candidates.find((c) => c.name === want || path.basename(path.dirname(c.skillPath)) === want) ??
        candidates.find((c) => namesFolder(want, path.posix.dirname(c.skillPath)));
      if (!found)
        throw new EngineError(
          "install.skill.not-found",
          `${shown} holds no skill named "${want.slice(0, 100)}"; it holds ${candidates.map((c) => c.name).join(", ")}.`,
        );
      return found;
    });
    return [...new Set(picked)];
  }
  if (candidates.length === 1) return candidates;
  throw new EngineError(
    "manage.skill.choose",
    `${shown} holds ${candidates.length} skills (${candidates.map((c) => c.name).join(", ")}); choose with --skill NAME or add all with --all.`,
  );
}

/** Refuses a chosen skill whose SKILL.md gives no readable name and whose folder has none of its own. */
function refuseNameless(chosen: Candidate[], shown: string): void {
  const nameless = chosen.find((c) => !c.name);
  if (nameless)
    throw new EngineError(
      "install.skill.invalid",
      `${nameless.skillPath} in ${shown} gives no name Skillshelf can read, and it is in no folder of its own whose name could be used instead; nothing was added.`,
    );
}

const folderOf = (c: Candidate) => {
  const dir = path.posix.dirname(c.skillPath);
  return dir === "." ? "its top folder" : `${dir}/`;
};

/** Refuses two chosen skills that would go into one folder (one name, or names differing only in letter case). */
function refuseSameNames(chosen: Candidate[], shown: string): void {
  const seen = new Map<string, Candidate>();
  for (const c of chosen) {
    const key = c.name.normalize("NFC").toLowerCase();
    const first = seen.get(key);
    if (first)
      throw new EngineError(
        "install.skill.ambiguous",
        `${shown} holds two skills named "${c.name.slice(0, 100)}", in ${folderOf(first)} and ${folderOf(c)}; both would go into one folder, so nothing was added. Add one of them by its folder's path.`,
      );
    seen.set(key, c);
  }
}

/** The placements of one skill: the canonical copy and a link (or copy) per client that reads elsewhere. */
function placementsOf(name: string, options: AddOptions): Array<Placement & { client: ClientId[] }> {
  const canonical = path.join(canonicalDir(options), name);
  const byPath = new Map<string, Placement & { client: ClientId[] }>();
  for (const id of options.clients) {
    const dir = clientPlace(id, options).dir;
    if (dir === null) continue;
    const at = path.join(dir, name);
    const mode = options.copy || at === canonical ? "copy" : "link";
    const existing = byPath.get(at);
    if (existing) existing.client.push(id);
    else byPath.set(at, { path: at, mode, ...(mode === "link" ? { linkTo: canonical } : {}), client: [id] });
  }
  if ([...byPath.values()].some((p) => p.mode === "link") && !byPath.has(canonical))
    byPath.set(canonical, { path: canonical, mode: "copy", client: [] });
  return [...byPath.values()].sort((a, b) => (a.mode === b.mode ? 0 : a.mode === "copy" ? -1 : 1));
}

async function lockEntryFor(
  source: AddSource,
  skill: Candidate,
  canonical: string | null,
  ref: string | null,
  lockFile: string,
) {
  const base = lockSourceOf(source);
  if (!base) return null;
  const hash =
    source.kind === "github"
      ? (await gitTreeOf(skill.dir)).sha
      : ((await installerFolderHashes(canonical ?? skill.dir))?.[0] ?? "");
  const now = new Date().toISOString();
  const lock = (await readJsonFileWithinLimits(lockFile, MAX_LOCK_BYTES)) as {
    skills?: Record<string, { installedAt?: unknown }>;
  } | null;
  const previous = lock?.skills?.[skill.name]?.installedAt;
  return {
    ...base,
    ...(ref ? { ref } : {}),
    skillPath: skill.skillPath,
    skillFolderHash: hash,
    installedAt: typeof previous === "string" ? previous : now,
    updatedAt: now,
  };
}

/** A staged plan: what add would do; apply() carries it out (refusing unanswered conflicts), cleanup() drops staging. */
export interface AddPlan {
  result: AddResult;
  conflicts: string[];
  apply(): Promise<AddResult>;
  cleanup(): Promise<void>;
}

/**
 * Adds the skills SOURCE holds to the chosen clients; throws EngineError for a refusal (nothing written).
 * Exported for tests: front ends add through the lifecycle service (planAdd), tests drive the engine directly.
 */
export async function addSkill(rawSource: string, options: AddOptions): Promise<AddResult> {
  const plan = await planAdd(rawSource, options);
  try {
    return options.dryRun ? plan.result : await plan.apply();
  } finally {
    await plan.cleanup();
  }
}

/** Stages SOURCE, validates and chooses its skills and looks at every place (nothing written); throws EngineError. */
export async function planAdd(rawSource: string, options: AddOptions): Promise<AddPlan> {
  const source = parseAddSource(rawSource, options.cwd);
  const taskId = options.taskId ?? "add";
  const report = (value: number, title: string, detail?: string) =>
    options.onProgress?.({ taskId, kind: "add", value, title, ...(detail ? { detail } : {}) });
  const cancelled = () =>
    new EngineError("install.download.cancelled", "Adding was cancelled; nothing was changed.", "cancelled");
  if (options.signal?.aborted) throw cancelled();
  report(-1, source.kind === "local" ? "Reading the source" : "Downloading the source");
  let staged;
  try {
    staged = await stageSource(source, {
      ...options,
      onProgress: (p) => report(p.value, "Downloading the source", p.detail),
    });
  } catch (error) {
    if (options.signal?.aborted) throw cancelled();
    throw error;
  }
  if (options.signal?.aborted) {
    await staged.cleanup();
    throw cancelled();
  }
  report(1, "Checking the skills it holds");
  try {
    const chosen = choose(staged.candidates, options, staged.shown);
    const invalid = chosen.filter((c) => c.blockers.length > 0);
    if (invalid.length && !options.force)
      throw new EngineError(
        "install.skill.invalid",
        invalid
          .map(
            (c) =>
              `"${c.name}" cannot be read by clients: ${c.blockers
                .slice(0, 3)
                .map((d) => `${d.code}: ${d.message}`)
                .join(" ")}`,
          )
          .join("; ") + " — nothing was added (--force adds it anyway).",
      );
    refuseNameless(chosen, staged.shown);
    refuseSameNames(chosen, staged.shown);
    const unsafe = chosen.find((c) => !SAFE_NAME.test(c.name));
    if (unsafe)
      throw new EngineError(
        "install.skill.invalid",
        `The skill name "${unsafe.name.slice(0, 100)}" cannot be a folder name; nothing was added.`,
      );
    const lockFile = lockFileOf(options);
    for (const place of placementsOf(chosen[0]!.name, options))
      await checkClientFolder(path.dirname(place.path), options);
    if (lockFile) await checkClientFolder(path.dirname(lockFile), options);
    const skills: AddedSkill[] = [];
    for (const candidate of chosen) {
      const places = [];
      for (const place of placementsOf(candidate.name, options)) {
        const occupant = await inspectPlace(place, candidate.dir);
        if (occupant.kind === "other-skill" && place.path === path.join(canonicalDir(options), candidate.name))
          occupant.origin = await lockedOrigin(lockFile, candidate.name);
        const planned = decide(place, occupant, options.replace === true, candidate.name);
        places.push({ ...keepAsIs(planned, place.client, options.keep), client: place.client });
      }
      const keptCopy = places.some((p) => p.kept && p.mode === "copy");
      const next = await readCapabilities(candidate.dir);
      // The first copy --replace replaces is what the person trusted so far: the review shows what the new one adds.
      const replaced = places.find(
        (p) =>
          p.action === "replace" && !p.kept && (p.occupant.kind === "other-skill" || p.occupant.kind === "same-skill"),
      );
      const capabilities = replaced
        ? { ...capabilityReviewOf(await readCapabilities(replaced.path), next), comparedWith: replaced.path }
        : capabilityReviewOf(null, next);
      skills.push({
        name: candidate.name,
        version: candidate.version,
        hash: (await installerFolderHashes(candidate.dir))?.[0] ?? null,
        modified: await newestChange(candidate.dir),
        skillPath: candidate.skillPath,
        diagnostics: candidate.diagnostics,
        capabilities,
        forced: candidate.blockers.length > 0,
        places,
        lock: !places.length
          ? { file: null, why: "no client folder was chosen" }
          : keptCopy
            ? { file: null, why: "the copy already there was kept" }
            : lockFile
              ? lockSourceOf(source)
                ? { file: lockFile, written: false }
                : {
                    file: null,
                    why: candidate.origin
                      ? "the skills installer's lock has no entry for an MCP server or a site; Skillshelf records the source in its data folder"
                      : "the skills installer keeps no lock entry for an archive",
                  }
              : { file: null, why: "a project's skills are not recorded in the global lock" },
      });
    }
    const result: AddResult = {
      source: staged.shown,
      candidates: staged.candidates.map((c) => ({
        name: c.name,
        skillPath: c.skillPath,
        version: c.version,
        description: c.description,
        valid: c.blockers.length === 0,
      })),
      skills,
      applied: false,
    };
    const conflicts = skills.flatMap((s) => s.places.flatMap((p) => (p.action === "conflict" ? [p.question!] : [])));
    const apply = async () => {
      if (conflicts.length)
        throw Object.assign(new EngineError("manage.conflict", `Nothing was added: ${conflicts.join(" ")}`), {
          result,
        });
      for (const [i, skill] of skills.entries()) await applyOne(skill, chosen[i]!, source, staged.ref, options);
      result.applied = true;
      return result;
    };
    return { result, conflicts, apply, cleanup: staged.cleanup };
  } catch (error) {
    await staged.cleanup();
    throw error;
  }
}

async function applyOne(
  skill: AddedSkill,
  candidate: Candidate,
  source: AddSource,
  ref: string | null,
  options: AddOptions,
) {
  const lockFile = skill.lock.file;
  const canonical = skill.places.find((p) => p.mode === "copy")?.path ?? null;
  const done = await placeJournaled({
    name: skill.name,
    places: skill.places,
    skillDir: candidate.dir,
    dataDir: options.dataDir,
    scope: options,
    onStep: options.onStep,
    lock: async () => {
      if (!lockFile || !skill.places.length) return null;
      const entry = await lockEntryFor(source, candidate, canonical, ref, lockFile);
      return entry ? { file: lockFile, entry } : null;
    },
  });
  for (const [i, place] of skill.places.entries()) place.applied = done.applied[i];
  if (candidate.origin && canonical)
    skill.origin = await recordOrigin(options.dataDir, canonical, candidate.origin).then(
      () => ({ recorded: true as const }),
      (error: unknown) => ({ recorded: false as const, why: String((error as Error)?.message ?? error).slice(0, 300) }),
    );
  if (done.lock)
    skill.lock = done.lock.ok
      ? { file: lockFile!, written: true }
      : { file: null, why: `the lock was not edited: ${done.lock.reason}` };
  if (options.clients.includes("claude-desktop"))
    skill.handoff = await prepareDesktopHandoff(candidate.dir, {
      name: skill.name,
      version: skill.version,
      dataDir: options.dataDir,
      home: options.home,
      env: options.env,
      platform: options.platform,
    });
}
