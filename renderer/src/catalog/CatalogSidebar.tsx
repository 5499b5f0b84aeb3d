// The catalog's sidebar: Add skill, the client list with counts, the "Show only" filters and the notes about places.
import type { Diagnostic } from "../../../shared/model";
import type { CatalogFilters, clientCounts } from "../../../shared/ui-catalog";
import { count, plural } from "../lib/format";

/** The filters and the Add button; `set` changes one filter. */
export function CatalogSidebar(props: {
  filters: CatalogFilters;
  set: <K extends keyof CatalogFilters>(key: K, value: CatalogFilters[K]) => void;
  clients: ReturnType<typeof clientCounts>;
  total: number;
  outdated: number;
  diagnostics: readonly Diagnostic[];
  filtersOpen: boolean;
  toggleFilters: () => void;
  adding: boolean;
  onAdd: () => void;
  offeredOpen: boolean;
  onOffered: (open: boolean) => void;
}) {
  const { filters, set, clients, total, outdated, filtersOpen, adding } = props;
  return (
    <aside className="sidebar" aria-label="Filters">
      <div className="sidebar-actions">
        <button
          type="button"
          className="button small sidebar-toggle"
          aria-expanded={filtersOpen}
          aria-label={filtersOpen ? "Hide filters" : "Show filters"}
          title={filtersOpen ? "Hide filters" : "Show filters"}
          onClick={props.toggleFilters}
        >
          <span aria-hidden="true">{filtersOpen ? "«" : "☰"}</span>
        </button>
        <button
          type="button"
          className={adding ? "button small primary sidebar-add selected" : "button small primary sidebar-add"}
          aria-label="Add skill…"
          title="Add skill…"
          aria-pressed={adding}
          onClick={props.onAdd}
        >
          <span aria-hidden="true">+</span>
          <span className="sidebar-add-label" aria-hidden="true">
            {" "}
            Add skill…
          </span>
        </button>
      </div>
      <section className="sidebar-filters">
        <h2 className="sidebar-title">Clients</h2>
        <ul className="client-list">
          <li>
            <button
              type="button"
              className={filters.client === "all" ? "client selected" : "client"}
              aria-pressed={filters.client === "all"}
              onClick={() => set("client", "all")}
            >
              <span>All places</span>
              <span className="count">{count(total)}</span>
            </button>
          </li>
          {clients.map((c) => (
            <li key={c.client}>
              <button
                type="button"
                className={filters.client === c.client ? "client selected" : "client"}
                aria-pressed={filters.client === c.client}
                onClick={() => set("client", c.client)}
              >
                <span>{c.label}</span>
                <span className="count">{count(c.count)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="sidebar-filters">
        <h2 className="sidebar-title">Show only</h2>
        <label className="check">
          <input type="checkbox" checked={filters.hasErrors} onChange={(e) => set("hasErrors", e.target.checked)} /> Has
          errors
        </label>
        <label className="check">
          <input type="checkbox" checked={filters.hasWarnings} onChange={(e) => set("hasWarnings", e.target.checked)} />{" "}
          Has warnings
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.updateAvailable}
            onChange={(e) => set("updateAvailable", e.target.checked)}
          />{" "}
          Update available
          {outdated > 0 ? <span className="count pill">{outdated}</span> : null}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.notUserOwned}
            onChange={(e) => set("notUserOwned", e.target.checked)}
          />{" "}
          Managed by an app
        </label>
        <label className="check">
          <input type="checkbox" checked={props.offeredOpen} onChange={(e) => props.onOffered(e.target.checked)} />{" "}
          Offered by servers
        </label>
      </section>
      {props.diagnostics.length > 0 ? (
        <section className="sidebar-filters">
          <details className="place-notes-box">
            <summary>{plural(props.diagnostics.length, "note")} about these places</summary>
            <ul className="place-notes">
              {props.diagnostics.slice(0, 50).map((d, i) => (
                <li key={i} className={`sev-${d.severity}`} title={d.file}>
                  {d.message}
                </li>
              ))}
            </ul>
          </details>
        </section>
      ) : null}
    </aside>
  );
}
