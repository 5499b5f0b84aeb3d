// The last step of Add: what was done in each client (kept copies said plainly), Claude Desktop's steps and its
// wait, and a way to the new skill, which the list has selected.
import type { AddView } from "../../../shared/manage";
import { placeClients } from "./AddConflicts";
import { AddDesktopArrival } from "./AddDesktopArrival";
import { placeWords } from "./AddFound";
import { HandoffDownload } from "../shared/HandoffDownload";
import { useApi } from "../app/api-context";

/** Whether an applied add wrote anything (a copy or a link) anywhere. */
export function wroteAnything(plan: AddView): boolean {
  return plan.skills.some((s) => s.places.some((p) => p.applied?.done === "written" || p.applied?.done === "replaced"));
}

/** The result of an applied add. */
export function AddResult(props: {
  plan: AddView;
  taskId: string;

  onChanged: () => void;
  onShow: (() => void) | null;
}) {
  const { host } = useApi();
  const { plan, taskId } = props;
  const names = plan.skills.map((s) => s.name).join(", ");
  const wrote = wroteAnything(plan);
  const desktop = plan.skills.find((s) => s.handoff);
  return (
    <section className="add-step add-result" aria-labelledby="add-result-title" data-testid="add-result">
      <h3 id="add-result-title" tabIndex={-1}>
        {wrote || desktop ? `Added ${names}` : "Nothing was added"}
      </h3>
      <p role="status">{wrote || desktop ? `Added ${names}.` : "Nothing was added; what is there is kept."}</p>
      <ul className="add-places">
        {plan.skills.flatMap((s) =>
          s.places.map((p) => (
            <li key={p.path}>
              <strong>{placeClients(p)}</strong>
              {plan.skills.length > 1 ? ` (${s.name})` : ""}: {placeWords(p)}
              <div className="muted add-path">{p.path}</div>
              {p.applied?.backup ? <div className="muted">Yours is kept as a backup at {p.applied.backup}</div> : null}
            </li>
          )),
        )}
      </ul>
      {desktop?.handoff ? (
        <div className="add-handoff">
          <h4>For Claude Desktop</h4>
          {host === "web" ? (
            <HandoffDownload
              taskId={taskId}
              archive={desktop.handoff.archive}
              label={`Download ${desktop.name}.skill`}
            />
          ) : (
            <p className="muted add-path">{desktop.handoff.archive}</p>
          )}
          <ol>
            {desktop.handoff.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <AddDesktopArrival key={taskId} taskId={taskId} name={desktop.name} onArrived={props.onChanged} />
        </div>
      ) : null}
      {props.onShow ? (
        <button type="button" className="button" onClick={props.onShow}>
          Show {plan.skills[0]?.name}
        </button>
      ) : null}
    </section>
  );
}
