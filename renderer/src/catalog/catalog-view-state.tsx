// What the person set in the catalog (search, filters, order, the selected item and its tab), kept by the app so a
// trip to another tab and back finds the catalog as it was left.
import {
  createContext,
  useContext,
  useMemo,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from "react";
import type { CatalogSort } from "../../../shared/catalog-view";
import { NO_FILTERS, type CatalogFilters } from "../../../shared/ui-catalog";
import type { DetailTab } from "./EntryDetail";

/** The catalog's choices and their setters. */
export interface CatalogViewState {
  filters: CatalogFilters;
  setFilters: Dispatch<SetStateAction<CatalogFilters>>;
  selectedKey: string | null;
  setSelectedKey: Dispatch<SetStateAction<string | null>>;
  sort: CatalogSort;
  setSort: Dispatch<SetStateAction<CatalogSort>>;
  tab: DetailTab;
  setTab: Dispatch<SetStateAction<DetailTab>>;
}

const CatalogViewStateContext = createContext<CatalogViewState | null>(null);

/** Holds the catalog's choices above the tabs, so unmounting the catalog view does not reset them. */
export function CatalogViewStateProvider(props: { children: ReactNode }) {
  const [filters, setFilters] = useState<CatalogFilters>(NO_FILTERS);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [sort, setSort] = useState<CatalogSort>("name");
  const [tab, setTab] = useState<DetailTab>("overview");
  const value = useMemo(
    () => ({ filters, setFilters, selectedKey, setSelectedKey, sort, setSort, tab, setTab }),
    [filters, selectedKey, sort, tab],
  );
  return <CatalogViewStateContext.Provider value={value}>{props.children}</CatalogViewStateContext.Provider>;
}

/** The catalog's kept choices; the catalog view is only rendered inside App. */
export function useCatalogViewState(): CatalogViewState {
  const value = useContext(CatalogViewStateContext);
  if (!value) throw new Error("useCatalogViewState outside CatalogViewStateProvider");
  return value;
}
