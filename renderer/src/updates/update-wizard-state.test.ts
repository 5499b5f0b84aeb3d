// The guided update's reducer: each step's outcome moves the wizard where the user expects, and Retry reruns only
// the step that failed (an apply that failed keeps the review, so nothing is downloaded again).
import { describe, expect, it } from "vitest";
import type { UpdateProblem, UpdateReview } from "../../../shared/update-flow";
import { INITIAL_WIZARD, retryOf, wizardReducer, type WizardAction, type WizardState } from "./update-wizard-state";

const problem = (cause: UpdateProblem["cause"]): UpdateProblem => ({ code: "x", cause, message: "m", advice: "a" });
const review = { taskId: "0123456789abcdef", nothingToDo: false } as UpdateReview;
const run = (...actions: WizardAction[]): WizardState => actions.reduce(wizardReducer, INITIAL_WIZARD);

describe("the update wizard's state", () => {
  it("goes from the download to the review, and a failed download offers Retry of the download", () => {
    const failed = run(
      { type: "download" },
      { type: "started", taskId: review.taskId },
      { type: "failed", problem: problem("offline") },
    );
    expect(failed.step).toBe(2);
    expect(retryOf(failed)).toBe("download");
    const reviewed = run(
      { type: "download" },
      { type: "started", taskId: review.taskId },
      { type: "reviewed", review },
    );
    expect(reviewed).toMatchObject({ step: 2, review, problem: null });
  });

  it("a failed apply keeps the review and offers Retry of the apply; success moves to Done", () => {
    const before = run({ type: "download" }, { type: "started", taskId: review.taskId }, { type: "reviewed", review });
    const failed = wizardReducer(wizardReducer(before, { type: "apply" }), {
      type: "applied",
      result: { ok: false, problem: problem("locked") },
    });
    expect(failed).toMatchObject({ step: 3, review, busy: false, problem: { cause: "locked" } });
    expect(retryOf(failed)).toBe("apply");
    const done = wizardReducer(wizardReducer(failed, { type: "apply" }), {
      type: "applied",
      result: {
        ok: true,
        kind: "replace-folder",
        name: "n",
        dir: "/d",
        version: "2",
        previousVersion: "1",
        kept: [],
        canUndo: true,
        restartNote: "",
      },
    });
    expect(done).toMatchObject({ step: 4, problem: null });
  });

  it("ignores another task's progress, and a cancelled download returns to the first step with a note", () => {
    const started = run({ type: "download" }, { type: "started", taskId: review.taskId });
    const other = { taskId: "ffffffffffffffff", kind: "update-download", value: 0.5, title: "t" };
    expect(wizardReducer(started, { type: "progress", progress: other }).progress).toBeNull();
    expect(run({ type: "download" }, { type: "download-cancelled" })).toMatchObject({
      step: 1,
      note: expect.any(String),
    });
    expect(retryOf(run({ type: "download" }, { type: "failed", problem: problem("cancelled") }))).toBeNull();
  });
});
