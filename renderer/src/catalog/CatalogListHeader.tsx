// Above the catalog list: the search field, how many items are shown, the order, and what the scan could not list.
import type { RefObject } from "react";
import { CATALOG_SORTS, type CatalogSort } from "../../../shared/catalog-view";
import { count, plural } from "../lib/format";

/** The search field, the count, the sort menu and the scan's limits. */
export function CatalogListHeader(props: {
  searchRef: RefObject<HTMLInputElement | null>;
  query: string;
  onQuery: (query: string) => void;
  scanned: boolean;
  stored: boolean;
  shown: number;
  total: number;
  sort: CatalogSort;
  onSort: (sort: CatalogSort) => void;
  limits: readonly string[];
}) {
  const { searchRef, shown, total, sort, limits } = props;
  return (
    <div className="list-header">
      <input
        type="search"
        className="search"
        ref={searchRef}
        placeholder="Search skills  ( / )"
        aria-label="Search skills by name, description, folder or client"
        aria-keyshortcuts="/ Control+F Meta+F"
        value={props.query}
        onChange={(e) => props.onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== "ArrowDown") return;
          e.preventDefault();
          document.querySelector<HTMLElement>('[role="listbox"]')?.focus();
        }}
      />
      <div className="list-tools">
        <div className="list-count" aria-live="polite">
          {props.scanned
            ? shown === total
              ? plural(total, "item")
              : `${count(shown)} of ${plural(total, "item")}`
            : ""}
          {props.stored ? (
            <span className="list-checking" data-testid="catalog-checking">
              {" "}
              · Checking for changes…
            </span>
          ) : null}
        </div>
        <label className="sort">
          <span>Sort</span>
          <select value={sort} onChange={(e) => props.onSort(e.target.value as CatalogSort)} aria-label="Sort the list">
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
  );
}
