// A copy changed here since it was installed, in the Updates view: the person's changes on demand, "Update anyway"
// (only when there is something to update from; the current copy is kept as a backup) and "Keep mine". No command line.
import { useId, useState } from "react";
import type { UpdateInfo } from "../../../shared/model";
import { LocalChanges } from "./LocalChanges";

/** The row; `onUpdate` opens the guided update, `onKeep` stops offering updates of this skill (undoable). */
export function LocalEditsItem(props: { info: UpdateInfo; place: string; onUpdate: () => void; onKeep: () => void }) {
  const { info } = props;
  const [open, setOpen] = useState(false);
  const id = useId();
  const canUpdate = info.plan?.action === "download";
  return (
    <li className="update-item" data-state="changed-locally" data-plan={info.plan?.kind}>
      <h3>{info.name}</h3>
      <p className="update-place">{props.place}</p>
      <p>
        You changed this copy since it was installed.{" "}
        {canUpdate
          ? "Updating it would replace your changes with the version from its source."
          : "Skillshelf has no newer version to replace it with, so nothing needs doing."}
      </p>
      <div className="updates-actions">
        <button
          type="button"
          className="button"
          aria-expanded={open}
          aria-controls={open ? `${id}-changes` : undefined}
          onClick={() => setOpen(!open)}
        >
          Show my changes
        </button>
        {canUpdate ? (
          <button type="button" className="button" data-opens-update={info.skillId} onClick={props.onUpdate}>
            Update anyway (my version is kept as a backup)
          </button>
        ) : null}
        <button type="button" className="button primary" onClick={props.onKeep}>
          Keep mine
        </button>
      </div>
      {open ? (
        <div id={`${id}-changes`} className="local-changes">
          <LocalChanges info={info} />
          {canUpdate ? (
            <p className="muted">
              Nothing was changed. &quot;Update anyway&quot; shows the same before anything is replaced.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
