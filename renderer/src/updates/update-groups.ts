// How the Updates view orders what a check found: the updates to install first, then the copies a new check may
// still answer (offline, rate limit, time-out), then one summary per reason for everything nothing can be done about,
// and the updates the user ignored. Reasons come from `cause` and `state`, never from the English `reason`.
import type { FailureCause, UpdateInfo } from "../../../shared/model";
import { isPendingUpdate } from "../../../shared/update-ignores";
import { pendingUpdateRows, updateRowCount, type PluginUpdate, type UpdateRows } from "../../../shared/update-rows";
import { count } from "../lib/format";

export type { PluginUpdate } from "../../../shared/update-rows";

/** One summary: the copies that share a reason. */
export interface UpdateGroup {
  /** The cause (or "ignored") the copies share. */
  key: FailureCause | "ignored";
  items: UpdateInfo[];
}

/** What the view shows, in order. */
export interface GroupedUpdates extends UpdateRows {
  /** Skills updated one by one (a plugin's skills are in `plugins` instead). */
  pending: UpdateInfo[];
  plugins: PluginUpdate[];
  /** Copies newer than their release, or changed here. */
  ahead: UpdateInfo[];
  /** Copies a new check may answer (each group has a "Check again"). */
  retry: UpdateGroup[];
  /** Copies nothing can be done about now, one group per reason. */
  quiet: UpdateGroup[];
  /** Updates the user chose not to see. */
  ignored: UpdateInfo[];
}

/** Causes a new check may answer. */
const RETRYABLE = new Set<FailureCause>(["offline", "timeout", "rate-limited", "locked"]);
/** The order of the groups (the rest follow, by name). */
const ORDER: FailureCause[] = [
  "offline",
  "rate-limited",
  "timeout",
  "locked",
  "no-source",
  "not-found",
  "not-comparable",
];

/** True when a new check may answer a copy that failed with this cause. */
export function isRetryable(cause: FailureCause): boolean {
  return RETRYABLE.has(cause);
}

/** The view's sections from the results (already sorted by the caller). */
export function groupUpdates(list: readonly UpdateInfo[]): GroupedUpdates {
  const rows = pendingUpdateRows(list);
  const ahead: UpdateInfo[] = [];
  const ignored: UpdateInfo[] = [];
  const byCause = new Map<FailureCause, UpdateInfo[]>();
  for (const u of list) {
    if (isPendingUpdate(u)) continue;
    if (u.ignored) ignored.push(u);
    else if (u.state === "ahead" || u.state === "changed-locally") ahead.push(u);
    else if (u.state === "unknown") {
      const cause = u.cause ?? "unknown";
      byCause.set(cause, [...(byCause.get(cause) ?? []), u]);
    }
  }
  const rank = (c: FailureCause) => (ORDER.includes(c) ? ORDER.indexOf(c) : ORDER.length);
  const groups = [...byCause.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([key, items]) => ({ key, items }));
  return {
    ...rows,
    ahead,
    retry: groups.filter((g) => isRetryable(g.key as FailureCause)),
    quiet: groups.filter((g) => !isRetryable(g.key as FailureCause)),
    ignored,
  };
}

const skills = (n: number) => `${count(n)} skill${n === 1 ? "" : "s"}`;
const have = (n: number) => (n === 1 ? "has" : "have");

/** The summary line of a group, counts exact. */
export function groupTitle(group: UpdateGroup): string {
  const n = group.items.length;
  switch (group.key) {
    case "ignored":
      return `${count(n)} update${n === 1 ? "" : "s"} ignored`;
    case "offline":
      return `Couldn't check ${skills(n)} this time`;
    case "rate-limited":
      return `Couldn't check ${skills(n)} — GitHub's limit of requests was reached`;
    case "timeout":
      return `Couldn't check ${skills(n)} — the source took too long to answer`;
    case "locked":
      return `Couldn't check ${skills(n)} — another update of them is under way`;
    case "no-source":
      return `${skills(n)} ${have(n)} no update source`;
    case "not-found":
      return `${skills(n)} name a source that was not found`;
    case "not-comparable":
      return `${skills(n)} ${have(n)} versions that cannot be compared`;
    default:
      return `Couldn't find out whether ${skills(n)} ${have(n)} updates`;
  }
}

/** What a group means for the user, in a sentence or two ("what this means"). */
export function groupMeaning(key: UpdateGroup["key"]): string {
  switch (key) {
    case "ignored":
      return "You asked not to be told about these updates. Show one again to update it.";
    case "offline":
      return "Their update source could not be reached (the line above says which), and no earlier answer is known. Check again later.";
    case "rate-limited":
      return "GitHub answers a limited number of requests without a token. Add a GitHub token in Settings to raise the limit, or check again later.";
    case "timeout":
      return "The source did not answer in time. Check again later.";
    case "locked":
      return "Check again when the update under way has finished.";
    case "no-source":
      return "Skillshelf finds updates through a skill-meta server, a GitHub release or the lock file of the skills installer. These skills name none of them, so there is nothing to compare them with. Nothing is wrong with them; ask their author where new versions are published.";
    case "not-found":
      return "The repository or release these skills name does not exist (any more), or is private. Nothing can be checked until the skill names a source that exists.";
    case "not-comparable":
      return "The installed version or the latest one is not a version number Skillshelf can compare, so it cannot tell which is newer.";
    default:
      return "Each copy below says why.";
  }
}

/**
 * The headline: how many updates, else whether anything could not be checked (never "none" when offline), and never
 * "none" before the first check (`checked` false): nothing is known yet.
 */
export function updatesHeadline(groups: GroupedUpdates, checked = true): string {
  const n = updateRowCount(groups);
  if (n > 0) return n === 1 ? "1 update available" : `${count(n)} updates available`;
  if (!checked) return "Not checked for updates yet";
  const unchecked = groups.retry.reduce((sum, g) => sum + g.items.length, 0);
  if (unchecked > 0)
    return `No updates found, but ${count(unchecked)} skill${unchecked === 1 ? "" : "s"} could not be checked`;
  return "No updates available";
}
