// The first step of Add: where the skill comes from (typed, pasted, picked, or uploaded in a browser), and the
// progress of a download with its Cancel.
import type { TaskProgress } from "../../../shared/model";
import { ADD_ARCHIVE_EXTENSIONS } from "../../../shared/manage";

/** Step 1: the source field, the pickers (desktop) or the upload (browser), and "Show what it adds". */
export function AddSource(props: {
  host: "electron" | "web";
  source: string;
  onSource: (source: string) => void;
  uploaded: { name: string } | null;
  busy: boolean;
  canLook: boolean;
  onLook: () => void;
  onPick: (kind: "folder" | "archive") => void;
  onUpload: (file: File | undefined) => void;
}) {
  const { host, source, uploaded, busy } = props;
  return (
    <section className="add-step" aria-labelledby="add-source-title">
      <h3 id="add-source-title">1. Where it comes from</h3>
      <label className="field">
        <span>From (owner/repo, an address, a folder or archive path — or drop one here)</span>
        <input type="text" value={source} onChange={(e) => props.onSource(e.target.value)} spellCheck={false} />
      </label>
      <div className="button-row">
        {host === "web" ? (
          <label className="button small file-button">
            <input
              type="file"
              className="visually-hidden"
              accept={ADD_ARCHIVE_EXTENSIONS.join(",")}
              onChange={(e) => {
                props.onUpload(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            Or upload an archive (.zip, .skill, .tar.gz)…
          </label>
        ) : (
          <>
            <button type="button" className="button small" disabled={busy} onClick={() => props.onPick("folder")}>
              Choose folder…
            </button>
            <button type="button" className="button small" disabled={busy} onClick={() => props.onPick("archive")}>
              Choose archive…
            </button>
          </>
        )}
        <button type="button" className="button small primary" disabled={busy || !props.canLook} onClick={props.onLook}>
          Show what it adds
        </button>
      </div>
      {uploaded ? <p className="muted">Uploaded {uploaded.name}</p> : null}
    </section>
  );
}

/** A running add's progress bar and step, with Cancel. */
export function AddProgress(props: { progress: TaskProgress | null; onCancel: () => void }) {
  const p = props.progress;
  const known = p !== null && p.value >= 0;
  return (
    <div className="download-progress" data-testid="add-progress">
      <progress aria-label="Add progress" max={1} value={known ? p.value : undefined} />
      <p className="muted">
        {p ? p.title : "Starting…"}
        {known && p.value < 1 ? `: ${Math.round(p.value * 100)}%` : ""}
        {p?.detail ? ` — ${p.detail}` : ""}
      </p>
      <button type="button" className="button small" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
