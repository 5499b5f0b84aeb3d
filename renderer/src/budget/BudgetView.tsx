// The Budget view: what each client's skill listing costs every conversation (one bar per client against its limit),
// its costliest skills, what it cuts and why, and Claude Code's switches (off, name only, user-invocable only), each
// with its saving and an Undo.
import { useCallback, useEffect, useState } from "react";
import type { BudgetEntry, BudgetReport, ClientBudget, CutKind, OverrideMode } from "../../../shared/budget";
import { count as formatCount, tokens } from "../lib/format";
import type { OverrideRequest } from "../../../shared/ipc";
import { escapeLevel1 } from "../../../shared/level1";
import { codePoints, estimateTokens } from "../../../shared/tokens";
import { useApi } from "../app/api-context";
import "../budget.css";

/** How many of a client's costliest skills are shown. */
const TOP = 8;

const CUT_TITLES: Record<CutKind, string> = {
  "over-budget": "Shortened to fit the budget",
  "past-cap": "Past the description cap",
  duplicate: "Listed twice",
  "not-listed": "Never reach the model",
  "mid-sentence": "Cut mid-sentence",
};

const ACTIONS: Array<{ mode: Exclude<OverrideMode, "on">; label: string; done: string }> = [
  { mode: "off", label: "Turn off", done: "Turned off" },
  { mode: "name-only", label: "Name only", done: "Name only" },
  { mode: "user-invocable-only", label: "User-invocable only", done: "User-invocable only" },
];

/**
 * Tokens a switch saves every conversation: the whole entry, or its description for name only.
 * Exported for tests: they check the figures shown.
 */
export function savingOf(entry: BudgetEntry, mode: Exclude<OverrideMode, "on">): number {
  if (mode !== "name-only") return entry.tokens;
  return Math.max(0, entry.tokens - estimateTokens("x".repeat(71 + codePoints(escapeLevel1(entry.name)))));
}

function ClientBar(props: { client: ClientBudget; selected: boolean; onSelect: () => void }) {
  const { client, selected } = props;
  const limit = client.limitChars;
  const share = limit ? client.chars / limit : 0;
  return (
    <li className={`budget-bar${limit !== null && share > 1 ? " over" : ""}${selected ? " selected" : ""}`}>
      <button type="button" className="budget-bar-button" aria-pressed={selected} onClick={props.onSelect}>
        <span className="budget-bar-label">{client.label}</span>
        <span className="budget-bar-value">
          {tokens(client.tokens)} · {formatCount(client.entries.length)}{" "}
          {client.entries.length === 1 ? "skill" : "skills"} ·{" "}
          {limit === null
            ? `${formatCount(client.chars)} characters, limit not published`
            : `${formatCount(client.chars)} of ${formatCount(limit)} characters`}
        </span>
        {limit !== null ? (
          <span className="budget-bar-track" aria-hidden="true">
            <span className="budget-bar-fill" style={{ width: `${Math.min(100, share * 100)}%` }} />
          </span>
        ) : null}
      </button>
    </li>
  );
}

type Done = Record<string, { undoId: string; mode: OverrideMode }>;

function TopCosts(props: {
  client: ClientBudget;
  done: Done;
  busy: boolean;
  act: (entry: BudgetEntry, mode: Exclude<OverrideMode, "on">) => void;
  undo: (key: string) => void;
}) {
  const { client, done } = props;
  const top = [...client.entries].sort((a, b) => b.tokens - a.tokens).slice(0, TOP);
  const switchable = client.switches.kind === "skillOverrides";
  return (
    <section aria-labelledby="budget-top">
      <h2 id="budget-top">Costliest skills</h2>
      {top.length === 0 ? <p className="muted">This client lists no skill.</p> : null}
      {top.length && switchable ? (
        <p className="muted small">Each switch shows the tokens it saves every conversation.</p>
      ) : null}
      <ul className="budget-list">
        {top.map((e) => {
          const key = `${client.id}\0${e.name}`;
          const made = done[key];
          return (
            <li key={`${e.path}\0${e.name}`} className="budget-entry">
              <span className="budget-entry-name">{e.name}</span>
              <span className="budget-entry-cost">
                {tokens(e.tokens)}
                {e.mode !== "on" ? ` (${e.mode})` : ""}
              </span>
              {switchable ? (
                <span className="budget-actions">
                  {ACTIONS.filter((a) => a.mode !== e.mode).map((a) => (
                    <button
                      key={a.mode}
                      type="button"
                      className="button small"
                      disabled={props.busy}
                      onClick={() => props.act(e, a.mode)}
                    >
                      {a.label} (−{formatCount(savingOf(e, a.mode))})
                    </button>
                  ))}
                </span>
              ) : null}
              {made ? <UndoNote mode={made.mode} busy={props.busy} undo={() => props.undo(key)} /> : null}
            </li>
          );
        })}
      </ul>
      <UndoneElsewhere client={client} done={done} busy={props.busy} undo={props.undo} />
    </section>
  );
}

function UndoNote(props: { mode: OverrideMode; busy: boolean; undo: () => void; name?: string }) {
  const done = ACTIONS.find((a) => a.mode === props.mode)?.done ?? props.mode;
  return (
    <span className="budget-done" role="status">
      {props.name ? `${props.name}: ` : ""}
      {done}.{" "}
      <button type="button" className="button small" disabled={props.busy} onClick={props.undo}>
        Undo
      </button>
    </span>
  );
}

