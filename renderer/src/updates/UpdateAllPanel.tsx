// Update all in two steps: first what it will do (the copies it updates; the ones it skips, and why), then a summary
// (updated; not updated, with the cause and Retry; skipped). Only copies whose update can succeed here are counted.
import { useState } from "react";
import type { UpdateInfo } from "../../../shared/model";
import { previewUpdateAll, type UpdateAllPreview } from "../../../shared/update-all";
import type { UpdateAllItem } from "../../../shared/update-flow";
import { useApi } from "../app/api-context";
import { hostProblem } from "./UpdateParts";

type Phase = "idle" | "preview" | "running" | "done";

const copies = (n: number) => `${n} ${n === 1 ? "copy" : "copies"}`;

function SkippedList(props: { preview: UpdateAllPreview }) {
  const { skipped } = props.preview;
  if (skipped.length === 0) return null;
  return (
    <>
      <h3>Skipped ({skipped.length})</h3>
      <ul aria-label="Skipped" className="update-all-skipped">
        {skipped.map((s) => (
          <li key={s.skillId}>
            <strong>{s.name}</strong>: {s.why}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The button, the preview and the summary; `list` is what the Updates view shows (outdated and changed here). */
export function UpdateAllPanel(props: { list: readonly UpdateInfo[] }) {
  const { api } = useApi();
  const [phase, setPhase] = useState<Phase>("idle");
  const [shown, setShown] = useState<UpdateAllPreview | null>(null);
  const [items, setItems] = useState<UpdateAllItem[]>([]);
  const [retrying, setRetrying] = useState<string | null>(null);
  const preview = previewUpdateAll(props.list);
  const frozen = shown ?? preview;

  const run = async (ids: string[]): Promise<UpdateAllItem[]> => {
    try {
      return await api.updateAll(ids);
    } catch (e) {
      const problem = hostProblem(e);
      return frozen.will
        .filter((u) => ids.includes(u.skillId))
        .map((u) => ({ skillId: u.skillId, name: u.name, ok: false as const, problem }));
    }
  };
  const start = async () => {
    setPhase("running");
    setItems(await run(frozen.will.map((u) => u.skillId)));
    setPhase("done");
  };
  const retry = async (skillId: string) => {
    setRetrying(skillId);
    const [again] = await run([skillId]);
    if (again) setItems((now) => now.map((i) => (i.skillId === skillId ? again : i)));
    setRetrying(null);
  };

  if (phase === "idle")
    return preview.will.length > 0 ? (
      <button
        type="button"
        className="button primary"
        onClick={() => {
          setShown(preview);
          setPhase("preview");
        }}
      >
        Update all… ({preview.will.length})
      </button>
    ) : null;

  const updated = items.filter((i) => i.ok);
  const failed = items.filter((i): i is Extract<UpdateAllItem, { ok: false }> => !i.ok);
  return (
    <section className="update-all card" aria-labelledby="update-all-title" data-phase={phase}>
      <h2 id="update-all-title" tabIndex={-1}>
        {phase === "done" ? "Update all: what happened" : "Update all: what it will do"}
      </h2>
      {phase !== "done" ? (
        <>
          <p>
            Skillshelf updates {copies(frozen.will.length)}, one after the other. Each folder's current copy is kept as
            a backup, so you can undo.
          </p>
          <ul aria-label="Will be updated">
            {frozen.will.map((u) => (
              <li key={u.skillId}>
                <strong>{u.name}</strong> {u.installed ?? "?"} → {u.latest ?? "the new version"}
              </li>
            ))}
          </ul>
          <SkippedList preview={frozen} />
          {phase === "running" ? (
            <p role="status">Updating {copies(frozen.will.length)}…</p>
          ) : (
            <div className="updates-actions">
              <button type="button" className="button primary" onClick={() => void start()}>
                Update {copies(frozen.will.length)} now
              </button>
              <button type="button" className="button" onClick={() => setPhase("idle")}>
                Cancel
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p role="status">
            {updated.length} updated, {failed.length} not updated, {frozen.skipped.length} skipped.
          </p>
          {updated.length ? (
            <>
              <h3>Updated ({updated.length})</h3>
              <ul aria-label="Updated">
                {updated.map((i) => (
                  <li key={i.skillId}>
                    <strong>{i.name}</strong>:{" "}
                    {i.ok && i.nothingToDo
                      ? "already held exactly these files; nothing to do."
                      : `now ${i.ok && i.version ? `version ${i.version}` : "the new version"} (the old copy is kept in the history below).`}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {failed.length ? (
            <>
              <h3>Not updated ({failed.length})</h3>
              <ul aria-label="Not updated">
                {failed.map((i) => (
                  <li key={i.skillId} data-cause={i.problem.cause}>
                    <strong>{i.name}</strong>: {i.problem.message} {i.problem.advice}{" "}
                    <button
                      type="button"
                      className="button small"
                      disabled={retrying !== null}
                      onClick={() => void retry(i.skillId)}
                      aria-label={`Retry ${i.name}`}
                    >
                      {retrying === i.skillId ? "Retrying…" : "Retry"}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <SkippedList preview={frozen} />
          <button
            type="button"
            className="button"
            onClick={() => {
              setPhase("idle");
              setShown(null);
              setItems([]);
            }}
          >
            Close
          </button>
        </>
      )}
    </section>
  );
}
