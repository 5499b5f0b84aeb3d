// The catalog: filters in the sidebar, the grouped list, and the selected item's detail.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { CATALOG_SORTS, catalogLimitNotes, sortGroups, type CatalogSort } from "../../../shared/catalog-view";
import {
  buildCatalogGroups,
  catalogRows,
  clientCounts,
  filterGroups,
  NO_FILTERS,
  type CatalogFilters,
} from "../../../shared/ui-catalog";
import type { UpdateInfo } from "../../../shared/model";
import { isPendingUpdate } from "../../../shared/update-ignores";
import { count, plural } from "../lib/format";
import { useApi } from "../app/api-context";
import { CatalogList } from "./CatalogList";
import { AddSkillPanel } from "../manage/AddSkillPanel";
import { EntryDetail, type DetailTab } from "./EntryDetail";
import { RemovedNotice } from "../manage/ManageSkill";
import { EmptyState, ErrorState, Loading } from "../shared/StatusViews";
import type { CatalogData, UpdatesData } from "../app/use-app-data";
import { useSettings } from "../settings/use-settings";
import { OfferedDetail } from "./OfferedDetail";
import { OfferedList } from "./OfferedList";
import { useOffered } from "./use-offered";

/** No update states: what the list is ordered and filtered by when neither the filter nor the order uses them. */
const NO_UPDATES: ReadonlyMap<string, UpdateInfo> = new Map();

/** The shown entry with this key and its group, or null when the filters hide it. */
function findEntry(groups: ReturnType<typeof sortGroups>, key: string | null) {
  if (key === null) return null;
  for (const group of groups) for (const entry of group.entries) if (entry.key === key) return { entry, group };
  return null;
}

