// Small pieces the Updates view and the guided update share: a problem in words with details on demand, a progress
// bar with bytes and percent, a file list with readable diffs, and where a copy lives in plain words.
import {
  FAILURE_CAUSES,
  type FailureCause,
  type ScanResult,
  type Skill,
  type TaskProgress,
  type UpdateInfo,
} from "../../../shared/model";
import { useEffect, useRef, useState, type RefObject } from "react";
import { clientLabel, desktopAccountTitles, locationTitle } from "../../../shared/ui-catalog";
import type { UpdateFileChange, UpdateProblem } from "../../../shared/update-flow";
import { escapeControl } from "../../../shared/terminal-text";
import { errorMessage } from "../lib/format";
import { UpdateDiff } from "./UpdateDiff";

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

/** The installed and the new version in words ("version 1.2.0 → version 1.3.0"), never "version unknown". */
export function versionChange(installed: string | null | undefined, latest: string | null | undefined): string {
  const from = installed ? `version ${installed}` : "a copy without a version number";
  return `${from} → ${latest ? `version ${latest}` : "the new version"}`;
}

/** The guided update's plan in words; where the page offers a button for it, no command line stands beside it. */
export function guidedNextStep(info: UpdateInfo): string {
  const which = info.latest ? `version ${info.latest}` : "the new version";
  const kind = info.plan?.kind;
  const can = info.plan?.action;
  if (can !== "download" && can !== "recipe") return info.plan?.nextStep ?? "";
  if (kind === "replace-folder" && info.state === "changed-locally")
    return `Skillshelf downloads the version from its source and shows every file it would replace; nothing is applied before you say so. Your current copy, with your changes, is kept as a backup, so you can undo.`;
  if (kind === "replace-folder")
    return `Skillshelf downloads ${which}, checks it and shows every file it changes; nothing is applied before you say so. Then it replaces the folder and keeps the current copy as a backup, so you can undo.`;
  if (kind === "desktop-upload")
    return `Claude Desktop's sync would undo changes made in its folder, so Skillshelf downloads ${which}, checks it and makes a .skill file for you to upload in Claude Desktop; then it watches for the new version to arrive.`;
  if (kind === "run-recipe" && info.plan?.recipe)
    return "Skillshelf shows the command the skill's server gives for this update, runs it once you confirm, and shows its output.";
  return info.plan?.nextStep ?? "";
}

/** Folders that hold skills for others but are no client a person starts a conversation in. */
const NOT_A_CLIENT = new Set(["agents", "custom"]);

/** Which apps load a copy, named ("Claude Code", "Claude Code or Cursor"), for "start a new conversation in …". */
export function clientsOf(skill: Pick<Skill, "client" | "placements">): string {
  const names = [skill.client, ...(skill.placements ?? []).map((p) => p.client)]
    .filter((c) => !NOT_A_CLIENT.has(c))
    .map(clientLabel);
  const unique = [...new Set(names)];
  if (unique.length === 0) return "the app that uses this skill";
  if (unique.length === 1) return unique[0]!;
  return `${unique.slice(0, -1).join(", ")} or ${unique[unique.length - 1]}`;
}

/** After the wizard closes: focus the Update… button of that copy in `root`, else the view's first heading. */
export function focusOpener(root: HTMLElement | null, skillId: string): void {
  const opener = [...(root?.querySelectorAll<HTMLElement>("[data-opens-update]") ?? [])].find(
    (el) => el.dataset.opensUpdate === skillId,
  );
  (opener ?? root?.querySelector<HTMLElement>("h1"))?.focus();
}

/**
 * The copy the open wizard updates, held while it is open: applying rescans the folder and rechecks it, and the copy
 * may be missing from the catalog or the update states for a moment; the wizard must not vanish with its Done step.
 */
export function useOpenWizard(
  active: string | null,
  updates: ReadonlyMap<string, UpdateInfo>,
  skills: ReadonlyMap<string, Skill>,
): { info: UpdateInfo; skill: Skill } | null {
  const info = active ? updates.get(active) : undefined;
  const skill = active ? skills.get(active) : undefined;
  const [held, setHeld] = useState<{ id: string; info: UpdateInfo; skill: Skill } | null>(null);
  if (active && info && skill && (held?.id !== active || held.info !== info || held.skill !== skill))
    setHeld({ id: active, info, skill });
  if (!active) return null;
  if (info && skill) return { info, skill };
  return held?.id === active ? held : null;
}

/**
 * Focus back where the wizard was opened, once it is gone and the list is shown again: `view` marks the list's root,
 * `closing(skillId)` is called as the wizard closes (the button that opened it was replaced by the wizard).
 */
export function useReturnFocus(open: boolean): {
  view: RefObject<HTMLDivElement | null>;
  closing: (skillId: string) => void;
} {
  const closed = useRef<string | null>(null);
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open || closed.current === null) return;
    focusOpener(view.current, closed.current);
    closed.current = null;
  }, [open]);
  return {
    view,
    closing: (skillId) => {
      closed.current = skillId;
    },
  };
}

/** What happened, what to do, and the technical details behind a disclosure. */
export function ProblemView(props: { problem: UpdateProblem; title?: string }) {
  const { problem } = props;
  return (
    <div className="update-problem" role="alert" data-cause={problem.cause}>
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

/** Files whose change is shown open at once; the rest open on demand. */
const OPEN_DIFFS = 3;

/** The files an update touches, each with its change side by side (the first few open). */
export function FileChanges(props: { files: UpdateFileChange[] }) {
  const shown = props.files;
  if (shown.length === 0) return <p className="muted">No files change.</p>;
  let opened = 0;
  return (
    <ul className="file-changes">
      {shown.map((f) => {
        const open = f.diff ? opened++ < OPEN_DIFFS : false;
        return (
          <li key={`${f.change}:${f.path}`} data-change={f.change}>
            <span className={`change-mark change-${f.change}`}>{MARK[f.change]}</span> <code>{f.path}</code>
            {f.note ? <span className="muted"> — {f.note}</span> : null}
            {f.diff ? (
              <details open={open}>
                <summary>Lines changed in {f.path}</summary>
                <UpdateDiff path={f.path} diff={f.diff} left="Now" right="After the update" />
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
