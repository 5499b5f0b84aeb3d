// The guided update's state as one reducer: which step shows, the task, the download's progress, the review, what
// applying did, and the problem of the step that failed (kept with the step, so Retry knows what to run again).
import type { TaskProgress } from "../../../shared/model";
import type { UpdateApplyResult, UpdateProblem, UpdateReview } from "../../../shared/update-flow";

/** 1 what changes, 2 download and review, 3 apply, 4 done. */
export type WizardStep = 1 | 2 | 3 | 4;

/** Everything the wizard shows. Exported for tests: they replay actions through the reducer and compare states. */
export interface WizardState {
  step: WizardStep;
  taskId: string | null;
  progress: TaskProgress | null;
  review: UpdateReview | null;
  problem: UpdateProblem | null;
  applied: UpdateApplyResult | null;
  busy: boolean;
  note: string | null;
  /** The user said yes to replacing the copy's local edits. */
  overwriteLocal: boolean;
}

/** What can happen to the wizard. Exported for tests: they replay actions through the reducer. */
export type WizardAction =
  | { type: "download" }
  | { type: "started"; taskId: string }
  | { type: "progress"; progress: TaskProgress }
  | { type: "reviewed"; review: UpdateReview }
  | { type: "download-cancelled" }
  | { type: "failed"; problem: UpdateProblem }
  | { type: "confirm-overwrite"; yes: boolean }
  | { type: "apply" }
  | { type: "applied"; result: UpdateApplyResult }
  | { type: "arrived" };

/** The wizard before anything ran. */
export const INITIAL_WIZARD: WizardState = {
  step: 1,
  taskId: null,
  progress: null,
  review: null,
  problem: null,
  applied: null,
  busy: false,
  note: null,
  overwriteLocal: false,
};

/** The next state. */
export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "download":
      return { ...INITIAL_WIZARD, step: 2, taskId: state.taskId };
    case "started":
      return { ...state, taskId: action.taskId };
    case "progress":
      return action.progress.taskId === state.taskId ? { ...state, progress: action.progress } : state;
    case "reviewed":
      return { ...state, review: action.review, problem: null };
    case "download-cancelled":
      return { ...INITIAL_WIZARD, note: "The download was cancelled; nothing was changed." };
    case "failed":
      return { ...state, problem: action.problem, busy: false };
    case "confirm-overwrite":
      return { ...state, overwriteLocal: action.yes };
    case "apply":
      return { ...state, step: 3, busy: true, problem: null, applied: null };
    case "applied":
      return {
        ...state,
        busy: false,
        applied: action.result,
        problem: action.result.ok ? null : action.result.problem,
        step: action.result.ok && action.result.kind === "replace-folder" ? 4 : 3,
      };
    case "arrived":
      return { ...state, step: 4 };
  }
}

/** Which step Retry runs again: the download (nothing was kept) or the apply (the download was kept). */
export function retryOf(state: WizardState): "download" | "apply" | null {
  if (!state.problem || state.problem.cause === "cancelled") return null;
  if (state.step === 2) return "download";
  if (state.step === 3 && state.review) return "apply";
  return null;
}

/** The step running now, which Escape cancels ("download") or must not interrupt ("apply"); null when none runs. */
export function runningStep(state: WizardState): "download" | "apply" | null {
  if (state.step === 2 && !state.review && !state.problem) return "download";
  if (state.step === 3 && state.busy) return "apply";
  return null;
}
