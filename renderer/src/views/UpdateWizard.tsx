// The guided update of one installed copy: 1 what changes, 2 download (a real progress bar, cancel) and the files it
// changes, 3 apply by place (folder swap; Claude Desktop's .skill file and the wait for its arrival), 4 done, with Undo.
import { useEffect, useReducer, useRef, useState } from "react";
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { ArrivalView, UpdateApplyResult, UpdateProblem, UpdateReview } from "../../../shared/update-flow";
import { updateSourceLabel } from "../../../shared/update-text";
import { errorMessage, versionWords } from "../lib/format";
import { useApi } from "./api-context";
import { CopyButton } from "./CopyButton";
import { DownloadProgress, FileChanges, hostProblem, ProblemView } from "./UpdateParts";
import { RecipeRunner } from "./RecipeRunner";
import { ReleaseNotes } from "./ReleaseNotes";
import { INITIAL_WIZARD, retryOf, wizardReducer } from "./update-wizard-state";

const STEP_NAMES = ["What changes", "Download", "Apply", "Done"] as const;

/** The wizard for one pending update; `onClose` returns to the list. */
export function UpdateWizard(props: { info: UpdateInfo; skill: Skill; place: string; onClose: () => void }) {
  const { info, skill, place } = props;
  const { api } = useApi();
  const kind = info.plan?.kind ?? "not-updatable";
  const [state, dispatch] = useReducer(wizardReducer, INITIAL_WIZARD);
  const { step, taskId, progress, review, problem, applied, busy, note } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);
  useEffect(
    () => (taskId ? api.onTaskProgress((p) => dispatch({ type: "progress", progress: p })) : undefined),
    [api, taskId],
  );
  /** Leaving the wizard ends its task: a download stops, a wait for Claude Desktop ends, staged files go. */
  useEffect(() => (taskId ? () => void api.cancelUpdate(taskId).catch(() => undefined) : undefined), [api, taskId]);

  const download = async () => {
    dispatch({ type: "download" });
    try {
      const { taskId: id } = await api.startUpdate(info.skillId);
      dispatch({ type: "started", taskId: id });
      const result = await api.reviewUpdate(id);
      if (result.ok) dispatch({ type: "reviewed", review: result.review });
      else if (result.problem.cause === "cancelled") dispatch({ type: "download-cancelled" });
      else dispatch({ type: "failed", problem: result.problem });
    } catch (e) {
      dispatch({ type: "failed", problem: hostProblem(e) });
    }
  };
  const cancel = async () => {
    if (taskId) await api.cancelUpdate(taskId).catch(() => undefined);
  };
  const apply = async () => {
    if (!taskId) return;
    dispatch({ type: "apply" });
    try {
      const result = await (state.overwriteLocal
        ? api.applyUpdate(taskId, { overwriteLocal: true })
        : api.applyUpdate(taskId));
      dispatch({ type: "applied", result });
    } catch (e) {
      dispatch({ type: "failed", problem: hostProblem(e) });
    }
  };
  const retry = retryOf(state);
  const retryButton = retry ? (
    <button type="button" className="button primary" onClick={() => void (retry === "apply" ? apply() : download())}>
      Retry
    </button>
  ) : null;

  return (
    <section className="wizard card" aria-labelledby="wizard-title">
      <div className="wizard-head">
        <h2 id="wizard-title" ref={heading} tabIndex={-1}>
          Update {skill.name}
        </h2>
        <button type="button" className="button" onClick={() => void cancel().then(props.onClose)}>
          {step === 4 ? "Back to updates" : "Close"}
        </button>
      </div>
      <ol className="wizard-steps" aria-label="Steps">
        {STEP_NAMES.map((name, i) => (
          <li
            key={name}
            aria-current={step === i + 1 ? "step" : undefined}
            className={step === i + 1 ? "current" : step > i + 1 ? "done" : undefined}
          >
            {i + 1}. {name}
          </li>
        ))}
      </ol>
      {step === 1 ? (
        <div className="wizard-body" data-step="changes">
          <p>
            <strong>{skill.name}</strong> in {place}:{" "}
            {info.installed || info.latest ? (
              <>
                version {info.installed ?? "unknown"} → <strong>{info.latest ?? "unknown"}</strong>.
              </>
            ) : (
              <>its folder changed on GitHub since it was installed (it has no version).</>
            )}
          </p>
          <p className="muted">Found by {updateSourceLabel(info.source)}.</p>
          <ReleaseNotes info={info} />
          <p className="next-step">
            <strong>What happens:</strong> {whatHappens(kind, info)}
          </p>
          {note ? <p role="status">{note}</p> : null}
          <div className="wizard-actions">
            {kind === "replace-folder" || kind === "desktop-upload" ? (
              <button type="button" className="button primary" onClick={() => void download()}>
                Download and review
              </button>
            ) : kind === "run-recipe" && info.plan?.recipe ? (
              <RecipeRunner skillId={info.skillId} name={skill.name} recipe={info.plan.recipe} />
            ) : null}
          </div>
        </div>
      ) : null}
      {step === 2 ? (
        <div className="wizard-body" data-step="download">
          {!review && !problem ? (
            <>
              <DownloadProgress progress={progress} />
              <button type="button" className="button" onClick={() => void cancel()}>
                Cancel
              </button>
            </>
          ) : null}
          {problem ? <ProblemView problem={problem} title="The update was not applied" /> : null}
          {problem ? retryButton : null}
          {review ? (
            <ReviewPanel
              review={review}
              overwriteLocal={state.overwriteLocal}
              onConfirmOverwrite={(yes) => dispatch({ type: "confirm-overwrite", yes })}
              onApply={() => void apply()}
            />
          ) : null}
        </div>
      ) : null}
      {step === 3 ? (
        <div className="wizard-body" data-step="apply">
          {busy ? (
            <p role="status">
              {kind === "desktop-upload" ? "Making the .skill file for Claude Desktop…" : "Replacing the folder…"}
            </p>
          ) : null}
          {problem ? <ProblemView problem={problem} title="The update was not applied" /> : null}
          {problem ? retryButton : null}
          {applied?.ok && applied.kind === "desktop-upload" && taskId ? (
            <DesktopHandoffPanel taskId={taskId} applied={applied} onArrived={() => dispatch({ type: "arrived" })} />
          ) : null}
        </div>
      ) : null}
      {step === 4 && applied?.ok ? <DonePanel skillId={info.skillId} applied={applied} /> : null}
    </section>
  );
}

