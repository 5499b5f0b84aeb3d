// Small pieces the Updates view and the guided update share: a problem in words with details on demand, a progress
// bar with bytes and percent, a file list with readable diffs, and where a copy lives in plain words.
import {
  FAILURE_CAUSES,
  type FailureCause,
  type ScanResult,
  type Skill,
  type TaskProgress,
} from "../../../shared/model";
import { desktopAccountTitles, locationTitle } from "../../../shared/ui-catalog";
import type { UpdateFileChange, UpdateProblem } from "../../../shared/update-flow";
import { escapeControl } from "../../../shared/terminal-text";
import { errorMessage } from "../lib/format";

/** A command that failed in transport or handler, as a problem: the handler's own words and its cause. */
export function hostProblem(error: unknown): UpdateProblem {
  const failure = (error as { failure?: unknown } | null)?.failure;
  const cause: FailureCause = FAILURE_CAUSES.includes(failure as FailureCause) ? (failure as FailureCause) : "unknown";
  return { code: "host", cause, message: errorMessage(error), advice: "Nothing was changed." };
}

/** Where a copy lives, in plain words ("Claude Desktop — account 1" or the name given in Settings, "Claude Code"). */
export function placeOf(
  scan: ScanResult | null,
  skill: Skill,
  accountNames?: Readonly<Record<string, string>>,
): string {
  const location = scan?.locations.find((l) => l.id === skill.locationId);
  if (!location) return skill.dir;
  return desktopAccountTitles(scan!.locations, accountNames).get(location.id) ?? locationTitle(location);
}

/** What happened, what to do, and the technical details behind a disclosure. */
export function ProblemView(props: { problem: UpdateProblem; title?: string }) {
  const { problem } = props;
  return (
    <div className="update-problem" role="alert">
      {props.title ? <h3>{props.title}</h3> : null}
      <p className="problem-message">{problem.message}</p>
      <p>{problem.advice}</p>
      {problem.detail ? (
        <details>
          <summary>Details</summary>
          <pre className="code-block" tabIndex={0} role="region" aria-label="Details">
            {escapeControl(problem.detail, { keepNewlines: true })}
          </pre>
        </details>
      ) : null}
    </div>
  );
}

/** A download's progress: a real bar, and the bytes and percent in words. */
export function DownloadProgress(props: { progress: TaskProgress | null }) {
  const p = props.progress;
  const known = p !== null && p.value >= 0;
  const percent = known ? Math.round(p.value * 100) : null;
  return (
    <div className="download-progress">
      <progress
        aria-label="Download progress"
        max={1}
        value={known ? p.value : undefined}
        data-value={known ? p.value : -1}
      />
      <p className="muted" aria-live="polite">
        {percent !== null ? `${percent}%` : "Starting…"}
        {p?.detail ? ` — ${p.detail}` : ""}
      </p>
    </div>
  );
}

const MARK = { added: "added", removed: "removed", changed: "changed", kept: "yours, kept" } as const;

/** The files an update touches, each with its diff behind a disclosure. */
export function FileChanges(props: { files: UpdateFileChange[] }) {
  const shown = props.files;
  if (shown.length === 0) return <p className="muted">No files change.</p>;
  return (
    <ul className="file-changes">
      {shown.map((f) => (
        <li key={`${f.change}:${f.path}`} data-change={f.change}>
          <span className={`change-mark change-${f.change}`}>{MARK[f.change]}</span> <code>{f.path}</code>
          {f.note ? <span className="muted"> — {f.note}</span> : null}
          {f.diff ? (
            <details>
              <summary>Show the changes in {f.path}</summary>
              <pre className="code-block diff" tabIndex={0} role="region" aria-label={`Changes in ${f.path}`}>
                {f.diff.split("\n").map((line, i) => (
                  <span
                    key={i}
                    className={
                      line.startsWith("+") && !line.startsWith("+++")
                        ? "diff-add"
                        : line.startsWith("-") && !line.startsWith("---")
                          ? "diff-del"
                          : undefined
                    }
                  >
                    {escapeControl(line)}
                    {"\n"}
                  </span>
                ))}
              </pre>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
