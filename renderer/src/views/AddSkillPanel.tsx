// "Add skill…": a source pasted, typed or dropped (a folder or archive), the clients it goes to, the plan shown first
// (every place, conflicts as questions, invalid skills named), then Add; the catalog is scanned again afterwards.
import { useState } from "react";
import { MANAGE_CLIENTS, type AddView, type ManageClientId } from "../../../shared/manage";
import { useApi } from "./api-context";

const CLIENT_IDS = Object.keys(MANAGE_CLIENTS) as ManageClientId[];

/** The Add skill section of the catalog's sidebar. */
export function AddSkillPanel(props: { onChanged: () => void }) {
  const { api } = useApi();
  const [source, setSource] = useState("");
  const [clients, setClients] = useState<ManageClientId[]>(["claude-code"]);
  const [plan, setPlan] = useState<AddView | null>(null);
  const [replace, setReplace] = useState(false);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "status" | "alert"; text: string } | null>(null);
  const conflicts = plan?.skills.flatMap((s) => s.places.filter((p) => p.action === "conflict")) ?? [];
  const invalid = plan?.candidates.filter((c) => !c.valid) ?? [];
  const several = (plan?.candidates.length ?? 0) > 1;

  const run = async (dryRun: boolean) => {
    setBusy(true);
    setMessage(null);
    try {
      const result = await api.addSkill(source.trim(), { clients, dryRun, all: several, replace, force });
      setPlan(result);
      if (!dryRun) {
        setMessage({ kind: "status", text: `Added ${result.skills.map((s) => s.name).join(", ")}.` });
        props.onChanged();
      }
    } catch (error) {
      if (dryRun) setPlan(null);
      setMessage({ kind: "alert", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    const dropped = file ? api.pathForDroppedFile?.(file) : null;
    const text = event.dataTransfer.getData("text/plain");
    if (dropped || text) {
      setSource(dropped ?? text.trim());
      setPlan(null);
    }
  };
  const toggle = (id: ManageClientId, on: boolean) =>
    setClients((list) => (on ? [...list, id] : list.filter((c) => c !== id)));

  return (
    <section
      className="add-skill"
      aria-labelledby="add-skill-title"
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
    >
      <h2 className="sidebar-title" id="add-skill-title">
        Add skill
      </h2>
      <label className="field">
        <span>From (owner/repo, an address, a folder or archive path — or drop one here)</span>
        <input
          type="text"
          value={source}
          onChange={(e) => {
            setSource(e.target.value);
            setPlan(null);
          }}
          spellCheck={false}
        />
      </label>
      <fieldset className="add-skill-clients">
        <legend>Use in</legend>
        {CLIENT_IDS.map((id) => (
          <label key={id} className="check">
            <input type="checkbox" checked={clients.includes(id)} onChange={(e) => toggle(id, e.target.checked)} />{" "}
            {MANAGE_CLIENTS[id]}
          </label>
        ))}
      </fieldset>
      <button type="button" className="button small" disabled={busy || !source.trim()} onClick={() => void run(true)}>
        Show what it adds
      </button>
      {plan ? (
        <div className="add-skill-plan" data-testid="add-plan">
          <p>
            {plan.candidates.length} skill{plan.candidates.length === 1 ? "" : "s"} in {plan.source}
          </p>
          <ul>
            {plan.skills.map((s) => (
              <li key={s.name}>
                <strong>{s.name}</strong>
                <ul>
                  {s.places.map((p) => (
                    <li key={p.path}>
                      {p.applied?.done ?? p.action}: {p.path} ({p.mode === "link" ? "link" : "copy"})
                      {p.question ? <div className="field-error">{p.question}</div> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {conflicts.length ? (
            <label className="check">
              <input type="checkbox" checked={replace} onChange={(e) => setReplace(e.target.checked)} /> Replace what is
              there (a backup is kept)
            </label>
          ) : null}
          {invalid.length ? (
            <label className="check">
              <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Add even though{" "}
              {invalid.map((c) => c.name).join(", ")} cannot be read by clients
            </label>
          ) : null}
          {!plan.applied ? (
            <button
              type="button"
              className="button small"
              disabled={busy || (conflicts.length > 0 && !replace) || (invalid.length > 0 && !force)}
              onClick={() => void run(false)}
            >
              Add
            </button>
          ) : null}
        </div>
      ) : null}
      {message ? (
        <p role={message.kind} className={message.kind === "alert" ? "field-error" : undefined}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
