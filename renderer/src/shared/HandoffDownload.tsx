// The web host's download of a built .skill file: a button that fetches it with this tab's session (a plain link
// would carry none) and says what went wrong when it cannot.
import { useState } from "react";
import { downloadHandoff } from "../api/web-api";
import { errorMessage } from "../lib/format";

/** The last part of a path, either separator. */
const fileNameOf = (p: string) => p.split(/[\\/]/).pop() || "skill.skill";

/** A button that downloads the .skill file task `taskId` built at `archive` (its name names the download). */
export function HandoffDownload(props: { taskId: string; archive: string; label: string; primary?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    setError(null);
    downloadHandoff(props.taskId, fileNameOf(props.archive))
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className={props.primary ? "button primary" : "button"} disabled={busy} onClick={download}>
        {props.label}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}
