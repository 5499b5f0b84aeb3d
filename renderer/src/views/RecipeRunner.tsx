// An update server's shell command: shown verbatim with Copy; "Run it for me" only after a confirmation (main's
// native dialog in the app, the page's own question in the browser), with the live output and the result.
import { useEffect, useRef, useState } from "react";
import type { RecipeOutcome } from "../../../shared/update-flow";
import { escapeControl } from "../../../shared/terminal-text";
import { errorMessage } from "../lib/format";
import { useApi } from "./api-context";
import { CopyButton } from "./CopyButton";

/** Most output kept on screen; the start is dropped past it, and the view says so. */
const MAX_OUTPUT_CHARS = 200_000;

/** The command, Copy, and the confirmed run. */
export function RecipeRunner(props: {
  skillId: string;
  name: string;
  recipe: { kind: string; command: string; suspicious: boolean };
}) {
  const { api, host } = useApi();
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
  const run = async () => {
    setMessage(null);
    if (
      host !== "electron" &&
      !window.confirm(
        `Run this command through your shell to update "${props.name}"?\n\n${escapeControl(recipe.command)}\n\nIt runs on this computer with your permissions. Run it only if you trust it.`,
      )
    ) {
      setMessage("Not run.");
      return;
    }
    try {
      taskRef.current = null;
      early.current.clear();
      const started = await api.runRecipe(props.skillId);
      if (!started) {
        setMessage("Not run.");
        return;
      }
      taskRef.current = started.taskId;
      setTaskId(started.taskId);
      setOutput("");
      append(early.current.get(started.taskId) ?? "");
      early.current.clear();
      setOutcome(await api.recipeResult(started.taskId));
    } catch (e) {
      setMessage(errorMessage(e));
    }
  };
  return (
    <div className="recipe-runner">
      <p>The update server gives this command to update it:</p>
      <pre className="code-block" tabIndex={0}>
        {recipe.command}
      </pre>
      <div className="wizard-actions">
        <CopyButton text={recipe.command} label="Copy" />
        <button
          type="button"
          className="button primary"
          disabled={taskId !== null && outcome === null}
          onClick={() => void run()}
        >
          Run it for me
        </button>
        {taskId && !outcome ? (
          <button type="button" className="button" onClick={() => void api.cancelUpdate(taskId)}>
            Stop
          </button>
        ) : null}
      </div>
      {message ? <p role="status">{message}</p> : null}
      {taskId ? (
        <>
          {dropped ? (
            <p className="muted">
              The output is long; only its last {MAX_OUTPUT_CHARS.toLocaleString()} characters are shown.
            </p>
          ) : null}
          <pre className="code-block recipe-output" tabIndex={0} aria-label="Command output" aria-live="polite">
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
