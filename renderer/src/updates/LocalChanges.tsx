// "Show my changes": the person's edits, file by file and line by line, against the copy from its source (what was
// installed, when the source has not changed since; otherwise it says plainly that what was installed is not known and
// the differences mix the source's changes in). It reads the source's version through a review that applies nothing
// and is ended at once; without a source it lists the files that changed.
import { useEffect, useState } from "react";
import type { UpdateInfo } from "../../../shared/model";
import type { UpdateFileChange } from "../../../shared/update-flow";
import { escapeControl } from "../../../shared/terminal-text";
import { useApi } from "../app/api-context";
import { UpdateDiff } from "./UpdateDiff";
import { hostProblem } from "./UpdateParts";

/** What the person did to a file, read from the update's direction (the source's file is the update's "new"). */
const YOURS: Record<UpdateFileChange["change"], string> = {
  added: "you removed",
  removed: "you added",
  changed: "you changed",
  kept: "yours, kept",
};

type Loaded = { files: UpdateFileChange[] } | { error: string } | null;

/** Whether the source has moved on since the copy was installed (then it no longer shows what was installed). */
function sourceMoved(info: UpdateInfo): boolean {
  return !info.recordedHash || !info.upstreamHash || info.upstreamHash !== info.recordedHash;
}

/** Said plainly when what was installed is not known here: the differences mix the person's edits and the source's. */
function InstalledUnknown(props: { info: UpdateInfo }) {
  const why = props.info.recordedHash
    ? "Skillshelf does not have the version you installed: its source has changed since."
    : "Skillshelf does not know which version you installed.";
  return (
    <p className="banner warning" data-testid="installed-unknown">
      {why} So the differences below are between your copy and its source as it is now, and may mix your own changes
      with the source&apos;s.
    </p>
  );
}

/** Loads the source's version once and shows the person's changes against it. */
function SourceComparison(props: { info: UpdateInfo }) {
  const { api } = useApi();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const skillId = props.info.skillId;
  useEffect(() => {
    let live = true;
    let task: string | null = null;
    void (async () => {
      let shown: Loaded;
      try {
        const { taskId } = await api.startUpdate(skillId);
        task = taskId;
        const result = await api.reviewUpdate(taskId);
        shown = result.ok
          ? { files: result.review.files.filter((f) => f.change !== "kept") }
          : { error: `${result.problem.message} ${result.problem.advice}` };
      } catch (e) {
        shown = { error: hostProblem(e).message };
      }
      // The review is ended before it is shown, so "Update anyway" right after starts a task of its own.
      if (task) await api.cancelUpdate(task).catch(() => undefined);
      if (live) setLoaded(shown);
    })();
    return () => {
      live = false;
    };
  }, [api, skillId]);
  const same = !sourceMoved(props.info);
  const left = same ? "As installed" : "From its source now";
  if (loaded === null)
    return <p role="status">Comparing your copy with {same ? "what was installed" : "its source"}…</p>;
  if ("error" in loaded) return <p role="alert">Your changes could not be compared: {loaded.error}</p>;
  if (loaded.files.length === 0) return <p>Your copy holds the same files as its source.</p>;
  return (
    <>
      {same ? null : <InstalledUnknown info={props.info} />}
      <ul className="file-changes">
        {loaded.files.map((f) => (
          <li key={f.path} data-change={f.change}>
            <span className={`change-mark change-${f.change}`}>{YOURS[f.change]}</span>{" "}
            <code>{escapeControl(f.path)}</code>
            {f.note ? <span className="muted"> — {f.note}</span> : null}
            {f.diff ? <UpdateDiff path={f.path} diff={f.diff} left={left} right="Yours now" swap /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The person's changes: line by line when the source can be read, else the files the check found changed. */
export function LocalChanges(props: { info: UpdateInfo }) {
  const { info } = props;
  if (info.plan?.action === "download") return <SourceComparison info={info} />;
  const files = info.changedFiles ?? [];
  if (files.length === 0)
    return <p>The folder differs from what was installed, but Skillshelf does not know which files.</p>;
  if (sourceMoved(info))
    return (
      <>
        <InstalledUnknown info={info} />
        <p>Files that differ from its source now:</p>
        <ul className="changed-files">
          {files.map((f) => (
            <li key={f}>
              <code>{escapeControl(f)}</code>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <>
      <p>Files you changed, added or removed since it was installed:</p>
      <ul className="changed-files">
        {files.map((f) => (
          <li key={f}>
            <code>{escapeControl(f)}</code>
          </li>
        ))}
      </ul>
    </>
  );
}
