// The stored catalog of a session: read once (off the answering thread) for the page's first paint, written after each
// scan and (debounced) after the watcher's changes from the JSON the page is answered with (read back in the task
// worker before it takes the file's name), only while the settings leave the cache on; failures cost only the next start's speed.
import path from "node:path";
import type { ScanResult, StoredCatalog } from "../../shared/model";
import { SerializedJson } from "../../shared/serialized-json";
import { snapshotFileIn, writeCatalogSnapshotPieces, type SnapshotKey } from "../engine/catalog-snapshot/snapshot";
import { offThread } from "../engine/off-thread/tasks";
import { defaultSettingsFile } from "../engine/settings";
import { updateCacheDir } from "../engine/updates/sources";
import type { HandlerContext } from "./context";
import { catalogJson } from "./catalog-json";

/** How long the watcher's changes settle before the stored catalog is rewritten. */
const CHANGED_WRITE_DELAY_MS = 5_000;

/** The session's stored catalog. */
export interface CatalogStore {
  /**
   * The stored catalog, read once per session in the task worker and passed on as its JSON (a page loaded later gets
   * the session's own scan instead).
   */
  read(): Promise<StoredCatalog | SerializedJson<StoredCatalog> | null>;
  /** Stores a catalog a scan returned. */
  save(catalog: ScanResult): void;
  /** Stores the watcher's catalog once its changes settle. */
  changed(catalog: ScanResult): void;
  /** Writes a pending change now (the session ends). */
  flush(): Promise<void>;
}

/** Creates the store for a session's scan set-up. */
export function createCatalogStore(
  context: HandlerContext,
  cacheOn: () => Promise<boolean>,
  log: (message: string) => void,
): CatalogStore {
  const { env, platform, home, include, homeLocations } = context.scanOptions;
  const key: SnapshotKey = {
    home,
    platform,
    include: include ?? [],
    homeLocations: homeLocations !== false,
    settingsFile: path.resolve(context.settingsFile ?? defaultSettingsFile(env, platform, home)),
  };
  const file = snapshotFileIn(updateCacheDir(env, platform, home), key);
  const on = () => cacheOn().catch(() => false);
  let writing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: ScanResult | null = null;
  let first: Promise<SerializedJson<StoredCatalog> | null> | null = null;
  let latest: StoredCatalog | null = null;

  const write = (catalog: ScanResult) => {
    writing = writing
      .then(async () => {
        // The bytes the page was (or will be) answered with, written here and read back in the task worker.
        if (!(await on())) return;
        const check = (temp: string) => offThread("storedCatalogReadsBack", temp, key);
        await writeCatalogSnapshotPieces(file, key, await catalogJson(catalog), check);
      })
      .catch(() => undefined);
  };

  return {
    read() {
      if (latest) return Promise.resolve(latest);
      first ??= on().then(async (yes) => {
        if (!yes) return null;
        const { json, note } = await offThread("storedCatalogJson", file, key);
        if (note) log(note);
        return json ? new SerializedJson<StoredCatalog>([json], "stored-catalog") : null;
      });
      return first;
    },
    save(catalog) {
      latest = { catalog, savedAt: new Date().toISOString() };
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      write(catalog);
    },
    changed(catalog) {
      latest = { catalog, savedAt: new Date().toISOString() };
      pending = catalog;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        if (pending) write(pending);
        pending = null;
      }, CHANGED_WRITE_DELAY_MS);
      timer.unref?.();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (pending) write(pending);
      pending = null;
      await writing;
    },
  };
}