/** Switches made here whose skill left the costliest list (turned off): their Undo stays in reach. */
function UndoneElsewhere(props: { client: ClientBudget; done: Done; busy: boolean; undo: (key: string) => void }) {
  const shown = new Set(
    [...props.client.entries]
      .sort((a, b) => b.tokens - a.tokens)
      .slice(0, TOP)
      .map((e) => e.name),
  );
  const rest = Object.entries(props.done).filter(([key]) => {
    const [id, name] = key.split("\0");
    return id === props.client.id && !shown.has(name!);
  });
  if (rest.length === 0) return null;
  return (
    <ul className="budget-list">
      {rest.map(([key, d]) => (
        <li key={key} className="budget-entry">
          <UndoNote name={key.split("\0")[1]} mode={d.mode} busy={props.busy} undo={() => props.undo(key)} />
        </li>
      ))}
    </ul>
  );
}

function Cuts(props: { client: ClientBudget }) {
  const kinds = Object.keys(CUT_TITLES) as CutKind[];
  const groups = kinds
    .map((k) => [k, props.client.cuts.filter((c) => c.kind === k)] as const)
    .filter(([, l]) => l.length);
  return (
    <section aria-labelledby="budget-cuts">
      <h2 id="budget-cuts">What it cuts</h2>
      {groups.length === 0 ? <p className="muted">Nothing: every skill is listed in full.</p> : null}
      {groups.map(([kind, list]) => (
        <details key={kind} className="budget-cut" open={kind !== "not-listed"}>
          <summary>
            {CUT_TITLES[kind]} ({formatCount(list.length)})
          </summary>
          <ul>
            {list.slice(0, 50).map((c, i) => (
              <li key={`${c.name}\0${i}`}>
                <strong>{c.name}</strong>: {c.detail}
              </li>
            ))}
          </ul>
          {list.length > 50 ? <p className="muted">and {formatCount(list.length - 50)} more.</p> : null}
        </details>
      ))}
    </section>
  );
}

/** The Budget view. */
export function BudgetView() {
  const { api } = useApi();
  const [report, setReport] = useState<BudgetReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [done, setDone] = useState<Done>({});
  const [busy, setBusy] = useState(false);

  const show = useCallback((next: BudgetReport) => {
    setReport(next);
    setSelected((s) => (s && next.clients.some((c) => c.id === s) ? s : (next.clients[0]?.id ?? null)));
  }, []);
  const load = useCallback(async () => show(await api.budgetReport()), [api, show]);
  useEffect(() => {
    api.budgetReport().then(show, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [api, show]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await load();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const client = report?.clients.find((c) => c.id === selected) ?? null;
  const act = (entry: BudgetEntry, mode: Exclude<OverrideMode, "on">) =>
    run(async () => {
      const request: OverrideRequest = client?.projectDir
        ? { client: "claude-code", name: entry.name, mode, scope: "local", project: client.projectDir }
        : { client: "claude-code", name: entry.name, mode, scope: "user" };
      const change = await api.setSkillOverride(request);
      if (change.changed) setDone((d) => ({ ...d, [`${client!.id}\0${entry.name}`]: { undoId: change.undoId, mode } }));
    });
  const undo = (key: string) =>
    run(async () => {
      await api.undoSkillOverride(done[key]!.undoId);
      setDone((d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== key)));
    });

  return (
    <div className="budget-view">
      <h1>Budget</h1>
      <p className="lead">
        What each client pays, at the start of every conversation, for the list of skills it gives the model.
      </p>
      {error ? (
        <div className="banner warning" role="alert">
          {error}
        </div>
      ) : null}
      {!report ? <p className="muted">Working out each client's listing…</p> : null}
      {report && report.clients.length === 0 ? <p className="muted">No client on this computer lists skills.</p> : null}
      {report ? (
        <>
          <ul className="budget-bars" aria-label="Clients">
            {report.clients.map((c) => (
              <ClientBar key={c.id} client={c} selected={c.id === selected} onSelect={() => setSelected(c.id)} />
            ))}
          </ul>
          <p className="muted small">{report.tokenEstimate}</p>
        </>
      ) : null}
      {client ? (
        <div className="budget-client" aria-label={client.label}>
          <p className="budget-switches">
            {client.switches.kind === "skillOverrides"
              ? client.projectDir
                ? "A switch here is written to this project's settings.local.json: it applies to you, in this project only."
                : "A switch here is written to Claude Code's own settings: it applies to every project of yours."
              : client.switches.note}
          </p>
          <div className="budget-columns">
            <TopCosts client={client} done={done} busy={busy} act={act} undo={undo} />
            <Cuts client={client} />
          </div>
          {client.suggestions.length ? (
            <section aria-labelledby="budget-tips">
              <h2 id="budget-tips">Suggestions</h2>
              <ul>
                {client.suggestions.slice(0, 5).map((s) => (
                  <li key={s.skillId}>
                    <strong>{s.name}</strong>: {s.detail}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {client.notes.map((n) => (
            <p key={n} className="banner warning">
              {n}
            </p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
