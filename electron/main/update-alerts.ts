// What the poller's results mean for the user outside the window: how many updates are pending (badge, tray)
// and which ones have never been announced (a native notification at most once per skill version).
import type { UpdateInfo } from "../../shared/model";
import { isPendingUpdate } from "../../shared/update-ignores";

/** Identifies one skill version: the unit a notification is sent for, at most once. */
function updateKey(update: Pick<UpdateInfo, "name" | "latest">): string {
  return `${update.name}@${update.latest ?? ""}`;
}

/** The updates that can be installed now: outdated copies with a known newer version, one per skill version. */
function pendingUpdates(updates: readonly UpdateInfo[]): UpdateInfo[] {
  const byKey = new Map<string, UpdateInfo>();
  for (const update of updates) {
    if (!isPendingUpdate(update) || !update.latest) continue;
    const key = updateKey(update);
    if (!byKey.has(key)) byKey.set(key, update);
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The number shown on the dock/taskbar badge: skill versions waiting to be installed. */
export function pendingUpdateCount(updates: readonly UpdateInfo[]): number {
  return pendingUpdates(updates).length;
}

/** The pending updates not yet announced, and the announced set including them. */
export function selectUnannounced(
  updates: readonly UpdateInfo[],
  announced: ReadonlySet<string>,
): { fresh: UpdateInfo[]; announced: Set<string> } {
  const fresh = pendingUpdates(updates).filter((update) => !announced.has(updateKey(update)));
  const next = new Set(announced);
  for (const update of fresh) next.add(updateKey(update));
  return { fresh, announced: next };
}

/** Title and body of the one notification announcing fresh updates; null when there is nothing new. */
export function notificationContent(fresh: readonly UpdateInfo[]): { title: string; body: string } | null {
  const [first] = fresh;
  if (!first) return null;
  if (fresh.length === 1) {
    const from = first.installed ? ` (you have ${first.installed})` : "";
    return {
      title: `Update available: ${first.name}`,
      body: `Version ${first.latest} of ${first.name} is out${from}. Open Skillshelf to update it.`,
    };
  }
  const names = fresh.slice(0, 3).map((update) => `${update.name} ${update.latest}`);
  const more = fresh.length > 3 ? ` and ${fresh.length - 3} more` : "";
  return {
    title: `${fresh.length} skill updates available`,
    body: `New versions: ${names.join(", ")}${more}. Open Skillshelf to update them.`,
  };
}

/** How many announced keys are kept on disk; the oldest are forgotten first. */
const announcedLimit = 2000;

/** Reads the persisted announced set from untrusted JSON (a list of keys); empty when unreadable. */
export function parseAnnounced(value: unknown): Set<string> {
  if (typeof value !== "object" || value === null) return new Set();
  const keys = (value as { announced?: unknown }).announced;
  if (!Array.isArray(keys)) return new Set();
  return new Set(
    keys.filter((key): key is string => typeof key === "string" && key.length <= 1024).slice(-announcedLimit),
  );
}

/** The JSON written for an announced set, keeping only the newest keys. */
export function serializeAnnounced(announced: ReadonlySet<string>): { announced: string[] } {
  return { announced: [...announced].slice(-announcedLimit) };
}
