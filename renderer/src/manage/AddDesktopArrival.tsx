// After an add to Claude Desktop: the wait for the skill to show in a Desktop account (the update flow's watcher),
// which the user can stop and start again, and which says plainly when the copy that arrives is another version.
import { useState } from "react";
import { useApi } from "../app/api-context";
import { ArrivalNotes } from "../shared/ArrivalNotes";
import { useArrivalWait } from "../shared/use-arrival-wait";

/** The wait for an added skill's .skill upload to arrive in Claude Desktop; the catalog is rescanned on arrival. */
export function AddDesktopArrival(props: { taskId: string; name: string; onArrived: () => void }) {
  const { api } = useApi();
  const { taskId, name, onArrived } = props;
  const [problem, setProblem] = useState<string | null>(null);
  const wait = useArrivalWait(taskId, () => api.waitForAddArrival(taskId), onArrived, setProblem);
  const { arrival, waiting } = wait;
  const stop = () => {
    wait.stop();
    void api.cancelAddSkill(taskId);
  };
  const again = () => {
    setProblem(null);
    wait.again();
  };
  return (
    <div className="add-arrival" data-testid="add-arrival">
      {waiting ? (
        <div className="button-row">
          <p role="status" className="waiting">
            Waiting for Claude Desktop to show &quot;{name}&quot;…
          </p>
          <button type="button" className="button small" onClick={stop}>
            Stop waiting
          </button>
        </div>
      ) : null}
      {arrival?.status === "arrived" ? (
        <p role="status" data-arrival="arrived">
          Added to Claude Desktop (account {arrival.account ?? "unknown"})
          {arrival.version ? `: version ${arrival.version}` : ""}.
        </p>
      ) : null}
      <ArrivalNotes stopped={wait.stopped} arrival={arrival} notYet={`Claude Desktop does not show "${name}" yet.`} />
      {problem ? <p role="alert">{problem}</p> : null}
      {!waiting && arrival?.status !== "arrived" ? (
        <button type="button" className="button small" onClick={again}>
          Check again
        </button>
      ) : null}
    </div>
  );
}
