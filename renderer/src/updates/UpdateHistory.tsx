// The update history: every update, undo and Claude Desktop hand-off of a copy, newest first, each recorded once;
// "Restore" puts back the newest kept copy (the copy it replaces is kept in turn, so a restore can be undone too), and
// where no copy is kept the history says so. Shown for every skill in the Updates view and for one in its detail.
import { useCallback, useEffect, useRef, useState } from "react";
import type { Skill } from "../../../shared/model";
import type { UpdateEventView, UpdateHistories, UpdateHistory, UpdateProblem } from "../../../shared/update-flow";
import { count, versionWords } from "../lib/format";
import { useApi } from "../app/api-context";
import { When } from "../shared/InlineText";
import { hostProblem, ProblemView } from "./UpdateParts";

/** Skills listed per page of the overall history. */
const HISTORY_PAGE = 50;

/** One event in a sentence. */
function eventSentence(event: UpdateEventView): string {
  const from = versionWords(event.from, "a copy without a version number");
  const to = versionWords(event.to, "a copy without a version number");
  switch (event.kind) {
    case "update":
      return `Updated from ${from} to ${to}. ${event.kept ? "The old copy is kept, so you can go back to it." : "The old copy has been cleared away, so you can't go back to it."}`;
    case "undo":
      return `Went back to ${to}, replacing ${from}. ${event.kept ? `${capital(from)} is kept, so you can switch back.` : `${capital(from)} has been cleared away.`}`;
    case "handoff":
      return `Prepared ${to} for Claude Desktop to upload.`;
    case "add":
      return `Added ${to}.`;
    case "remove":
      return "Removed; its copy is kept, so the removal can be undone.";
    case "restore":
      return "Put back after it was removed.";
    case "share":
      return "Made available to more apps.";
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a restore did, or why it did not work. */
type Outcome = { skillId: string; text?: string; problem?: UpdateProblem };

/** Restores the newest kept copy of a skill and says what happened; `done` reloads what the caller shows. */
function useRestore(done: () => void) {
  const { api } = useApi();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const restore = (skillId: string) => {
    setBusy(skillId);
    api
      .undoUpdate(skillId)
      .then((r) =>
        setOutcome(
          r.ok
            ? {
                skillId,
                text: `Restored ${versionWords(r.version, "the earlier copy")}; the copy it replaced (${versionWords(r.replacedVersion, "no version number")}) is kept.`,
              }
            : { skillId, problem: r.problem },
        ),
      )
      .catch((e: unknown) => setOutcome({ skillId, problem: hostProblem(e) }))
      .finally(() => {
        setBusy(null);
        done();
      });
  };
  return { outcome, busy, restore };
}

/** One copy's history: its events and Restore (or why there is nothing to restore). */
function HistoryEntries(props: {
  history: UpdateHistory;
  busy: boolean;
  onRestore: () => void;
  outcome: Outcome | null;
}) {
  const { history } = props;
  const events = history.events ?? [];
  const newest = history.backups[0];
  const outcome = props.outcome?.skillId === history.skillId ? props.outcome : null;
  const said = useRef<HTMLParagraphElement>(null);
  const failed = useRef<HTMLDivElement>(null);
  // The Restore button is disabled while it runs, so focus would fall to the page: it moves to what the restore said.
  useEffect(() => {
    (said.current ?? failed.current)?.focus();
  }, [outcome]);
  return (
    <>
      {events.length > 0 ? (
        <ol className="history-events">
          {events.map((e, i) => (
            <li key={i} data-kind={e.kind}>
              {eventSentence(e)}{" "}
              <span className="muted">
                (<When date={e.at} />)
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {newest ? (
        <button type="button" className="button small" disabled={props.busy} onClick={props.onRestore}>
          Restore {versionWords(newest.version, "the newest kept copy")}
        </button>
      ) : (
        <p className="muted">No earlier copy is kept, so there is nothing to restore.</p>
      )}
      {outcome?.text ? (
        <p role="status" className="restore-outcome" ref={said} tabIndex={-1}>
          {outcome.text}
        </p>
      ) : null}
      {outcome?.problem ? (
        <div className="restore-outcome" ref={failed} tabIndex={-1}>
          <ProblemView problem={outcome.problem} title="Restore did not work" />
        </div>
      ) : null}
    </>
  );
}

/** The History section of the Updates view; `refreshKey` changes when the update states do. */
export function HistorySection(props: {
  place: (skill: Skill) => string;
  skills: ReadonlyMap<string, Skill>;
  refreshKey: unknown;
}) {
  const { api } = useApi();
  const [histories, setHistories] = useState<UpdateHistories | null>(null);
  const [shown, setShown] = useState(HISTORY_PAGE);
  const load = useCallback(() => {
    api
      .updateHistories()
      .then(setHistories)
      .catch(() => setHistories(null));
  }, [api]);
  useEffect(load, [load, props.refreshKey]);
  const { outcome, busy, restore } = useRestore(load);
  const list = (histories?.histories ?? []).filter((h) => props.skills.has(h.skillId));
  if (list.length === 0 && !outcome) return null;
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      {histories?.limitNote ? <p className="muted">{histories.limitNote}</p> : null}
      {histories?.droppedNote ? <p className="muted">{histories.droppedNote}</p> : null}
      <ul className="update-list">
        {list.slice(0, shown).map((h) => {
          const skill = props.skills.get(h.skillId)!;
          return (
            <li key={h.skillId} className="update-item kept-copies" data-skill={skill.name}>
              <h3>{skill.name}</h3>
              <p className="update-place">
                {props.place(skill)} — now {versionWords(skill.version, "a copy without a version number")}
              </p>
              <HistoryEntries history={h} busy={busy !== null} onRestore={() => restore(h.skillId)} outcome={outcome} />
            </li>
          );
        })}
      </ul>
      {list.length > shown ? (
        <button type="button" className="button small" onClick={() => setShown(shown + HISTORY_PAGE)}>
          Show more ({count(list.length - shown)} not shown)
        </button>
      ) : null}
    </section>
  );
}

/** One skill's history, for its detail. */
export function SkillHistory(props: { skill: Skill }) {
  const { api } = useApi();
  const { skill } = props;
  const [history, setHistory] = useState<UpdateHistory | null>(null);
  const load = useCallback(() => {
    api
      .updateHistory(skill.id)
      .then(setHistory)
      .catch(() => setHistory(null));
  }, [api, skill.id]);
  useEffect(load, [load]);
  const { outcome, busy, restore } = useRestore(load);
  if (!history || (history.backups.length === 0 && !history.events?.length)) return null;
  return (
    <section className="card" aria-labelledby="skill-history-title">
      <h2 id="skill-history-title">Update history</h2>
      <HistoryEntries history={history} busy={busy !== null} onRestore={() => restore(skill.id)} outcome={outcome} />
    </section>
  );
}