/** The guided update's own plan in words (the list shows the plan's next step for doing it by hand). */
function whatHappens(kind: string, info: UpdateInfo): string {
  const which = info.latest ? `version ${info.latest}` : "the new version";
  if (kind === "replace-folder")
    return `Skillshelf downloads ${which}, checks it and shows every file it changes; nothing is applied before you say so. Then it replaces the folder and keeps the current copy as a backup, so you can undo.`;
  if (kind === "desktop-upload")
    return `Claude Desktop's sync would undo changes made in its folder, so Skillshelf downloads ${which}, checks it and makes a .skill file for you to upload in Claude Desktop; then it watches for the new version to arrive.`;
  return info.plan?.nextStep ?? "";
}

function ReviewPanel(props: {
  review: UpdateReview;
  overwriteLocal: boolean;
  onConfirmOverwrite: (yes: boolean) => void;
  onApply: () => void;
}) {
  const { review } = props;
  const localEdits = review.localEdits;
  const { counts } = review;
  const notes = review.diagnostics.filter((d) => d.severity !== "info");
  return (
    <div className="review">
      <p role="status">
        Downloaded and checked:{" "}
        {review.version ? `version ${review.version}` : "the new version (it does not say which"}
        {review.version ? "" : " version it is)"}. {counts.added} added, {counts.removed} removed, {counts.changed}{" "}
        changed, {counts.unchanged} unchanged
        {counts.kept
          ? `; ${counts.kept === 1 ? "1 file of your own is" : `${counts.kept} files of your own are`} kept`
          : ""}
        .
      </p>
      {review.leftOut?.length ? (
        <p className="muted" data-testid="left-out">
          Left out, as they are never installed (macOS metadata): {review.leftOut.slice(0, 10).join(", ")}
          {review.leftOut.length > 10 ? `, and ${review.leftOut.length - 10} more` : ""}.
        </p>
      ) : null}
      <p className="muted">
        {notes.length === 0
          ? "The new version passed validation."
          : `The new version passed validation with ${notes.length} note${notes.length === 1 ? "" : "s"}:`}
      </p>
      {notes.length ? (
        <ul>
          {notes.map((d, i) => (
            <li key={i}>{d.message}</li>
          ))}
        </ul>
      ) : null}
      <FileChanges files={review.files} />
      {review.diffsTruncated ? (
        <p className="muted">Some text diffs were left out to keep this readable; each such file says so.</p>
      ) : null}
      {review.nothingToDo ? (
        <p role="status">The installed copy already holds exactly these files; there is nothing to apply.</p>
      ) : (
        <div className="wizard-actions">
          {localEdits ? (
            <div className="banner warning local-edits" role="alert">
              <p>
                This copy was changed here since it was installed
                {localEdits.length
                  ? ` (${localEdits.slice(0, 10).join(", ")}${localEdits.length > 10 ? ", …" : ""})`
                  : ""}
                . Updating replaces those changes; the current copy is kept as a backup.
              </p>
              <label>
                <input
                  type="checkbox"
                  checked={props.overwriteLocal}
                  onChange={(e) => props.onConfirmOverwrite(e.target.checked)}
                />{" "}
                Replace my changes
              </label>
            </div>
          ) : null}
          <button
            type="button"
            className="button primary"
            disabled={localEdits !== undefined && !props.overwriteLocal}
            onClick={props.onApply}
          >
            {review.kind === "desktop-upload" ? "Make the file for Claude Desktop" : "Apply the update"}
          </button>
          <span className="muted">
            {review.kind === "desktop-upload"
              ? "Claude Desktop's own folder is not changed."
              : "The current copy is kept as a backup, so you can undo."}
          </span>
        </div>
      )}
    </div>
  );
}

