// The catalog: filters in the sidebar, the grouped list, and the selected item's detail.
import { useDeferredValue, useMemo, useState } from "react";
import { catalogLimitNotes, sortGroups } from "../../../shared/catalog-view";
import {
  buildCatalogGroups,
  catalogRows,
  clientCounts,
  filterGroups,
  NO_FILTERS,
  type CatalogFilters,
} from "../../../shared/ui-catalog";
import type { UpdateInfo } from "../../../shared/model";
import { pendingUpdateCount } from "../../../shared/update-rows";
import { CatalogList } from "./CatalogList";
import { CatalogListHeader } from "./CatalogListHeader";
import { CatalogSidebar } from "./CatalogSidebar";
import { useFindShortcut } from "./use-find-shortcut";
import { AddSkillPanel } from "../manage/AddSkillPanel";
import { EntryDetail } from "./EntryDetail";
import { RemovedNotice } from "../manage/ManageSkill";
import { EmptyState, ErrorState, Loading } from "../shared/StatusViews";
import type { CatalogData, UpdatesData } from "../app/use-app-data";
import { useSettingsStore } from "../app/settings-store";
import { useCatalogViewState } from "./catalog-view-state";
import { entryKeyAt, findEntry } from "./catalog-entries";
import { useApi } from "../app/api-context";
import { OfferedDetail } from "./OfferedDetail";
import { OfferedList } from "./OfferedList";
import { useOffered } from "./use-offered";

/** No update states: what the list is ordered and filtered by when neither the filter nor the order uses them. */
const NO_UPDATES: ReadonlyMap<string, UpdateInfo> = new Map();

/** The catalog window content. */
export function CatalogView(props: { catalog: CatalogData; updates: UpdatesData }) {
  const { catalog, updates } = props;
  const { filters, setFilters, selectedKey, setSelectedKey, sort, setSort, tab, setTab } = useCatalogViewState();
  const searchRef = useFindShortcut();
  const [removedName, setRemovedName] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [pendingSelect, setPendingSelect] = useState<string[] | null>(null);
  const deferredFilters = useDeferredValue(filters);
  const offered = useOffered(useApi().api);
  const [addPreset, setAddPreset] = useState<{ source: string; skill: string } | undefined>(undefined);
  // By content: the settings arriving (or saving other keys) must not group 10,000 rows again.
  const accountNamesKey = JSON.stringify(useSettingsStore().settings?.accountNames ?? {});
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
  const justAdded = useMemo(() => (pendingSelect ? entryKeyAt(groups, pendingSelect) : null), [groups, pendingSelect]);
  if (justAdded !== null) {
    setSelectedKey(justAdded);
    setPendingSelect(null);
  }
  const select = (key: string | null) => {
    setAdding(false);
    setSelectedKey(key);
  };
  const outdated = useMemo(() => pendingUpdateCount(updates.updates.values()), [updates.updates]);

  return (
    <div className={filtersOpen ? "catalog filters-open" : "catalog"}>
      <CatalogSidebar
        filters={filters}
        set={set}
        clients={clients}
        total={total}
        outdated={outdated}
        diagnostics={catalog.scan?.diagnostics ?? []}
        filtersOpen={filtersOpen}
        toggleFilters={() => setFiltersOpen((open) => !open)}
        adding={adding}
        onAdd={() => {
          setAddPreset(undefined);
          setAdding(true);
          setRemovedName(null);
        }}
        offeredOpen={offered.open}
        onOffered={(open) => {
          setAdding(false);
          offered.setOpen(open);
        }}
      />
      <section className="list-pane" aria-label="Skills and plugins">
        {removedName ? (
          <RemovedNotice name={removedName} onDone={() => setRemovedName(null)} onChanged={catalog.refresh} />
        ) : null}
        <CatalogListHeader
          searchRef={searchRef}
          query={filters.query}
          onQuery={(query) => set("query", query)}
          scanned={catalog.scan !== null}
          stored={catalog.stored}
          shown={shown}
          total={total}
          sort={sort}
          onSort={setSort}
          limits={limits}
        />
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
