// The update state one handler session holds: the last results (read from disk at start, kept after every check),
// recomputed without a network call when an installed version or a content-checked folder changes, each with the
// engine's plan for its place.
import type { CatalogChange, CommandHandlers } from "../../shared/ipc";
import type { ScanResult, Skill, UpdateInfo } from "../../shared/model";
import { allSkills } from "../../shared/scan-result";
import { answerTime, lastSuccessAfter } from "../../shared/update-check-time";
import { markIgnored, NO_IGNORES, type UpdateIgnores } from "../../shared/update-ignores";
import { planUpdate } from "../engine/apply/plan";
import { mapInTurns } from "../engine/fs/bounded";
import { keepKnownAnswers } from "../engine/updates/known-answers";
import { recomputeUpdates, type LastUpdates } from "../engine/updates/last-updates";
import { serverLabel } from "../../shared/update-servers";
import { recomputeContentStates } from "../engine/updates/local-content";
import { createUpdatePoller, type PollerClock } from "../engine/updates/poller";
import type { EventSink, HandlerEngine, UpdateSources } from "./context";

/** What the update concern needs from its session. */
export interface UpdatesStateOptions {
  engine: Pick<HandlerEngine, "checkUpdates" | "lastUpdates" | "updateServers">;
  emit: EventSink;
  /** The catalog as the session knows it now. */
  catalog: () => ScanResult;
  /** The sources the settings (and consents) give now. */
  sources: () => Promise<UpdateSources>;
  /** Hours between checks (absent: the settings decide, through setIntervalHours). */
  intervalHours?: number;
  clock?: PollerClock;
  /** The updates the settings say not to show (marked `ignored`, never dropped). */
  ignores?: () => UpdateIgnores;
}

/** The update commands and what the session tells the concern. */
export interface UpdatesState {
  handlers: Pick<CommandHandlers, "updates:check" | "updates:last" | "updates:servers">;
  /** The ignore lists changed: the page gets the results marked anew (no network). */
  ignoresChanged(): void;
  /** Starts polling (after the first catalog). */
  start(): void;
  /** The catalog was (re)loaded: stored results are matched to the installed versions now on disk. */
  catalogLoaded(): void;
  /** The watcher changed the catalog: recompute the affected copies and push the new state. */
  catalogChanged(change: CatalogChange): void;
  /** The next check starts a new skill-meta session (servers, token or consents changed). */
  sourcesChanged(): void;
  setIntervalHours(hours: number): void;
  /** Stops polling; resolves when the last results are written. */
  stop(): Promise<void>;
}

