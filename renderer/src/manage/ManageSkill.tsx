// A skill's Remove (with Undo) and "Also use in…": what goes is listed before it goes, and Undo puts it all back.
import { useEffect, useRef, useState } from "react";
import { MANAGE_CLIENTS, type ManageClientId, type RemoveView } from "../../../shared/manage";
import type { Skill } from "../../../shared/model";
import { useApi } from "../app/api-context";

const SHAREABLE = (Object.keys(MANAGE_CLIENTS) as ManageClientId[]).filter((id) => id !== "claude-desktop");
const folderName = (dir: string) => dir.split(/[\\/]/).filter(Boolean).pop() ?? "";
/** The folder each shareable client reads (Codex reads the shared agents folder, as Add lays it out). */
const FOLDER_OF: Record<string, string> = {
  agents: ".agents/skills",
  codex: ".agents/skills",
  "claude-code": ".claude/skills",
  cursor: ".cursor/skills",
  "gemini-cli": ".gemini/skills",
};

/**
 * The clients "Also use in…" may offer: those whose folder does not hold the skill yet (by any of its paths).
 * Exported for tests: they check the offer for each placement.
 */
export function shareTargets(skill: Skill): ManageClientId[] {
  const paths = [skill.dir, ...(skill.links ?? []), ...(skill.placements ?? []).map((p) => p.path)].map((p) =>
    p.replace(/\\/g, "/"),
  );
  const holds = (id: string) => paths.some((p) => p.endsWith(`/${FOLDER_OF[id]}/${folderName(skill.dir)}`));
  return SHAREABLE.filter((id) => !holds(id));
}

/** The Manage section of a user-owned skill's overview. */
export function ManageSkill(props: { skill: Skill; onChanged: () => void; onRemoved: (name: string) => void }) {
  const { api } = useApi();
  const name = folderName(props.skill.dir);
  const [plan, setPlan] = useState<RemoveView | null>(null);
  const targets = shareTargets(props.skill);
  const [picked, setClient] = useState<ManageClientId | null>(null);
  const client = picked && targets.includes(picked) ? picked : (targets[0] ?? null);
  const [message, setMessage] = useState<{ kind: "status" | "alert"; text: string } | null>(null);
  const attempt = async (work: () => Promise<string | null>) => {
    setMessage(null);
    try {
      const text = await work();
      // null: the outcome is announced elsewhere (Remove's banner), so it is not said twice.
      if (text !== null) setMessage({ kind: "status", text });
    } catch (error) {
      setMessage({ kind: "alert", text: error instanceof Error ? error.message : String(error) });
    }
  };
  if (!props.skill.userOwned || props.skill.desktop) return null;
  return (
    <section className="manage-skill" aria-labelledby="manage-title">
      <h2 id="manage-title">Manage</h2>
      {client ? (
        <div className="manage-row">
          <label>
            Also use in{" "}
            <select className="select" value={client} onChange={(e) => setClient(e.target.value as ManageClientId)}>
              {targets.map((id) => (
                <option key={id} value={id}>
                  {MANAGE_CLIENTS[id]}
                </option>
              ))}
            </select>
          </label>{" "}
          <button
            type="button"
            className="button small"
            onClick={() =>
              void attempt(async () => {
                const result = await api.shareSkill(name, { clients: [client], dryRun: false });
                props.onChanged();
                return `${name} is now also in ${MANAGE_CLIENTS[client]} (${result.places.map((p) => p.path).join(", ")}).`;
              })
            }
          >
            Add link
          </button>
        </div>
      ) : (
        <p className="muted">It is already in every client Skillshelf can add it to.</p>
      )}
      <div className="manage-row">
        {!plan ? (
          <button
            type="button"
            className="button small"
            onClick={() =>
              void attempt(async () => {
                setPlan(await api.removeSkill(name, { dryRun: true }));
                return "Nothing is removed until you confirm.";
              })
            }
          >
            Remove…
          </button>
        ) : (
          <div data-testid="remove-plan">
            <p>Remove will take:</p>
            <ul>
              {plan.items.map((i) => (
                <li key={i.path}>
                  {i.kind === "link" ? `link ${i.path} → ${i.target}` : `copy ${i.path} (kept as a backup)`}
                </li>
              ))}
              {plan.lock ? <li>its entry in {plan.lock.file}</li> : null}
            </ul>
            {
              <>
                <button
                  type="button"
                  className="button small"
                  onClick={() =>
                    void attempt(async () => {
                      await api.removeSkill(name, { dryRun: false });
                      setPlan(null);
                      props.onRemoved(name);
                      return null;
                    })
                  }
                >
                  Remove
                </button>{" "}
                <button type="button" className="button small" onClick={() => setPlan(null)}>
                  Keep it
                </button>
              </>
            }
          </div>
        )}
      </div>
      {message ? (
        <p role={message.kind} className={message.kind === "alert" ? "field-error" : undefined}>
          {message.text}
        </p>
      ) : null}
    </section>
  );
}

/** The notice after a removal, with Undo (the removed skill's detail is gone from the catalog by then). */
export function RemovedNotice(props: { name: string; onDone: () => void; onChanged: () => void }) {
  const { api } = useApi();
  const [error, setError] = useState<string | null>(null);
  const undo = useRef<HTMLButtonElement>(null);
  // The removed skill's detail (and the button pressed) is gone: the focus goes to Undo, never to the page body.
  useEffect(() => undo.current?.focus(), []);
  return (
    <div className="banner" role="status">
      Removed {props.name}; its copies are kept as backups.{" "}
      <button
        ref={undo}
        type="button"
        className="button small"
        onClick={() =>
          void api.undoRemoveSkill(props.name).then(
            () => {
              props.onChanged();
              props.onDone();
            },
            (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
          )
        }
      >
        Undo
      </button>{" "}
      <button type="button" className="button small" onClick={props.onDone}>
        Dismiss
      </button>
      {error ? <span className="field-error"> {error}</span> : null}
    </div>
  );
}
