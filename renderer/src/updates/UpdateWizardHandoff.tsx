// The Desktop hand-off step: the .skill file to upload (opened or shown in the app; a download link and a copyable
// path in the browser), the steps in Claude Desktop, and the wait for the new version, which the user can stop and
// which says plainly when the copy that arrives is not the new version.
import { useEffect, useRef, useState } from "react";
import type { UpdateApplyResult } from "../../../shared/update-flow";
import { errorMessage } from "../lib/format";
import { useApi } from "../app/api-context";
import { ArrivalNotes } from "../shared/ArrivalNotes";
import { useArrivalWait } from "../shared/use-arrival-wait";
import { CopyButton } from "../shared/CopyButton";
import { HandoffDownload } from "../shared/HandoffDownload";
import { useKeyDown } from "./update-wizard-focus";

/** The hand-off of a made .skill file and the wait for Claude Desktop to show it. */
export function DesktopHandoffPanel(props: {
  taskId: string;
  applied: Extract<UpdateApplyResult, { kind: "desktop-upload" }>;
  onArrived: () => void;
}) {
  const { api, host } = useApi();
  const { taskId, applied, onArrived } = props;
  const [message, setMessage] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const checkAgain = useRef<HTMLButtonElement>(null);
  const {
    arrival,
    waiting,
    stopped,
    stop,
    again: wait,
  } = useArrivalWait(taskId, () => api.waitForArrival(taskId), onArrived, setMessage);
  useEffect(() => {
    if (stopped) checkAgain.current?.focus();
  }, [stopped]);
  const panel = useRef<HTMLDivElement>(null);
  /** Escape while waiting stops the wait (not the wizard): the dialog's own Escape never sees it. */
  useKeyDown(panel, (e) => {
    if (e.key !== "Escape" || !waiting) return;
    e.stopPropagation();
    e.preventDefault();
    stop();
  });
  const run = (action: Promise<{ ok: boolean; message: string; detail?: string }>) =>
    void action
      .then((r) => {
        setMessage(r.message);
        setDetail(r.detail ?? null);
      })
      .catch((e: unknown) => setMessage(errorMessage(e)));
  return (
    <div className="handoff" ref={panel}>
      <p>
        Claude Desktop keeps its skills in sync itself, so its folder is not changed. The new version is ready to
        upload:
      </p>
      <p>
        <code className="handoff-file">{applied.archive}</code>
      </p>
      {host === "electron" ? (
        <div className="wizard-actions">
          <button type="button" className="button primary" onClick={() => run(api.openHandoff(taskId))}>
            Open in Claude Desktop
          </button>
          <button type="button" className="button" onClick={() => run(api.revealHandoff(taskId))}>
            Show in folder
          </button>
        </div>
      ) : (
        <div className="wizard-actions">
          {/* The browser cannot open files with Claude Desktop: it downloads the file, or the path is copied. */}
          <HandoffDownload taskId={taskId} archive={applied.archive} label="Download the .skill file" primary />
          <CopyButton text={applied.archive} label="Copy its path" />
        </div>
      )}
      {message ? <p role="status">{message}</p> : null}
      {detail ? (
        <details className="handoff-detail">
          <summary>Details</summary>
          <pre>{detail}</pre>
        </details>
      ) : null}
      <ol className="handoff-steps">
        {applied.steps.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ol>
      {waiting ? (
        <div className="wizard-actions">
          <p role="status" className="waiting">
            Waiting for Claude Desktop to show {applied.version ? `version ${applied.version}` : "the new copy"}…
          </p>
          <button type="button" className="button" onClick={stop}>
            Stop waiting
          </button>
        </div>
      ) : null}
      <ArrivalNotes stopped={stopped} arrival={arrival} notYet="Claude Desktop does not show the new version yet." />
      {!waiting && arrival?.status !== "arrived" ? (
        <button type="button" className="button" ref={checkAgain} onClick={wait}>
          Check again
        </button>
      ) : null}
    </div>
  );
}