/** Creates the concern; the stored results are read at once. */
export function createUpdatesState(options: UpdatesStateOptions): UpdatesState {
  const { engine, emit } = options;
  let last: LastUpdates = { updates: [], checkedAt: null, lastSuccessAt: null };
  let stopped = false;
  let newSources = false;
  /** Writes run one after another, so the file ends with the newest results. */
  let writing: Promise<unknown> = Promise.resolve();
  let reading: Promise<void> | null = null;
  /** Long lists are pushed one after another, in turns; while one is pending, every push queues behind it. */
  let pushing: Promise<void> = Promise.resolve();
  let pendingPushes = 0;
  /** The stored results, read once, on first need (creating a session touches nothing). */
  const loaded = (): Promise<void> =>
    (reading ??= Promise.resolve()
      .then(() => engine.lastUpdates?.read() ?? null)
      .then(
        (stored) => {
          if (stored && last.checkedAt === null) last = stored;
        },
        () => undefined,
      ));

  let byId: { catalog: ScanResult; skills: Map<string, Skill> } | null = null;
  /** The catalog's copies by id, made once per catalog (a check plans its answers twice: the push and the reply). */
  function skillsById(): Map<string, Skill> {
    const catalog = options.catalog();
    if (byId?.catalog !== catalog) byId = { catalog, skills: new Map(allSkills(catalog).map((s) => [s.id, s])) };
    return byId.skills;
  }

  /** Each answer marked as the settings ignore it and with the plan for its copy. */
  function planner(): (info: UpdateInfo) => UpdateInfo {
    const skills = skillsById();
    const ignores = options.ignores?.() ?? NO_IGNORES;
    return (marked) => {
      const [info] = markIgnored([marked], ignores) as [UpdateInfo];
      const skill = skills.get(info.skillId);
      return skill ? { ...info, plan: planUpdate(skill, info) } : info;
    };
  }

  function withPlans(updates: UpdateInfo[]): UpdateInfo[] {
    return updates.map(planner());
  }

  /** withPlans a few answers per turn of the event loop: a check's thousands of answers never hold the thread. */
  function withPlansInTurns(updates: UpdateInfo[]): Promise<UpdateInfo[]> {
    if (updates.length < LONG_LIST) return Promise.resolve(withPlans(updates));
    return mapInTurns(updates, PLANS_PER_TURN, planner());
  }

  /** Pushes the kept answers: at once when few, else in turns, in order, skipping answers kept again meanwhile. */
  function push(): void {
    if (stopped) return;
    const updates = last.updates;
    if (updates.length < LONG_LIST && pendingPushes === 0) return void emit("updates:changed", withPlans(updates));
    pendingPushes++;
    pushing = pushing
      .then(async () => {
        if (updates !== last.updates) return;
        const planned = await withPlansInTurns(updates);
        if (!stopped && updates === last.updates) emit("updates:changed", planned);
      })
      .catch(() => undefined)
      .finally(() => void pendingPushes--);
  }

  function keep(next: LastUpdates, pushAfter: boolean): void {
    last = {
      updates: next.updates.some((u) => u.plan || u.ignored) ? next.updates.map(withoutMarks) : next.updates,
      checkedAt: next.checkedAt,
      lastSuccessAt: next.lastSuccessAt === undefined ? (last.lastSuccessAt ?? null) : next.lastSuccessAt,
    };
    const snapshot = last;
    writing = writing.then(() => engine.lastUpdates?.write(snapshot)).catch(() => undefined);
    if (pushAfter) push();
  }

  const poller = createUpdatePoller({
    check: async ({ newSession }) => {
      const force = newSession || newSources;
      newSources = false;
      const catalog = options.catalog();
      const sources = await options.sources();
      const found = await engine.checkUpdates(allSkills(catalog), { force, sources, plugins: catalog.plugins });
      const servers = (await engine.updateServers?.(sources, false).catch(() => [])) ?? [];
      const failed = servers.filter((s) => s.state === "unreachable").map((s) => serverLabel(s.address));
      await loaded();
      const answers = keepKnownAnswers(last.updates, found, failed);
      // A copy that changed on disk while the check ran (an update, a Restore, an edit) is judged by its version now:
      // the check compared the one it began with, and its answer must not undo what the change recomputed.
      const now = options.catalog();
      if (now === catalog) return answers;
      const skills = allSkills(now);
      return recomputeUpdates(answers, skills, goneFrom(skills, answers)).updates;
    },
    intervalHours: options.intervalHours,
    clock: options.clock,
    onUpdates: (updates) => {
      const checkedAt = latestTime(updates);
      keep(
        { updates, checkedAt, lastSuccessAt: lastSuccessAfter(last.lastSuccessAt ?? null, updates, checkedAt) },
        true,
      );
    },
  });

  /** Ids of the answers (the kept ones by default) whose copy is no longer among `skills`. */
  function goneFrom(skills: readonly Skill[], updates: readonly UpdateInfo[] = last.updates): string[] {
    const present = new Set(skills.map((s) => s.id));
    return updates.filter((u) => !present.has(u.skillId)).map((u) => u.skillId);
  }

  function reconcile(changed: readonly Skill[], removed: readonly string[]): void {
    const next = recomputeUpdates(last.updates, changed, removed);
    if (next.changed) keep({ updates: next.updates, checkedAt: last.checkedAt }, true);
  }

  /** Content-checked copies that changed on disk get their state from their folder's hash now, not at the next check. */
  async function reconcileContent(changed: readonly Skill[]): Promise<void> {
    const from = last;
    const recomputed = await recomputeContentStates(from.updates, changed);
    // A check that finished meanwhile knows better: only answers still as they were are replaced.
    const before = new Map(from.updates.map((u) => [u.skillId, u]));
    const fresh = new Map(
      recomputed.filter((u) => last.updates.includes(before.get(u.skillId)!)).map((u) => [u.skillId, u]),
    );
    if (fresh.size === 0 || stopped) return;
    keep({ updates: last.updates.map((u) => fresh.get(u.skillId) ?? u), checkedAt: last.checkedAt }, true);
  }

  /**
   * Copies checked against the MCP server or site they were added from that changed on disk (an update, an Undo, an
   * edit) are asked again, only those: what they are compared with is the origin record the change rewrote.
   */
  async function reconcileOrigins(changed: readonly Skill[]): Promise<void> {
    const from = last;
    const before = new Map(from.updates.filter((u) => fromOrigin(u)).map((u) => [u.skillId, u]));
    const due = changed.filter((s) => before.has(s.id));
    if (due.length === 0 || stopped) return;
    const found = await engine.checkUpdates(due, { force: false, sources: await options.sources(), plugins: [] });
    const fresh = new Map(
      found
        .filter((u) => fromOrigin(u) && u.state !== "unknown" && last.updates.includes(before.get(u.skillId)!))
        .map((u) => [u.skillId, u]),
    );
    if (fresh.size === 0 || stopped) return;
    keep({ updates: last.updates.map((u) => fresh.get(u.skillId) ?? u), checkedAt: last.checkedAt }, true);
  }

  return {
    handlers: {
      "updates:check": async (force) => {
        const running = force || newSources ? null : poller.current();
        if (running) return withPlansInTurns(await running.catch(() => last.updates));
        return withPlansInTurns(
          force || newSources || poller.latest() === null ? await poller.checkNow() : last.updates,
        );
      },
      "updates:servers": async (tryUnasked) =>
        (await engine.updateServers?.(await options.sources(), tryUnasked)) ?? [],
      "updates:last": async () => {
        await loaded();
        return {
          updates: await withPlansInTurns(last.updates),
          checkedAt: last.checkedAt,
          lastSuccessAt: last.lastSuccessAt ?? null,
          checking: poller.current() !== null,
        };
      },
    },
    ignoresChanged: () => {
      if (last.checkedAt !== null) push();
    },
    start: () => {
      if (!stopped) poller.start();
    },
    catalogLoaded: () => {
      void loaded().then(() => {
        const skills = allSkills(options.catalog());
        reconcile(skills, goneFrom(skills));
        // Edits made while the app was closed: each content-checked folder is hashed once against the last check's facts.
        return reconcileContent(skills).catch(() => undefined);
      });
    },
    catalogChanged: (change) => {
      void loaded().then(() => {
        const changed = [...change.skills.updated, ...change.plugins.updated.flatMap((p) => p.skills)];
        reconcile(changed, goneFrom(allSkills(options.catalog())));
        return Promise.all([reconcileContent(changed), reconcileOrigins(changed)]).catch(() => undefined);
      });
    },
    sourcesChanged: () => {
      newSources = true;
    },
    setIntervalHours: (hours) => {
      if (!stopped) poller.setIntervalHours(hours);
    },
    stop: async () => {
      stopped = true;
      poller.stop();
      await writing;
    },
  };
}

/** A list this long is planned and pushed in turns, this many answers per turn of the event loop. */
const LONG_LIST = 1_000;
const PLANS_PER_TURN = 250;

function withoutMarks({ plan: _plan, ignored: _ignored, ...info }: UpdateInfo): UpdateInfo {
  return info;
}

/** Whether an answer came from the MCP server or the site the copy was added from. */
const fromOrigin = (u: UpdateInfo) => u.source === "mcp-skills" || u.source === "site-skills";

/** The time of a check: the newest `checkedAt` among its results (null for an empty catalog's check). */
function latestTime(updates: readonly UpdateInfo[]): string | null {
  let latest: string | null = null;
  for (const u of updates) if (latest === null || answerTime(u) > latest) latest = answerTime(u);
  return latest ?? new Date().toISOString();
}
