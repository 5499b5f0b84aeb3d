// The app's data as React state: the catalog (kept live by events), update states and the author folder.
import { useCallback, useEffect, useRef, useState } from "react";
import type { AppInfo, AuthorSnapshot, SkillshelfApi } from "../../../shared/ipc";
import type { ScanResult, TaskProgress, UpdateInfo } from "../../../shared/model";
import { applyCatalogChange } from "../../../shared/ui-catalog";
import { answerTime, checkReachedNetwork } from "../../../shared/update-check-time";
import { openFolderOfSession, recentFolders, rememberFolder, setOpenFolderOfSession } from "../lib/recent-folders";
import { errorMessage } from "../lib/format";
import { takeStoredCatalog } from "../api/prefetch";

/** The catalog, whether it is loading, and what went wrong. */
export interface CatalogData {
  scan: ScanResult | null;
  loading: boolean;
  /** The latest progress report of a running scan. */
  progress: TaskProgress | null;
  error: string | null;
  refresh: () => void;
  /** True while `scan` is the catalog stored at the last run, shown until the first scan confirms (replaces) it. */
  stored: boolean;
}

/**
 * Scans on start and on demand, and applies the watcher's changes as they arrive. At start the stored catalog is shown
 * at once, if the first scan has not already answered; the scan's result then replaces it row by row (same ids).
 */
export function useCatalog(api: SkillshelfApi): CatalogData {
  // Taken once: when the prefetched stored catalog is already here, the first render shows its rows.
  const [start] = useState(() => takeStoredCatalog(api));
  const arrived = "arrived" in start ? start.arrived : null;
  const [scan, setScan] = useState<ScanResult | null>(arrived?.catalog ?? null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [stored, setStored] = useState(Boolean(arrived));
  const scanned = useRef(false);
  useEffect(
    () => api.onTaskProgress((p) => (p.kind === "update-download" ? undefined : setProgress(p.value >= 1 ? null : p))),
    [api],
  );
  const scanNow = useCallback(() => {
    api
      .scanCatalog()
      .then((result) => {
        scanned.current = true;
        setScan(result);
        setStored(false);
      })
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => {
        setLoading(false);
        setProgress(null);
      });
  }, [api]);
  const refresh = useCallback(() => {
    setLoading(true);
    setError(null);
    scanNow();
  }, [scanNow]);
  // The first scan starts with `loading` already true.
  useEffect(() => {
    let live = true;
    // The stored catalog first (one small read), then the scan: the host answers the first before the scan's work.
    if ("pending" in start)
      start.pending
        .then((last) => {
          if (!live || !last || scanned.current) return;
          setScan(last.catalog);
          setStored(true);
        })
        .catch(() => undefined)
        .finally(() => {
          if (live) scanNow();
        });
    // After this turn, as above: an effect run twice (React's strict mode) still scans once.
    else
      void Promise.resolve().then(() => {
        if (live) scanNow();
      });
    // A change is relative to the scan's catalog; the stored one is replaced by the scan anyway.
    const unsubscribe = api.onCatalogChanged((change) =>
      setScan((current) => (current && scanned.current ? applyCatalogChange(current, change) : current)),
    );
    return () => {
      live = false;
      unsubscribe();
    };
  }, [api, scanNow, start]);
  return { scan, loading, progress, error, refresh, stored };
}

/** Update states by skill id, and a "check now". */
export interface UpdatesData {
  updates: ReadonlyMap<string, UpdateInfo>;
  checking: boolean;
  checkedAt: Date | null;
  /** When the last check that reached the network ran (an offline check keeps the one before). */
  lastSuccessAt: Date | null;
  error: string | null;
  checkNow: () => void;
}

/** When the check behind these results ran: the newest `checkedAt` among them. */
function checkTime(list: readonly UpdateInfo[]): Date | null {
  const newest = list.reduce<string | null>(
    (max, u) => (max === null || answerTime(u) > max ? answerTime(u) : max),
    null,
  );
  const time = newest ? Date.parse(newest) : NaN;
  return Number.isFinite(time) ? new Date(time) : null;
}

