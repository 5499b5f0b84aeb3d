// The guided update's last step: what changed, in words that name the version and the app that loads the copy, and
// Undo (the headline then says what Undo did). Focus moves to the outcome, so it is read and never lost.
import { useEffect, useRef, useState } from "react";
import type { Skill } from "../../../shared/model";
import type { UpdateApplyResult, UpdateProblem } from "../../../shared/update-flow";
import { versionWords } from "../lib/format";
import { useApi } from "../app/api-context";
import { clientsOf, hostProblem, ProblemView } from "./UpdateParts";
import { keptWords } from "./UpdateWizardReview";

/** The done step of one update. */
export function DonePanel(props: { skill: Skill; applied: Extract<UpdateApplyResult, { ok: true }> }) {
  const { api } = useApi();
  const { applied, skill } = props;
  const [undo, setUndo] = useState<{ text: string; problem?: UpdateProblem } | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (undo) outcome.current?.focus();
  }, [undo]);
  const doUndo = () => {
    setBusy(true);
    api
      .undoUpdate(skill.id)
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
  const apps = clientsOf(skill);
  if (applied.kind !== "replace-folder")
    return (
      <div className="wizard-body" data-step="done">
        <p role="status" className="done-message">
          Updated — Claude Desktop now has {applied.version ? `version ${applied.version}` : "the new copy"}.
        </p>
        <p>Start a new chat in Claude Desktop so the new version is used.</p>
      </div>
    );
  const kept = keptWords(applied.kept.length, "was");
  return (
    <div className="wizard-body" data-step="done">
      <p role="status" className="done-message" ref={outcome} tabIndex={-1}>
        {undo?.text
          ? undo.text
          : `Updated ${applied.name} to ${versionWords(applied.version, "the new version")} (it was ${versionWords(applied.previousVersion, "a copy without a version number")}).${kept ? ` ${kept}.` : ""}`}
      </p>
      <p className="restart-note">
        Start a new conversation in {apps} so it loads {undo?.text ? "this copy" : "the new version"}.
        {applied.restartNote ? ` ${applied.restartNote}` : ""}
      </p>
      {undo?.problem ? <ProblemView problem={undo.problem} title="Undo did not work" /> : null}
      {applied.canUndo && !undo?.text ? (
        <button type="button" className="button" disabled={busy} onClick={doUndo}>
          Undo
        </button>
      ) : null}
    </div>
  );
}
