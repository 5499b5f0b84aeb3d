// "Add skill…": a source pasted, typed, dropped or picked (the system's open dialog in the app, a file uploaded to the
// web host), the clients it goes to, the plan shown first (every place, conflicts as questions, invalid skills named),
// then Add; a download shows its progress and can be cancelled; the catalog is scanned again afterwards.
import { useEffect, useRef, useState } from "react";
import type { TaskProgress } from "../../../shared/model";
import { ADD_ARCHIVE_EXTENSIONS, MANAGE_CLIENTS, type AddView, type ManageClientId } from "../../../shared/manage";
import { uploadAddSource } from "../api/web-api";
import { AddConflicts } from "./AddConflicts";
import { AddDesktopArrival } from "./AddDesktopArrival";
import { HandoffDownload } from "./HandoffDownload";
import { useApi } from "./api-context";

const CLIENT_IDS = Object.keys(MANAGE_CLIENTS) as ManageClientId[];

function newTaskId(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function AddProgress(props: { progress: TaskProgress | null; onCancel: () => void }) {
  const p = props.progress;
  const known = p !== null && p.value >= 0;
  return (
    <div className="download-progress" data-testid="add-progress">
      <progress aria-label="Add progress" max={1} value={known ? p.value : undefined} />
      <p className="muted">
        {p ? p.title : "Starting…"}
        {known && p.value < 1 ? `: ${Math.round(p.value * 100)}%` : ""}
        {p?.detail ? ` — ${p.detail}` : ""}
      </p>
      <button type="button" className="button small" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** The Add skill section of the catalog's sidebar. */
export function AddSkillPanel(props: { onChanged: () => void }) {
  const { api, host } = useApi();
  const [source, setSource] = useState("");
  const [clients, setClients] = useState<ManageClientId[]>(["claude-code"]);
  const [plan, setPlan] = useState<AddView | null>(null);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [appliedTask, setAppliedTask] = useState<string | null>(null);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [message, setMessage] = useState<{ kind: "status" | "alert"; text: string } | null>(null);
  const cancelled = useRef(false);
  const invalid = plan?.candidates.filter((c) => !c.valid) ?? [];
  const conflicts = plan?.skills.some((s) => s.places.some((p) => p.action === "conflict")) ?? false;
  const several = (plan?.candidates.length ?? 0) > 1;

  useEffect(
    () => (taskId ? api.onTaskProgress((p) => (p.taskId === taskId ? setProgress(p) : undefined)) : undefined),
    [api, taskId],
  );

  const choose = (next: string) => {
    setSource(next);
    setPlan(null);
    setMessage(null);
  };
  const run = async (dryRun: boolean, replace = false, from = source.trim()) => {
    const id = newTaskId();
    cancelled.current = false;
    setBusy(true);
    setTaskId(id);
    setProgress(null);
    setMessage(null);
    try {
      const result = await api.addSkill(from, { clients, dryRun, all: dryRun || several, replace, force, taskId: id });
      setPlan(result);
      if (!dryRun) {
        setAppliedTask(id);
        setMessage({ kind: "status", text: `Added ${result.skills.map((s) => s.name).join(", ")}.` });
        props.onChanged();
      }
    } catch (error) {
      if (dryRun) setPlan(null);
      const text = cancelled.current
        ? "Cancelled; nothing was added."
        : error instanceof Error
          ? error.message
          : String(error);
      setMessage({ kind: cancelled.current ? "status" : "alert", text });
    } finally {
      setBusy(false);
      setTaskId(null);
    }
  };
  const cancel = () => {
    if (!taskId) return;
    cancelled.current = true;
    void api.cancelAddSkill(taskId);
  };
  const pick = async (kind: "folder" | "archive") => {
    try {
      const chosen = await api.pickAddSource(kind);
      if (chosen) choose(chosen);
    } catch (error) {
      setMessage({ kind: "alert", text: error instanceof Error ? error.message : String(error) });
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setMessage(null);
    try {
      const path = await uploadAddSource(file);
      setBusy(false);
      choose(path);
      await run(true, false, path);
    } catch (error) {
      setBusy(false);
      setMessage({ kind: "alert", text: error instanceof Error ? error.message : String(error) });
    }
  };
  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    const dropped = file ? api.pathForDroppedFile?.(file) : null;
    const text = event.dataTransfer.getData("text/plain");
    if (dropped || text) choose(dropped ?? text.trim());
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
        <input type="text" value={source} onChange={(e) => choose(e.target.value)} spellCheck={false} />
      </label>
      {host === "web" ? (
        <label className="field">
          <span>Or upload an archive (.zip, .skill, .tar.gz)</span>
          <input
            type="file"
            accept={ADD_ARCHIVE_EXTENSIONS.join(",")}
            disabled={busy}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
        </label>
      ) : (
        <div className="button-row">
          <button type="button" className="button small" disabled={busy} onClick={() => void pick("folder")}>
            Choose folder…
          </button>
          <button type="button" className="button small" disabled={busy} onClick={() => void pick("archive")}>
            Choose archive…
          </button>
        </div>
      )}
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
      {busy && taskId ? <AddProgress progress={progress} onCancel={cancel} /> : null}
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
                      {p.applied?.backup ? (
                        <div className="muted">The replaced copy is kept at {p.applied.backup}</div>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {s.handoff ? (
                  <div className="add-handoff">
                    <p>For Claude Desktop: {s.handoff.archive}</p>
                    {host === "web" && appliedTask ? (
                      <HandoffDownload
                        taskId={appliedTask}
                        archive={s.handoff.archive}
                        label={`Download ${s.name}.skill`}
                      />
                    ) : null}
                    <ol>
                      {s.handoff.steps.map((step) => (
                        <li key={step}>{step}</li>
                      ))}
                    </ol>
                    {plan.applied && appliedTask && s === plan.skills.find((k) => k.handoff) ? (
                      <AddDesktopArrival
                        key={appliedTask}
                        taskId={appliedTask}
                        name={s.name}
                        onArrived={props.onChanged}
                      />
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {!plan.applied ? (
            <AddConflicts
              plan={plan}
              busy={busy}
              onReplace={() => void run(false, true)}
              onKeep={() => {
                setPlan(null);
                setMessage({ kind: "status", text: "Nothing was added; what is there is kept." });
              }}
            />
          ) : null}
          {invalid.length ? (
            <label className="check">
              <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} /> Add even though{" "}
              {invalid.map((c) => c.name).join(", ")} cannot be read by clients
            </label>
          ) : null}
          {!plan.applied && !conflicts ? (
            <button
              type="button"
              className="button small"
              disabled={busy || (invalid.length > 0 && !force)}
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
