// The list of skills MCP servers offer, each "offered by SERVER", with the servers that offer none or could not be
// asked named below; filtered by the catalog's search. Server text is shown as text (React escapes it) and capped.
import { formatBytes } from "../../../shared/format";
import { plural } from "../lib/format";
import { ErrorState, Loading } from "../shared/StatusViews";
import type { OfferedState } from "./use-offered";
import "../offered.css";

const cap = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}…` : text);

/** The offered skills as a list; choosing one shows its preview in the detail pane. */
export function OfferedList(props: { state: OfferedState; query: string }) {
  const { state } = props;
  if (state.error)
    return <ErrorState title="The servers could not be asked" message={state.error} onRetry={state.refresh} />;
  if (!state.result) return <Loading label="Asking your MCP servers which skills they offer…" />;
  const query = props.query.trim().toLowerCase();
  const matches = (text: string) => !query || text.toLowerCase().includes(query);
  const offering = state.result.servers.filter((s) => s.state === "offers");
  const others = state.result.servers.filter((s) => s.state !== "offers");
  const rows = offering.flatMap((server) =>
    server.skills
      .filter((skill) => matches(skill.name) || matches(skill.description) || matches(server.name))
      .map((skill) => ({ server, skill })),
  );
  return (
    <div className="offered-list" data-testid="offered-list">
      <p className="offered-note" role="note">
        Skills your MCP servers offer (the Skills extension). Nothing here is installed: choose one to see what a model
        would see of it and its checks.
        <button type="button" className="button small" onClick={state.refresh} disabled={state.loading}>
          {state.loading ? "Asking…" : "Ask again"}
        </button>
      </p>
      {rows.length === 0 ? (
        <p className="muted offered-empty" role="status">
          {offering.length === 0 ? "None of your MCP servers offers skills." : "No offered skill matches your search."}
        </p>
      ) : (
        <ul className="offered-skills" aria-label="Offered skills">
          {rows.map(({ server, skill }) => {
            const chosen = state.chosen?.server.id === server.id && state.chosen.skill.uri === skill.uri;
            return (
              <li key={`${server.id}\n${skill.uri}`}>
                <button
                  type="button"
                  className={chosen ? "offered-skill selected" : "offered-skill"}
                  aria-pressed={chosen}
                  onClick={() => state.choose({ server, skill })}
                >
                  <span className="entry-line">
                    <span className="entry-name">{cap(skill.name || "(no name)", 100)}</span>{" "}
                    <span className="muted">offered by {cap(server.name, 100)}</span>
                    {skill.invalid ? <span className="badge error"> cannot be added</span> : null}
                  </span>{" "}
                  <span className="entry-description">
                    {skill.files !== null ? `${plural(skill.files, "file")}, ${formatBytes(skill.bytes ?? 0)} · ` : ""}
                    {cap(skill.description, 200)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {offering.some((s) => s.more > 0) ? (
        <p className="muted offered-empty">Some servers offer more skills than are listed here.</p>
      ) : null}
      {others.length + state.result.notApproved.length + state.result.problems.length > 0 ? (
        <details className="place-notes-box offered-others">
          <summary>{plural(others.length + state.result.notApproved.length, "other server")}</summary>
          <ul className="place-notes">
            {others.map((s) => (
              <li key={s.id}>
                {cap(s.name, 100)} ({cap(s.address, 200)}):{" "}
                {s.state === "none" ? "offers no skills" : `could not be asked — ${cap(s.error ?? "", 300)}`}
              </li>
            ))}
            {state.result.notApproved.map((s, i) => (
              <li key={`stdio-${i}`}>
                {cap(s.name, 100)}: a local server not approved in Settings, so it was not started
              </li>
            ))}
            {state.result.problems.map((p, i) => (
              <li key={`problem-${i}`}>{cap(p, 300)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
