// The middle steps of Add: what the source holds (each skill with its checks) and where each goes, client by client.
import { MANAGE_CLIENTS, type AddView, type ManageClientId } from "../../../shared/manage";
import { placeClients } from "./AddConflicts";
import { CapabilityChanges } from "../shared/CapabilityChanges";

type PlannedPlace = AddView["skills"][number]["places"][number];

/** What will happen (or happened) at one place, in words. */
export function placeWords(place: PlannedPlace): string {
  if (place.kept) return "yours is kept as it is";
  if (place.applied?.done === "written") return place.mode === "link" ? "added, as a link to the one copy" : "added";
  if (place.applied?.done === "replaced") return "replaced by the new one";
  if (place.applied?.done === "unchanged") return "already there, left as it is";
  if (place.action === "conflict") return "already has one — choose below";
  if (place.action === "nothing") return "already there, left as it is";
  if (place.action === "replace") return "will be replaced (a backup is kept)";
  return place.mode === "link" ? "will get a link to the one copy" : "will get the copy";
}

/** "What was found": the source's skills with whether clients can read each, and the findings that matter. */
export function AddFound(props: { plan: AddView; from: string }) {
  const { plan } = props;
  const n = plan.candidates.length;
  return (
    <section className="add-step" aria-labelledby="add-found-title">
      <h3 id="add-found-title" tabIndex={-1}>
        2. What was found
      </h3>
      <p>
        {n} skill{n === 1 ? "" : "s"} in <strong>{props.from}</strong>
      </p>
      <ul className="add-found">
        {plan.candidates.map((c) => {
          const chosen = plan.skills.find((s) => s.name === c.name);
          const findings = (chosen?.diagnostics ?? []).filter((d) => d.severity !== "info");
          return (
            <li key={c.skillPath}>
              <strong>{c.name}</strong>
              {c.version ? <span className="muted"> · version {c.version}</span> : null}
              {c.description ? <div className="muted">{c.description}</div> : null}
              <div className={c.valid ? "add-check ok" : "add-check bad"}>
                {c.valid
                  ? findings.length
                    ? `Clients can read it (${findings.length} note${findings.length === 1 ? "" : "s"})`
                    : "Clients can read it"
                  : "Clients cannot read it as it is"}
              </div>
              {findings.length ? (
                <ul className="add-findings">
                  {findings.slice(0, 5).map((d, i) => (
                    <li key={i} className={`sev-${d.severity}`}>
                      {d.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              <CapabilityChanges review={chosen?.capabilities} adding />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** "Where it goes": the clients to add to, and what happens in each. */
export function AddWhere(props: {
  plan: AddView;
  clients: ManageClientId[];
  onToggle: (id: ManageClientId, on: boolean) => void;
}) {
  return (
    <section className="add-step" aria-labelledby="add-where-title">
      <h3 id="add-where-title">3. Where it goes</h3>
      <fieldset className="add-skill-clients">
        <legend>Use in</legend>
        {(Object.keys(MANAGE_CLIENTS) as ManageClientId[]).map((id) => (
          <label key={id} className="check">
            <input
              type="checkbox"
              checked={props.clients.includes(id)}
              onChange={(e) => props.onToggle(id, e.target.checked)}
            />{" "}
            {MANAGE_CLIENTS[id]}
          </label>
        ))}
      </fieldset>
      <ul className="add-places" data-testid="add-places">
        {props.plan.skills.flatMap((s) =>
          s.places.map((p) => (
            <li key={p.path}>
              <strong>{placeClients(p)}</strong>
              {props.plan.skills.length > 1 ? ` (${s.name})` : ""}: {placeWords(p)}
              <div className="muted add-path">{p.path}</div>
            </li>
          )),
        )}
        {props.clients.includes("claude-desktop") ? (
          <li>
            <strong>Claude Desktop</strong>: gets a file to add in its own settings (the steps come after Add)
          </li>
        ) : null}
      </ul>
    </section>
  );
}
