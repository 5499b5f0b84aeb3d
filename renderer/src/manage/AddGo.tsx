// The last step of Add before the result: the Add button, held back until every question is answered.
import type { AddView } from "../../../shared/manage";

/** The "Add" step: numbered after the conflicts when there are any, with the "add even though" choice for bad skills. */
export function AddGo(props: {
  step: number;
  invalid: AddView["candidates"];
  force: boolean;
  onForce: (force: boolean) => void;
  unanswered: boolean;
  disabled: boolean;
  onAdd: () => void;
}) {
  const { invalid, force, unanswered } = props;
  return (
    <section className="add-step" aria-labelledby="add-go-title">
      <h3 id="add-go-title">{props.step}. Add</h3>
      {invalid.length ? (
        <label className="check">
          <input type="checkbox" checked={force} onChange={(e) => props.onForce(e.target.checked)} /> Add even though{" "}
          {invalid.map((c) => c.name).join(", ")} cannot be read by clients
        </label>
      ) : null}
      {unanswered ? <p className="muted">Answer the question above first.</p> : null}
      <button type="button" className="button primary" disabled={props.disabled} onClick={props.onAdd}>
        Add
      </button>
    </section>
  );
}