/** Tracks update states: the last results at start, then those pushed by the poller, and runs manual checks. */
export function useUpdates(api: SkillshelfApi): UpdatesData {
  const [updates, setUpdates] = useState<ReadonlyMap<string, UpdateInfo>>(new Map());
  const [checking, setChecking] = useState(false);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [lastSuccessAt, setLastSuccessAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pushed = useRef(false);
  const store = useCallback((list: UpdateInfo[]) => {
    pushed.current = true;
    setUpdates(new Map(list.map((u) => [u.skillId, u])));
    setCheckedAt(checkTime(list) ?? new Date());
    if (checkReachedNetwork(list)) setLastSuccessAt(checkTime(list) ?? new Date());
  }, []);
  useEffect(() => {
    const unsubscribe = api.onUpdatesChanged(store);
    api
      .lastUpdates()
      .then((last) => {
        if (pushed.current) return;
        setUpdates(new Map(last.updates.map((u) => [u.skillId, u])));
        setCheckedAt(last.checkedAt ? new Date(last.checkedAt) : null);
        const success = last.lastSuccessAt ?? (checkReachedNetwork(last.updates) ? last.checkedAt : null);
        setLastSuccessAt(success ? new Date(success) : null);
        if (!last.checking) return;
        // A check was under way as the page loaded: its result may be pushed before the page listens, so ask for it.
        setChecking(true);
        return api
          .checkUpdates(false)
          .then((list) => pushed.current || store(list))
          .finally(() => setChecking(false));
      })
      .catch(() => undefined);
    return unsubscribe;
  }, [api, store]);
  const checkNow = useCallback(() => {
    setChecking(true);
    setError(null);
    api
      .checkUpdates(true)
      .then(store)
      .catch((e: unknown) => setError(errorMessage(e)))
      .finally(() => setChecking(false));
  }, [api, store]);
  return { updates, checking, checkedAt, lastSuccessAt, error, checkNow };
}

/** The folder open in author mode, kept live by author:changed. */
export interface AuthorData {
  snapshot: AuthorSnapshot | null;
  busy: boolean;
  error: string | null;
  /** When the last refresh arrived. */
  refreshedAt: Date | null;
  open: (path: string | null) => Promise<boolean>;
  close: () => void;
  /** Folders opened lately, newest first (kept across restarts). */
  recent: string[];
}

/** Opens, follows and closes the author-mode folder. */
export function useAuthor(api: SkillshelfApi, onOpened: () => void): AuthorData {
  const [snapshot, setSnapshot] = useState<AuthorSnapshot | null>(null);
  // Busy from the start when a reload of the window reopens the folder that was open.
  const [busy, setBusy] = useState(() => openFolderOfSession() !== null);
  const [error, setError] = useState<string | null>(null);
  const [refreshedAt, setRefreshedAt] = useState<Date | null>(null);
  const [recent, setRecent] = useState<string[]>(recentFolders);
  const openedRef = useRef(onOpened);
  const pathRef = useRef<string | null>(null);
  useEffect(() => {
    openedRef.current = onOpened;
  });
  useEffect(
    () =>
      api.onAuthorChanged((next) => {
        if (pathRef.current !== next.path) {
          pathRef.current = next.path;
          openedRef.current();
        }
        setSnapshot((current) =>
          current && current.path === next.path && current.revision > next.revision ? current : next,
        );
        setRefreshedAt(new Date());
      }),
    [api],
  );
  // Only the answer's callbacks set state, so a reload's reopening can start from an effect.
  const request = useCallback(
    (path: string | null): Promise<boolean> =>
      api
        .openAuthorFolder(path)
        .then(
          (result) => {
            if (result) {
              pathRef.current = result.path;
              setSnapshot(result);
              setRefreshedAt(new Date());
              setRecent(rememberFolder(result.path));
              setOpenFolderOfSession(result.path);
            }
            return result !== null;
          },
          (e: unknown) => {
            setError(errorMessage(e));
            if (path !== null && path === openFolderOfSession()) setOpenFolderOfSession(null);
            return false;
          },
        )
        .finally(() => setBusy(false)),
    [api],
  );
  const open = useCallback(
    (path: string | null) => {
      setBusy(true);
      setError(null);
      return request(path);
    },
    [request],
  );
  const close = useCallback(() => {
    pathRef.current = null;
    setSnapshot(null);
    setOpenFolderOfSession(null);
    api.closeAuthorFolder().catch(() => undefined);
  }, [api]);
  // After a reload of the window, the folder that was open is opened again.
  useEffect(() => {
    const before = openFolderOfSession();
    if (before) void request(before).then((opened) => opened && openedRef.current());
  }, [request]);
  return { snapshot, busy, error, refreshedAt, open, close, recent };
}

/** Facts about the running app (host, version). */
export function useAppInfo(api: SkillshelfApi): AppInfo | null {
  const [info, setInfo] = useState<AppInfo | null>(null);
  useEffect(() => {
    api
      .appInfo()
      .then(setInfo)
      .catch(() => undefined);
  }, [api]);
  return info;
}
