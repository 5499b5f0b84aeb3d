// "Show my changes": the person's edits, file by file and line by line, against what was installed (read back by the
// host at the tree the lock recorded). When that is not known, against the copy from its source: the same when the
// source has not changed since; otherwise it says plainly that the differences mix the source's changes in (the
// source's version read through a review that applies nothing and is ended at once). Without a source it lists the
// files that changed.
import { useEffect, useState } from "react";
import type { UpdateInfo } from "../../../shared/model";
import type { LocalChangesResult, UpdateFileChange } from "../../../shared/update-flow";
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

/** What the person did to a file, compared with what was installed. */
const MINE: Record<UpdateFileChange["change"], string> = {
  added: "you added",
  removed: "you removed",
  changed: "you changed",
  kept: "yours, kept",
};

type Loaded = { files: UpdateFileChange[] } | { error: string } | null;

/** Whether the source has moved on since the copy was installed (then it no longer shows what was installed). */
function sourceMoved(info: UpdateInfo): boolean {
  return !info.recordedHash || !info.upstreamHash || info.upstreamHash !== info.recordedHash;
}

/** Said plainly when what was installed is not known here: the differences mix the person's edits and the source's. */
function InstalledUnknown(props: { info: UpdateInfo; reason?: string | undefined }) {
  const why = props.info.recordedHash
    ? "Skillshelf does not have the version you installed: its source has changed since."
    : "Skillshelf does not know which version you installed.";
  return (
    <>
      <p className="banner warning" data-testid="installed-unknown">
        {why} So the differences below are between your copy and its source as it is now, and may mix your own changes
        with the source&apos;s.
      </p>
      {props.reason ? (
        <p className="muted" data-testid="installed-unknown-why">
          {escapeControl(props.reason)}
        </p>
      ) : null}
    </>
  );
}

/** The person's changes against what was installed, under the title that says so. */
function SinceInstalled(props: { files: UpdateFileChange[] }) {
  const files = props.files.filter((f) => f.change !== "kept");
  return (
    <section aria-label="Your changes since it was installed">
      <h4>Your changes since it was installed</h4>
      {files.length === 0 ? (
        <p>Your copy holds the same files as when it was installed.</p>
      ) : (
        <ul className="file-changes">
          {files.map((f) => (
            <li key={f.path} data-change={f.change}>
              <span className={`change-mark change-${f.change}`}>{MINE[f.change]}</span>{" "}
              <code>{escapeControl(f.path)}</code>
              {f.note ? <span className="muted"> — {escapeControl(f.note)}</span> : null}
              {f.diff ? <UpdateDiff path={f.path} diff={f.diff} left="As installed" right="Yours now" /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Loads the source's version once and shows the person's changes against it. */
function SourceComparison(props: { info: UpdateInfo; reason?: string | undefined }) {
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
      {same ? null : <InstalledUnknown info={props.info} reason={props.reason} />}
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

/** The person's changes against what was installed when the host can read it back, else the fallback below. */
export function LocalChanges(props: { info: UpdateInfo }) {
  const { api } = useApi();
  const [asked, setAsked] = useState<LocalChangesResult | null>(null);
  const skillId = props.info.skillId;
  useEffect(() => {
    let live = true;
    void (async () => {
      let result: LocalChangesResult;
      try {
        result = await api.localChanges(skillId);
      } catch (e) {
        result = { baseline: "unknown", reason: hostProblem(e).message };
      }
      if (live) setAsked(result);
    })();
    return () => {
      live = false;
    };
  }, [api, skillId]);
  if (asked === null) return <p role="status">Comparing your copy with what was installed…</p>;
  if (asked.baseline === "installed") return <SinceInstalled files={asked.files} />;
  return <InstalledNotKnown info={props.info} reason={asked.reason} />;
}

/** Without what was installed: line by line against the source when it can be read, else the files the check found. */
function InstalledNotKnown(props: { info: UpdateInfo; reason: string }) {
  const { info, reason } = props;
  if (info.plan?.action === "download") return <SourceComparison info={info} reason={reason} />;
  const files = info.changedFiles ?? [];
  if (files.length === 0)
    return <p>The folder differs from what was installed, but Skillshelf does not know which files.</p>;
  if (sourceMoved(info))
    return (
      <>
        <InstalledUnknown info={info} reason={reason} />
        <p>Files that differ from its source now:</p>
        <ChangedFileList files={files} />
      </>
    );
  return (
    <>
      <p>Files you changed, added or removed since it was installed:</p>
      <ChangedFileList files={files} />
    </>
  );
}

/** The changed files' names, escaped. */
function ChangedFileList(props: { files: readonly string[] }) {
  return (
    <ul className="changed-files">
      {props.files.map((f) => (
        <li key={f}>
          <code>{escapeControl(f)}</code>
        </li>
      ))}
    </ul>
  );
}
