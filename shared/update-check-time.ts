// Whether a check reached the network, and so when the last successful check ran: an offline check must not look
// like "all up to date, checked just now". One rule for the handlers (which keep the time) and the page.
import type { UpdateInfo } from "./model";

/** True unless some copy could not be checked because the network (or its source) could not be reached. */
export function checkReachedNetwork(updates: readonly Pick<UpdateInfo, "cause" | "stale">[]): boolean {
  return !updates.some((u) => u.cause === "offline" || u.stale?.cause === "offline");
}

/** When the check behind this answer ran: a kept answer's later failed check, else the answer's own time. */
export function answerTime(update: Pick<UpdateInfo, "checkedAt" | "stale">): string {
  return update.stale?.at ?? update.checkedAt;
}

/** The last successful check's time after a check at `checkedAt` found `updates` (an offline one keeps `previous`). */
export function lastSuccessAfter(
  previous: string | null,
  updates: readonly Pick<UpdateInfo, "cause" | "stale">[],
  checkedAt: string | null,
): string | null {
  return checkReachedNetwork(updates) ? checkedAt : previous;
}
