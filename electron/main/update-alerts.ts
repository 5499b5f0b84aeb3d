// What the poller's results mean for the user outside the window: how many updates are pending (badge, tray)
// and which ones have never been announced (a native notification at most once per skill version or plugin release).
import type { UpdateInfo } from "../../shared/model";
import { pendingUpdateRows } from "../../shared/update-rows";

/** One thing announced at most once: a skill version (or new content), or a plugin release. */
export type Announcement = Pick<UpdateInfo, "name" | "installed" | "latest"> & { key: string };

/**
 * The pending updates to announce, from the rows every count uses: a plugin once, a skill once per version (its
 * copies in several places together), a skill without a version once per upstream content.
 */
function announcements(updates: readonly UpdateInfo[]): Announcement[] {
  const rows = pendingUpdateRows(updates);
  const byKey = new Map<string, Announcement>();
  for (const p of rows.plugins) {
    const key = `plugin:${p.plugin.id}@${p.latest ?? ""}`;
    byKey.set(key, { key, name: p.plugin.name, installed: p.installed, latest: p.latest });
  }
  for (const u of rows.pending) {
    const key = `${u.name}@${u.latest ?? u.upstreamHash ?? ""}`;
    if (!byKey.has(key)) byKey.set(key, { key, name: u.name, installed: u.installed, latest: u.latest });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The pending updates not yet announced, and the announced set including them. */
export function selectUnannounced(
  updates: readonly UpdateInfo[],
  announced: ReadonlySet<string>,
): { fresh: Announcement[]; announced: Set<string> } {
  const fresh = announcements(updates).filter((a) => !announced.has(a.key));
  const next = new Set(announced);
  for (const a of fresh) next.add(a.key);
  return { fresh, announced: next };
}

/** Title and body of the one notification announcing fresh updates; null when there is nothing new. */
export function notificationContent(
  fresh: ReadonlyArray<Pick<UpdateInfo, "name" | "installed" | "latest">>,
): { title: string; body: string } | null {
  const [first] = fresh;
  if (!first) return null;
  if (fresh.length === 1) {
    const from = first.installed ? ` (you have ${first.installed})` : "";
    return {
      title: `Update available: ${first.name}`,
      body: first.latest
        ? `Version ${first.latest} of ${first.name} is out${from}. Open Skillshelf to update it.`
        : `A new version of ${first.name} is out. Open Skillshelf to update it.`,
    };
  }
  const names = fresh.slice(0, 3).map((update) => (update.latest ? `${update.name} ${update.latest}` : update.name));
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
