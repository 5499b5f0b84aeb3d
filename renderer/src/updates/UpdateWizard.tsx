// The guided update of one installed copy, as a dialog: 1 what changes, 2 download (a real progress bar, cancel) and
// the files it changes, 3 apply by place (folder swap; Claude Desktop's .skill file and the wait for its arrival),
// 4 done, with Undo. Focus moves into it and stays in it; Escape cancels the running step, or closes it.
import { useEffect, useReducer, useRef } from "react";
import type { Skill, UpdateInfo } from "../../../shared/model";
import { updateSourceLabel } from "../../../shared/update-text";
import { useApi } from "../app/api-context";
import { DownloadProgress, guidedNextStep, hostProblem, ProblemView, versionChange } from "./UpdateParts";
import { RecipeRunner } from "./RecipeRunner";
import { ReleaseNotes } from "../shared/lazy-detail";
import { INITIAL_WIZARD, retryOf, runningStep, wizardReducer } from "./update-wizard-state";
import { trapTab, useKeyDown } from "./update-wizard-focus";
import { DonePanel } from "./UpdateWizardDone";
import { DesktopHandoffPanel } from "./UpdateWizardHandoff";
import { ReviewPanel } from "./UpdateWizardReview";

const STEP_NAMES = ["What changes", "Download", "Apply", "Done"] as const;

/** The wizard for one pending update; `onClose` returns to the list. */
export function UpdateWizard(props: { info: UpdateInfo; skill: Skill; place: string; onClose: () => void }) {
  const { info, skill, place } = props;
  const { api } = useApi();
  const kind = info.plan?.kind ?? "not-updatable";
  const [state, dispatch] = useReducer(wizardReducer, INITIAL_WIZARD);
  const { step, taskId, progress, review, problem, applied, busy, note } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLElement>(null);
  /** Each new phase (a step, its review, its problem) starts at the heading: the button pressed may be gone. */
  const phase = `${step}:${review ? 1 : 0}:${problem ? 1 : 0}`;
  useEffect(() => heading.current?.focus(), [phase]);
  useEffect(
    () => (taskId ? api.onTaskProgress((p) => dispatch({ type: "progress", progress: p })) : undefined),
    [api, taskId],
  );
  /** Leaving the wizard ends its task: a download stops, a wait for Claude Desktop ends, staged files go. */
  useEffect(() => (taskId ? () => void api.cancelUpdate(taskId).catch(() => undefined) : undefined), [api, taskId]);

  /** A cancel asked for before the task had an id (Escape or Close right after the click) is sent once it has one. */
  const cancelOnStart = useRef(false);
  const download = async () => {
    dispatch({ type: "download" });
    cancelOnStart.current = false;
    try {
      const { taskId: id } = await api.startUpdate(info.skillId);
      dispatch({ type: "started", taskId: id });
      if (cancelOnStart.current) void api.cancelUpdate(id).catch(() => undefined);
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
    else cancelOnStart.current = true;
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
  const close = () => void cancel().then(props.onClose);
  /** Escape cancels the running download (nothing changes), else closes; a running apply is never interrupted. */
  useKeyDown(dialog, (e) => {
    if (e.key === "Escape") {
      e.preventDefault();
      const running = runningStep(state);
      if (running === "download") void cancel();
      else if (running === null) close();
    } else if (dialog.current) trapTab(e, dialog.current);
  });
  const retry = retryOf(state);
  const retryButton = retry ? (
    <button type="button" className="button primary" onClick={() => void (retry === "apply" ? apply() : download())}>
      Retry
    </button>
  ) : null;

  return (
    <section className="wizard card" role="dialog" aria-modal="true" aria-labelledby="wizard-title" ref={dialog}>
      <div className="wizard-head">
        <h2 id="wizard-title" ref={heading} tabIndex={-1}>
          Update {skill.name}
        </h2>
        <button type="button" className="button" onClick={close}>
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
            {info.state === "changed-locally" ? (
              <>you changed this copy since it was installed; the update replaces your changes.</>
            ) : info.installed || info.latest ? (
              <>{versionChange(info.installed, info.latest)}.</>
            ) : (
              <>its folder changed on GitHub since it was installed (it has no version).</>
            )}
          </p>
          <p className="muted">Found by {updateSourceLabel(info.source)}.</p>
          <ReleaseNotes info={info} open />
          <p className="next-step">
            <strong>What happens:</strong> {guidedNextStep(info)}
          </p>
          {note ? <p role="status">{note}</p> : null}
          <div className="wizard-actions">
            {info.plan?.action === "download" && (kind === "replace-folder" || kind === "desktop-upload") ? (
              <button type="button" className="button primary" onClick={() => void download()}>
                Download and review
              </button>
            ) : info.plan?.action === "recipe" && info.plan.recipe ? (
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
      {step === 4 && applied?.ok ? <DonePanel skill={skill} applied={applied} /> : null}
    </section>
  );
}
