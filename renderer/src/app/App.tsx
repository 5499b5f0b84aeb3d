// The window: a toolbar, then the catalog (sidebar, list, detail) or author mode.
import { useCallback, useMemo, useState } from "react";
import type { SkillshelfApi } from "../../../shared/ipc";
import { ApiContext } from "./api-context";
import { CatalogView } from "../catalog/CatalogView";
import { CatalogViewStateProvider } from "../catalog/catalog-view-state";
import { AuthorView, BudgetView, SettingsView } from "./lazy-tabs";
import { ExternalLinkProvider } from "../shared/ExternalLink";
import { When } from "../shared/InlineText";
import { RecoveryNotices } from "./RecoveryNotices";
import { SettingsProvider } from "./settings-store";
import { UpdateLauncherContext } from "./update-launcher";
import { UpdatesView } from "../updates/UpdatesView";
import { pendingUpdateCount } from "../../../shared/update-rows";
import { useAppInfo, useAuthor, useCatalog, useUpdates } from "./use-app-data";

type Mode = "catalog" | "updates" | "budget" | "author" | "settings";

/** The whole app for one API object. */
export function App(props: { api: SkillshelfApi }) {
  const { api } = props;
  const [mode, setMode] = useState<Mode>("catalog");
  const info = useAppInfo(api);
  const catalog = useCatalog(api);
  const updates = useUpdates(api);
  const [activeUpdate, setActiveUpdate] = useState<string | null>(null);
  // Leaving the Updates view closes the update it showed.
  const switchMode = useCallback((next: Mode) => {
    setMode(next);
    if (next !== "updates") setActiveUpdate(null);
  }, []);
  const author = useAuthor(api, () => switchMode("author"));
  const apiValue = useMemo(
    () => ({ api, host: info?.host ?? "web", consent: info?.consent ?? "none" }) as const,
    [api, info],
  );
  const pendingCount = useMemo(() => pendingUpdateCount(updates.updates.values()), [updates.updates]);
  const launchUpdate = useCallback((skillId: string) => {
    setActiveUpdate(skillId);
    setMode("updates");
  }, []);

  return (
    <ApiContext.Provider value={apiValue}>
      <SettingsProvider api={api}>
        <CatalogViewStateProvider>
          <ExternalLinkProvider>
            <UpdateLauncherContext.Provider value={launchUpdate}>
              <div className="app">
                <header className="toolbar">
                  <div className="brand">
                    <span className="brand-mark" aria-hidden="true">
                      ◧
                    </span>
                    <span className="brand-name">Skillshelf</span>
                  </div>
                  <nav className="mode-switch" aria-label="View">
                    <button
                      type="button"
                      aria-pressed={mode === "catalog"}
                      className={mode === "catalog" ? "selected" : ""}
                      onClick={() => switchMode("catalog")}
                    >
                      Catalog
                    </button>
                    <button
                      type="button"
                      aria-pressed={mode === "updates"}
                      className={mode === "updates" ? "selected" : ""}
                      onClick={() => switchMode("updates")}
                    >
                      Updates
                      {pendingCount > 0 ? (
                        <span className="tab-count" aria-label={`, ${pendingCount} available`}>
                          {" "}
                          {pendingCount}
                        </span>
                      ) : null}
                    </button>
                    <button
                      type="button"
                      aria-pressed={mode === "budget"}
                      className={mode === "budget" ? "selected" : ""}
                      onClick={() => switchMode("budget")}
                    >
                      Budget
                    </button>
                    <button
                      type="button"
                      aria-pressed={mode === "author"}
                      className={mode === "author" ? "selected" : ""}
                      onClick={() => switchMode("author")}
                    >
                      Author mode{author.snapshot ? " •" : ""}
                    </button>
                  </nav>
                  <div className="toolbar-actions">
                    {mode === "catalog" ? (
                      <>
                        <button type="button" className="button" onClick={catalog.refresh} disabled={catalog.loading}>
                          {catalog.loading ? "Scanning…" : "Rescan"}
                        </button>
                        <button
                          type="button"
                          className="button"
                          onClick={updates.checkNow}
                          disabled={updates.checking || !catalog.scan}
                        >
                          {updates.checking ? "Checking…" : "Check for updates"}
                        </button>
                      </>
                    ) : null}
                    <button
                      type="button"
                      className={mode === "settings" ? "button selected" : "button"}
                      aria-pressed={mode === "settings"}
                      onClick={() => switchMode(mode === "settings" ? "catalog" : "settings")}
                    >
                      Settings
                    </button>
                  </div>
                </header>
                {mode === "catalog" && pendingCount > 0 ? (
                  <div className="banner updates-banner" role="status">
                    {pendingCount === 1 ? "1 update available" : `${pendingCount} updates available`}{" "}
                    <button type="button" className="button small" onClick={() => switchMode("updates")}>
                      Show updates
                    </button>
                  </div>
                ) : null}
                <RecoveryNotices />
                {mode !== "updates" && updates.error ? (
                  <div className="banner warning" role="alert">
                    Checking for updates failed: {updates.error}
                  </div>
                ) : null}
                <main className="main">
                  {mode === "catalog" ? (
                    <CatalogView catalog={catalog} updates={updates} />
                  ) : mode === "updates" ? (
                    <UpdatesView
                      catalog={catalog}
                      updates={updates}
                      openSettings={() => switchMode("settings")}
                      active={activeUpdate}
                      onActiveChange={setActiveUpdate}
                    />
                  ) : mode === "budget" ? (
                    <BudgetView />
                  ) : mode === "author" ? (
                    <AuthorView author={author} updates={updates.updates} />
                  ) : (
                    <SettingsView locations={catalog.scan?.locations} />
                  )}
                </main>
                <footer className="statusbar">
                  <span>
                    {info
                      ? `Skillshelf ${info.version} · ${info.host === "web" ? "browser" : "desktop"} · ${info.platform}`
                      : "Skillshelf"}
                  </span>
                  <span>
                    {updates.checkedAt ? (
                      <>
                        Updates checked <When date={updates.checkedAt} />
                      </>
                    ) : null}
                  </span>
                </footer>
              </div>
            </UpdateLauncherContext.Provider>
          </ExternalLinkProvider>
        </CatalogViewStateProvider>
      </SettingsProvider>
    </ApiContext.Provider>
  );
}
