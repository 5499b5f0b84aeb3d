// "Add skill…" in the main pane, as steps: where from (pasted, typed, dropped, picked or uploaded) → what was found,
// each skill with its checks → where it goes, client by client → what is already there, answered place by place →
// the result, with the new skill selected in the list. A download shows its progress and can be cancelled.
import { useEffect, useRef, useState } from "react";
import type { AddView, ManageClientId } from "../../../shared/manage";
import { uploadAddSource } from "../api/web-api";
import { AddConflicts, keepIds, type ConflictAnswer } from "./AddConflicts";
import { AddFound, AddWhere } from "./AddFound";
import { AddGo } from "./AddGo";
import { AddResult } from "./AddResult";
import { AddProgress, AddSource } from "./AddSource";
import { useApi } from "../app/api-context";
import { errorMessage } from "../lib/format";
import { newTaskId, useAddFocus, useTaskProgress, writtenPaths } from "./add-flow";

/** The Add flow; `onAdded` gets the written paths (the catalog selects the new skill), `onClose` leaves the flow. */
export function AddSkillPanel(props: {
  onChanged: () => void;
  onAdded: (paths: string[]) => void;
  onShow: () => void;
  onClose: () => void;
  /** Opened for one skill of a source (an offered skill's `mcp:URL`): the source filled in, that skill chosen, looked at. */
  preset?: { source: string; skill: string };
}) {
  const { api, host } = useApi();
  const [source, setSource] = useState(props.preset?.source ?? "");
  const [uploaded, setUploaded] = useState<{ path: string; name: string } | null>(null);
  const [clients, setClients] = useState<ManageClientId[]>(["claude-code"]);
  const [plan, setPlan] = useState<AddView | null>(null);
  const [answers, setAnswers] = useState<Record<string, ConflictAnswer>>({});
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [appliedTask, setAppliedTask] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "status" | "alert"; text: string } | null>(null);
  const cancelled = useRef(false);
  const runs = useRef(0);
  const from = uploaded?.path ?? source.trim();
  const shown = uploaded?.name ?? plan?.source ?? "";
  const invalid = plan?.candidates.filter((c) => !c.valid) ?? [];
  const conflicts = plan?.skills.flatMap((s) => s.places.filter((p) => p.action === "conflict")) ?? [];
  const unanswered = conflicts.some((p) => !answers[p.path]);

  const [progress, setProgress] = useTaskProgress(api, taskId);
  const { titleRef, focusNextRef } = useAddFocus(busy, plan);

  const choose = (next: string) => {
    setSource(next);
    setUploaded(null);
    setPlan(null);
    setAppliedTask(null);
    setMessage(null);
  };
  const run = async (dryRun: boolean, opts: { path?: string; clients?: ManageClientId[] } = {}) => {
    const id = newTaskId();
    const mine = ++runs.current;
    const chosen = opts.clients ?? clients;
    const several = (plan?.candidates.length ?? 0) > 1;
    const kept = conflicts.filter((p) => answers[p.path] === "keep").flatMap(keepIds);
    const replace = conflicts.some((p) => answers[p.path] === "replace");
    cancelled.current = false;
    setBusy(true);
    setTaskId(id);
    setProgress(null);
    setMessage(null);
    try {
      const preset = props.preset && !opts.path && from === props.preset.source ? { skills: [props.preset.skill] } : {};
      const request = dryRun
        ? { clients: chosen, dryRun, all: true, force: true, taskId: id, ...preset }
        : { clients: chosen, dryRun, all: several, replace, keep: kept, force, taskId: id, ...preset };
      const result = await api.addSkill(opts.path ?? from, request);
      if (mine !== runs.current) return;
      setPlan(result);
      if (dryRun) setAnswers({});
      else {
        setAppliedTask(id);
        focusNextRef.current = "result";
        props.onChanged();
        props.onAdded(writtenPaths(result));
      }
    } catch (error) {
      if (mine !== runs.current) return;
      if (dryRun) setPlan(null);
      const text = cancelled.current ? "Cancelled; nothing was added." : errorMessage(error);
      setMessage({ kind: cancelled.current ? "status" : "alert", text });
    } finally {
      if (mine === runs.current) {
        setBusy(false);
        setTaskId(null);
      }
    }
  };
  const look = () => {
    focusNextRef.current = "found";
    void run(true);
  };
  const presetLooked = useRef(false);
  useEffect(() => {
    if (!props.preset || presetLooked.current) return;
    presetLooked.current = true;
    look();
  });
  const cancel = () => {
    if (!taskId) return;
    cancelled.current = true;
    void api.cancelAddSkill(taskId);
  };
  const pick = async (kind: "folder" | "archive") => {
    try {
      const picked = await api.pickAddSource(kind);
      if (picked) choose(picked);
    } catch (error) {
      setMessage({ kind: "alert", text: errorMessage(error) });
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const path = await uploadAddSource(file);
      choose("");
      setUploaded({ path, name: file.name });
      focusNextRef.current = "found";
      await run(true, { path });
    } catch (error) {
      setBusy(false);
      setMessage({ kind: "alert", text: errorMessage(error) });
    }
  };
  const onDrop = (event: React.DragEvent) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    const dropped = file ? api.pathForDroppedFile?.(file) : null;
    const text = event.dataTransfer.getData("text/plain");
    if (dropped || text) choose(dropped ?? text.trim());
  };
  const toggle = (id: ManageClientId, on: boolean) => {
    const next = on ? [...clients, id] : clients.filter((c) => c !== id);
    setClients(next);
    if (plan && !plan.applied && next.length) void run(true, { clients: next });
  };
  const applied = plan?.applied && appliedTask ? plan : null;

  return (
    <section
      className="add-skill detail"
      aria-labelledby="add-skill-title"
      onDragOver={(e) => e.preventDefault()}
      onDrop={onDrop}
    >
      <div className="add-head">
        <h2 id="add-skill-title" tabIndex={-1} ref={titleRef}>
          Add a skill
        </h2>
        <button type="button" className="button small" onClick={props.onClose}>
          Close
        </button>
      </div>
      <AddSource
        host={host}
        source={source}
        onSource={choose}
        uploaded={uploaded}
        busy={busy}
        canLook={Boolean(from)}
        onLook={look}
        onPick={(kind) => void pick(kind)}
        onUpload={(file) => void upload(file)}
      />
      {busy && taskId ? <AddProgress progress={progress} onCancel={cancel} /> : null}
      {plan ? (
        <div className="add-skill-plan" data-testid="add-plan">
          <AddFound plan={plan} from={shown} />
          {applied ? null : (
            <>
              <AddWhere plan={plan} clients={clients} onToggle={toggle} />
              <AddConflicts
                plan={plan}
                from={shown}
                answers={answers}
                onAnswer={(place, answer) => setAnswers((a) => ({ ...a, [place.path]: answer }))}
              />
              <AddGo
                step={conflicts.length ? 5 : 4}
                invalid={invalid}
                force={force}
                onForce={setForce}
                unanswered={unanswered}
                disabled={busy || unanswered || !clients.length || (invalid.length > 0 && !force)}
                onAdd={() => void run(false)}
              />
            </>
          )}
          {applied && appliedTask ? (
            <AddResult
              plan={applied}
              taskId={appliedTask}
              onChanged={props.onChanged}
              onShow={writtenPaths(applied).length ? props.onShow : null}
            />
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
