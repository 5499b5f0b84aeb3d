// The catalog and the update state the views take from useAppData, as component tests hand them in.
import type { ScanResult } from "../../../shared/model";
import type { CatalogData, UpdatesData } from "../app/use-app-data";

/** A catalog that has loaded `scan` (nothing stored, no progress, no error). */
export const loadedCatalog = (scan: ScanResult): CatalogData => ({
  scan,
  loading: false,
  progress: null,
  error: null,
  refresh: () => undefined,
  stored: false,
});

/** No update known and no check made, with `extra` laid over it. */
export const updatesData = (extra: Partial<UpdatesData> = {}): UpdatesData => ({
  updates: new Map(),
  checking: false,
  checkedAt: null,
  lastSuccessAt: null,
  error: null,
  checkNow: () => undefined,
  ...extra,
});
