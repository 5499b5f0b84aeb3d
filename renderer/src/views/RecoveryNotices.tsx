// Tells the user, once per start, what Skillshelf did with an update an earlier run left unfinished (a crash, a power
// cut): finished, undone, or what needs them — above every view until dismissed.
import { useEffect, useState } from "react";
import type { UpdateRecovery } from "../../../shared/update-flow";
import { useApi } from "./api-context";

const LEAD: Record<UpdateRecovery["outcome"], string> = {
  finished: "An update that was interrupted when Skillshelf last stopped was finished",
  undone: "An update that was interrupted when Skillshelf last stopped was undone",
  "needs-attention": "An update that was interrupted when Skillshelf last stopped needs your attention",
};

/** One outcome as a sentence: what happened, to which folder, and the detail recovery gave. */
function sentence(recovery: UpdateRecovery): string {
  return `${LEAD[recovery.outcome]}${recovery.target ? ` (${recovery.target})` : ""}: ${recovery.detail}.`;
}

/** The start-up recovery's outcomes as a banner; nothing when there were none. */
export function RecoveryNotices() {
  const { api } = useApi();
  const [recoveries, setRecoveries] = useState<UpdateRecovery[]>([]);
  useEffect(() => {
    let live = true;
    api
      .updateRecoveries()
      .then((found) => live && setRecoveries(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);
  if (recoveries.length === 0) return null;
  const attention = recoveries.some((r) => r.outcome === "needs-attention");
  return (
    <div className={attention ? "banner warning recovery" : "banner recovery"} role={attention ? "alert" : "status"}>
      <ul>
        {recoveries.map((r, i) => (
          <li key={i}>{sentence(r)}</li>
        ))}
      </ul>
      {attention ? (
        <p>
          Nothing was changed there; look at the folder (and its kept copies under Updates) before updating it again.
        </p>
      ) : null}
      <button type="button" className="button small" onClick={() => setRecoveries([])}>
        Dismiss
      </button>
    </div>
  );
}
