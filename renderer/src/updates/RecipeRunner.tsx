// An update server's shell command: shown verbatim with Copy; "Run it for me" only after a person confirmed it outside
// the page (main's native dialog in the app; the serve terminal's question or its one-time code in the browser), with
// the live output and the result.
import { useEffect, useRef, useState } from "react";
import type { RecipeOutcome } from "../../../shared/update-flow";
import { escapeControl } from "../../../shared/terminal-text";
import { count, errorMessage } from "../lib/format";
import { useApi } from "../app/api-context";
import { ConsentCodeForm, consentNote } from "../shared/ConsentCode";
import { CopyButton } from "../shared/CopyButton";

/** Most output kept on screen; the start is dropped past it, and the view says so. */
const MAX_OUTPUT_CHARS = 200_000;

/** The command, Copy, and the confirmed run. */
export function RecipeRunner(props: {
  skillId: string;
  name: string;
  recipe: { kind: string; command: string; suspicious: boolean };
}) {
  const { api, consent } = useApi();
  const [askingCode, setAskingCode] = useState(false);
  const [busy, setBusy] = useState(false);
  const { recipe } = props;
  const [taskId, setTaskId] = useState<string | null>(null);
  const [output, setOutput] = useState("");
  const [dropped, setDropped] = useState(false);
  const [outcome, setOutcome] = useState<RecipeOutcome | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const taskRef = useRef<string | null>(null);
  /** Output that came before the run's id did (a quick command can finish before its start is answered). */
  const early = useRef<Map<string, string>>(new Map());
  const append = (chunk: string) =>
    setOutput((text) => {
      const next = text + chunk;
      if (next.length <= MAX_OUTPUT_CHARS) return next;
      setDropped(true);
      return next.slice(next.length - MAX_OUTPUT_CHARS);
    });
  useEffect(
    () =>
      api.onTaskOutput((o) => {
        if (o.taskId === taskRef.current) return append(o.chunk);
        if (taskRef.current !== null) return;
        const before = early.current.get(o.taskId) ?? "";
        early.current.set(o.taskId, (before + o.chunk).slice(-MAX_OUTPUT_CHARS));
      }),
    [api],
  );
  if (recipe.suspicious) return null;
  const run = async (code: string | null) => {
    setMessage(code === null ? consentNote(consent) : null);
    setBusy(true);
    try {
      taskRef.current = null;
      early.current.clear();
      const started = await api.runRecipe(props.skillId, code);
      setBusy(false);
      if (!started) {
        if (consent === "code" && code === null) setAskingCode(true);
        else setMessage(consent === "terminal" ? "Not run: it was not confirmed in the terminal." : "Not run.");
        return;
      }
      setAskingCode(false);
      setMessage(null);
      taskRef.current = started.taskId;
      setTaskId(started.taskId);
      setOutput("");
      append(early.current.get(started.taskId) ?? "");
      early.current.clear();
      setOutcome(await api.recipeResult(started.taskId));
    } catch (e) {
      setBusy(false);
      setMessage(errorMessage(e));
    }
  };
  return (
    <div className="recipe-runner">
      <p>The update server gives this command to update it:</p>
      <pre className="code-block" tabIndex={0} role="region" aria-label="Update command">
        {recipe.command}
      </pre>
      <div className="wizard-actions">
        <CopyButton text={recipe.command} label="Copy" />
        {consent !== "none" ? (
          <button
            type="button"
            className="button primary"
            disabled={busy || (taskId !== null && outcome === null)}
            onClick={() => void run(null)}
          >
            Run it for me
          </button>
        ) : null}
        {taskId && !outcome ? (
          <button type="button" className="button" onClick={() => void api.cancelUpdate(taskId)}>
            Stop
          </button>
        ) : null}
      </div>
      {consent === "none" ? <p className="muted">{consentNote(consent)}</p> : null}
      {message ? <p role="status">{message}</p> : null}
      {askingCode ? (
        <ConsentCodeForm
          id={`recipe-code-${props.skillId}`}
          label="Code from the terminal"
          busy={busy}
          onSubmit={(code) => void run(code)}
          onCancel={() => {
            setAskingCode(false);
            setMessage("Not run.");
          }}
        />
      ) : null}
      {taskId ? (
        <>
          {dropped ? (
            <p className="muted">The output is long; only its last {count(MAX_OUTPUT_CHARS)} characters are shown.</p>
          ) : null}
          <pre
            className="code-block recipe-output"
            tabIndex={0}
            role="region"
            aria-label="Command output"
            aria-live="polite"
          >
            {escapeControl(output, { keepNewlines: true }) || "Running…"}
          </pre>
        </>
      ) : null}
      {outcome ? (
        <p role="status" className={outcome.ok ? "recipe-ok" : "recipe-failed"}>
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}
