// When a check cannot reach a source (GitHub, a skill-meta server, the network), each copy keeps the last answer it
// had, with its time, and says what failed; only an answer the source gave replaces it.
import type { FailureCause, UpdateInfo } from "../../../shared/model";

/** Causes that say the source could not be asked this time, not what it holds. */
const TRANSIENT = new Set<FailureCause>(["offline", "timeout", "rate-limited", "unknown"]);

/**
 * The results to keep after a check: `next`, except that a copy whose source failed keeps its earlier known answer
 * (same installed version) marked `stale`. `failedServers` names the skill-meta servers that did not answer: a copy
 * a server answered before and that now has no source keeps that answer too.
 */
export function keepKnownAnswers(
  previous: readonly UpdateInfo[],
  next: readonly UpdateInfo[],
  failedServers: readonly string[] = [],
): UpdateInfo[] {
  const before = new Map(previous.map((u) => [u.skillId, u]));
  return next.map((u) => {
    const prev = before.get(u.skillId);
    if (!prev || prev.state === "unknown" || u.state !== "unknown" || prev.installed !== u.installed) return u;
    const cause = u.cause ?? "unknown";
    const serverGone = prev.source === "skill-meta" && failedServers.length > 0 && cause === "no-source";
    if (!TRANSIENT.has(cause) && !serverGone) return u;
    const failedSource = serverGone ? failedServers.join(", ") : u.failedSource;
    const { stale: _old, ...known } = prev;
    return {
      ...known,
      stale: {
        at: u.checkedAt,
        cause: serverGone ? "offline" : cause,
        ...(u.reason && !serverGone ? { reason: u.reason } : {}),
        ...(failedSource ? { failedSource } : {}),
      },
    };
  });
}