/** The catalog window content. */
export function CatalogView(props: { catalog: CatalogData; updates: UpdatesData }) {
  const { catalog, updates } = props;
  const [filters, setFilters] = useState<CatalogFilters>(NO_FILTERS);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [sort, setSort] = useState<CatalogSort>("name");
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = Boolean(target?.closest?.("input, textarea, select, [contenteditable=true]"));
      const find = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "f";
      if (!find && (event.key !== "/" || typing || event.ctrlKey || event.metaKey || event.altKey)) return;
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener("keydown", focusSearch);
    return () => window.removeEventListener("keydown", focusSearch);
  }, []);
  const [tab, setTab] = useState<DetailTab>("overview");
  const [removedName, setRemovedName] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [pendingSelect, setPendingSelect] = useState<string[] | null>(null);
  const deferredFilters = useDeferredValue(filters);
  const { api } = useApi();
  const offered = useOffered(api);
  const [addPreset, setAddPreset] = useState<{ source: string; skill: string } | undefined>(undefined);
  // By content: the settings arriving (or saving other keys) must not group 10,000 rows again.
  const accountNamesKey = JSON.stringify(useSettings(api).settings?.accountNames ?? {});
  const accountNames = useMemo(() => JSON.parse(accountNamesKey) as Record<string, string>, [accountNamesKey]);
  const groups = useMemo(
    () => (catalog.scan ? buildCatalogGroups(catalog.scan, accountNames) : []),
    [catalog.scan, accountNames],
  );
  // Update states change the list only when a filter or the order uses them.
  const updatesUsed = deferredFilters.updateAvailable || sort === "updates" ? updates.updates : NO_UPDATES;
  const filtered = useMemo(
    () => sortGroups(filterGroups(groups, deferredFilters, updatesUsed), sort, updatesUsed),
    [groups, deferredFilters, updatesUsed, sort],
  );
  const limits = useMemo(() => (catalog.scan ? catalogLimitNotes(catalog.scan) : []), [catalog.scan]);
  const rows = useMemo(() => catalogRows(filtered), [filtered]);
  const clients = useMemo(() => clientCounts(groups), [groups]);
  const total = useMemo(() => groups.reduce((n, g) => n + g.entries.length, 0), [groups]);
  const shown = useMemo(() => filtered.reduce((n, g) => n + g.entries.length, 0), [filtered]);
  const selected = useMemo(() => findEntry(filtered, selectedKey), [filtered, selectedKey]);
  const set = <K extends keyof CatalogFilters>(key: K, value: CatalogFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  // The skill an add just wrote is selected once the new scan lists it (state adjusted while rendering).
  const justAdded = useMemo(() => {
    if (!pendingSelect) return null;
    const entries = groups.flatMap((g) => g.entries);
    for (const dir of pendingSelect) {
      const found = entries.find(
        (e) =>
          e.kind === "skill" &&
          (e.skill.dir === dir ||
            (e.skill.links ?? []).includes(dir) ||
            (e.skill.placements ?? []).some((p) => p.path === dir)),
      );
      if (found) return found.key;
    }
    return null;
  }, [groups, pendingSelect]);
  if (justAdded !== null) {
    setSelectedKey(justAdded);
    setPendingSelect(null);
  }
  const select = (key: string | null) => {
    setAdding(false);
    setSelectedKey(key);
  };
  const outdated = useMemo(() => [...updates.updates.values()].filter(isPendingUpdate).length, [updates.updates]);

  return (
    <div className={filtersOpen ? "catalog filters-open" : "catalog"}>
      <aside className="sidebar" aria-label="Filters">
        <div className="sidebar-actions">
          <button
            type="button"
            className="button small sidebar-toggle"
            aria-expanded={filtersOpen}
            aria-label={filtersOpen ? "Hide filters" : "Show filters"}
            title={filtersOpen ? "Hide filters" : "Show filters"}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <span aria-hidden="true">{filtersOpen ? "«" : "☰"}</span>
          </button>
          <button
            type="button"
            className={adding ? "button small primary sidebar-add selected" : "button small primary sidebar-add"}
            aria-label="Add skill…"
            title="Add skill…"
            aria-pressed={adding}
            onClick={() => {
              setAddPreset(undefined);
              setAdding(true);
              setRemovedName(null);
            }}
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
            <input type="checkbox" checked={filters.hasErrors} onChange={(e) => set("hasErrors", e.target.checked)} />{" "}
            Has errors
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={filters.hasWarnings}
              onChange={(e) => set("hasWarnings", e.target.checked)}
            />{" "}
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
            <input
              type="checkbox"
              checked={offered.open}
              onChange={(e) => {
                setAdding(false);
                offered.setOpen(e.target.checked);
              }}
            />{" "}
            Offered by servers
          </label>
        </section>
        {catalog.scan && catalog.scan.diagnostics.length > 0 ? (
          <section className="sidebar-filters">
            <details className="place-notes-box">
              <summary>{plural(catalog.scan.diagnostics.length, "note")} about these places</summary>
              <ul className="place-notes">
                {catalog.scan.diagnostics.slice(0, 50).map((d, i) => (
                  <li key={i} className={`sev-${d.severity}`} title={d.file}>
                    {d.message}
                  </li>
                ))}
              </ul>
            </details>
          </section>
        ) : null}
      </aside>
      <section className="list-pane" aria-label="Skills and plugins">
        {removedName ? (
          <RemovedNotice name={removedName} onDone={() => setRemovedName(null)} onChanged={catalog.refresh} />
        ) : null}
        <div className="list-header">
          <input
            type="search"
            className="search"
            ref={searchRef}
            placeholder="Search skills  ( / )"
            aria-label="Search skills by name, description, folder or client"
            aria-keyshortcuts="/ Control+F Meta+F"
            value={filters.query}
            onChange={(e) => set("query", e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== "ArrowDown") return;
              e.preventDefault();
              document.querySelector<HTMLElement>('[role="listbox"]')?.focus();
            }}
          />
          <div className="list-tools">
            <div className="list-count" aria-live="polite">
              {catalog.scan
                ? shown === total
                  ? plural(total, "item")
                  : `${count(shown)} of ${plural(total, "item")}`
                : ""}
              {catalog.stored ? (
                <span className="list-checking" data-testid="catalog-checking">
                  {" "}
                  · Checking for changes…
                </span>
              ) : null}
            </div>
            <label className="sort">
              <span>Sort</span>
              <select value={sort} onChange={(e) => setSort(e.target.value as CatalogSort)} aria-label="Sort the list">
                {CATALOG_SORTS.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {limits.length > 0 ? (
            <div className="list-limits" role="note" data-testid="list-limits">
              <strong>Not everything is listed:</strong>
              <ul>
                {limits.map((text, i) => (
                  <li key={i}>{text}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        {offered.open ? (
          <OfferedList state={offered} query={filters.query} />
        ) : catalog.error ? (
          <ErrorState title="Skillshelf could not look for skills" message={catalog.error} onRetry={catalog.refresh} />
        ) : !catalog.scan ? (
          <Loading
            label={
              catalog.progress
                ? `Looking for skills on this computer… ${catalog.progress.title}${catalog.progress.value > 0 ? ` (${Math.round(catalog.progress.value * 100)}%)` : ""}`
                : "Looking for skills on this computer…"
            }
          />
        ) : total === 0 ? (
          <EmptyState title="No skills found yet" icon="☰">
            <p>
              Skillshelf looked in every place that Claude, Cursor, Codex and other apps keep skills, and found none.
              Install a skill, or open one you are writing in Author mode.
            </p>
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState
            title="Nothing matches"
            icon="∅"
            action={
              <button type="button" className="button" onClick={() => setFilters(NO_FILTERS)}>
                Clear search and filters
              </button>
            }
          >
            <p>No skill or plugin matches your search and filters.</p>
          </EmptyState>
        ) : (
          <CatalogList
            rows={rows}
            selectedKey={selectedKey}
            onSelect={select}
            onOpen={() => document.getElementById("detail-title")?.focus()}
            updates={updates.updates}
            label="Catalog"
          />
        )}
      </section>
      <section className="detail-pane" aria-label={adding ? "Add skill" : "Details"}>
        {adding ? (
          <AddSkillPanel
            key={addPreset ? `${addPreset.source}\n${addPreset.skill}` : "add"}
            preset={addPreset}
            onChanged={catalog.refresh}
            onAdded={(paths) => {
              offered.setOpen(false);
              setFilters(NO_FILTERS);
              setPendingSelect(paths);
            }}
            onShow={() => {
              setAdding(false);
              requestAnimationFrame(() => document.getElementById("detail-title")?.focus());
            }}
            onClose={() => setAdding(false)}
          />
        ) : offered.open ? (
          <OfferedDetail
            state={offered}
            onAdd={(source, skill) => {
              setAddPreset({ source, skill });
              setAdding(true);
            }}
          />
        ) : selected ? (
          <EntryDetail
            key={selected.entry.key}
            entry={selected.entry}
            group={selected.group}
            update={selected.entry.kind === "skill" ? updates.updates.get(selected.entry.skill.id) : undefined}
            revision={0}
            tab={tab}
            onTab={setTab}
            onChanged={catalog.refresh}
            onRemoved={(name) => {
              setRemovedName(name);
              catalog.refresh();
            }}
          />
        ) : (
          <EmptyState title="Select a skill" icon="←">
            <p>
              Choose a skill or plugin in the list to see where it lives, what is wrong with it, and what a model sees
              of it.
            </p>
          </EmptyState>
        )}
      </section>
    </div>
  );
}
