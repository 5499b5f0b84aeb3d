// Tells the user, once per start, what Skillshelf did with an update an earlier run left unfinished (a crash, a power
// cut): finished, undone, or what needs them — above every view until dismissed (a reload keeps it dismissed).
import { useEffect, useState } from "react";
import type { UpdateRecovery } from "../../../shared/update-flow";
import { useApi } from "./api-context";

const LEAD: Record<UpdateRecovery["outcome"], string> = {
  finished: "An update that was interrupted when Skillshelf last stopped was finished",
  undone: "An update that was interrupted when Skillshelf last stopped was undone",
  "needs-attention": "An update that was interrupted when Skillshelf last stopped needs your attention",
};

/** One outcome as a sentence: what happened, to which folder, the detail recovery gave, and what to do. */
function sentence(recovery: UpdateRecovery): string {
  // No folder: recovery itself could not run (the journal folder could not be read), so nothing is known to be interrupted.
  if (recovery.target === null) return `Skillshelf could not check for interrupted updates: ${recovery.detail}.`;
  const advice =
    recovery.outcome === "needs-attention"
      ? " Nothing was changed there; look at the folder (and its kept copies under Updates) before updating it again."
      : "";
  return `${LEAD[recovery.outcome]} (${recovery.target}): ${recovery.detail}.${advice}`;
}

/** Where a dismissal is remembered for this window (a reload shows the same recoveries, already dismissed). */
const DISMISSED_KEY = "skillshelf.recoveries.dismissed";

function dismissedBefore(recoveries: readonly UpdateRecovery[]): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === JSON.stringify(recoveries);
  } catch {
    return false;
  }
}

/** The start-up recovery's outcomes as a banner; nothing when there were none or they were dismissed. */
export function RecoveryNotices() {
  const { api } = useApi();
  const [recoveries, setRecoveries] = useState<UpdateRecovery[]>([]);
  useEffect(() => {
    let live = true;
    api
      .updateRecoveries()
      .then((found) => live && !dismissedBefore(found) && setRecoveries(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  if (recoveries.length === 0) return null;
  const attention = recoveries.some((r) => r.outcome === "needs-attention");
  const dismiss = () => {
    try {
      sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(recoveries));
    } catch {
      // Storage refused (private mode): dismissed for this page only.
    }
    setRecoveries([]);
  };
  return (
    <div className={attention ? "banner warning recovery" : "banner recovery"} role={attention ? "alert" : "status"}>
      <ul>
        {recoveries.map((r, i) => (
          <li key={i}>{sentence(r)}</li>
        ))}
      </ul>
      <button type="button" className="button small" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