function DesktopHandoffPanel(props: {
  taskId: string;
  applied: Extract<UpdateApplyResult, { kind: "desktop-upload" }>;
  onArrived: () => void;
}) {
  const { api, host } = useApi();
  const { taskId, applied, onArrived } = props;
  const [arrival, setArrival] = useState<ArrivalView | null>(null);
  const [waiting, setWaiting] = useState(true);
  const [message, setMessage] = useState<string | null>(null);
  /** Each "Check again" starts one more wait; the effect runs the wait and ignores it once left. */
  const [attempt, setAttempt] = useState(0);
  const arrived = useRef(onArrived);
  useEffect(() => {
    arrived.current = onArrived;
  });
  useEffect(() => {
    let live = true;
    api
      .waitForArrival(taskId)
      .then((result) => {
        if (!live) return;
        setArrival(result);
        if (result.status === "arrived") arrived.current();
      })
      .catch((e: unknown) => (live ? setMessage(errorMessage(e)) : undefined))
      .finally(() => (live ? setWaiting(false) : undefined));
    return () => {
      live = false;
    };
  }, [api, taskId, attempt]);
  const wait = () => {
    setWaiting(true);
    setArrival(null);
    setAttempt((n) => n + 1);
  };
  const run = (action: Promise<{ ok: boolean; message: string }>) =>
    void action.then((r) => setMessage(r.message)).catch((e: unknown) => setMessage(errorMessage(e)));
  return (
    <div className="handoff">
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
          <a className="button primary" href={`/api/handoff/${taskId}`} download>
            Download the .skill file
          </a>
          <CopyButton text={applied.archive} label="Copy its path" />
        </div>
      )}
      {message ? <p role="status">{message}</p> : null}
      <ol className="handoff-steps">
        {applied.steps.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ol>
      {waiting ? (
        <p role="status" className="waiting">
          Waiting for Claude Desktop…
        </p>
      ) : null}
      {arrival?.status === "timeout" ? (
        <div className="arrival-timeout" role="status">
          <p>Claude Desktop does not show the new version yet. What to try:</p>
          <ul>
            {arrival.advice.map((a, i) => (
              <li key={i}>{a}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {!waiting && arrival?.status !== "arrived" ? (
        <button type="button" className="button" onClick={wait}>
          Check again
        </button>
      ) : null}
    </div>
  );
}

function DonePanel(props: { skillId: string; applied: Extract<UpdateApplyResult, { ok: true }> }) {
  const { api } = useApi();
  const { applied } = props;
  const [undo, setUndo] = useState<{ text: string; problem?: UpdateProblem } | null>(null);
  const [busy, setBusy] = useState(false);
  const doUndo = () => {
    setBusy(true);
    api
      .undoUpdate(props.skillId)
      .then((r) =>
        setUndo(
          r.ok
            ? {
                text: `Undone: ${versionWords(r.version, "the copy you had before")} is back. The copy it replaced is kept, so this can be undone too.`,
              }
            : { text: "", problem: r.problem },
        ),
      )
      .catch((e: unknown) => setUndo({ text: "", problem: hostProblem(e) }))
      .finally(() => setBusy(false));
  };
  return (
    <div className="wizard-body" data-step="done">
      {applied.kind === "replace-folder" ? (
        <>
          {undo?.text ? (
            <p role="status" className="done-message">
              {undo.text}
            </p>
          ) : (
            <p role="status" className="done-message">
              Updated {applied.name} to {versionWords(applied.version, "the new version")} (it was{" "}
              {versionWords(applied.previousVersion, "a copy without a version number")}).
              {applied.kept.length === 1 ? " 1 file of your own was kept." : ""}
              {applied.kept.length > 1 ? ` ${applied.kept.length} files of your own were kept.` : ""}
            </p>
          )}
          <p>{applied.restartNote}</p>
          {undo?.problem ? <ProblemView problem={undo.problem} title="Undo did not work" /> : null}
          {applied.canUndo && !undo?.text ? (
            <button type="button" className="button" disabled={busy} onClick={doUndo}>
              Undo
            </button>
          ) : null}
        </>
      ) : (
        <>
          <p role="status" className="done-message">
            Updated — Claude Desktop now has version {applied.version ?? "the new copy"}.
          </p>
          <p>Start a new chat in Claude Desktop so the new version is used.</p>
        </>
      )}
    </div>
  );
}
