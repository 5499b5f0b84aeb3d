// The settings, read once for the whole app: every tab reads and changes the same copy, so a change made in one
// (an account named in Settings, an update ignored in Updates) shows in the others without asking the host again.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { PublicSettings, SettingsPatch, SkillshelfApi } from "../../../shared/ipc";
import { errorMessage } from "../lib/format";

/** The settings as last read or saved, the last load failure, and the two ways to change them. */
export interface SettingsStore {
  settings: PublicSettings | null;
  loadError: string | null;
  reload: () => void;
  /** Sends one patch; the host's answer becomes everyone's settings. Rejects with the host's error. */
  change: (patch: SettingsPatch) => Promise<void>;
}

const SettingsContext = createContext<SettingsStore | null>(null);

/** Loads the settings once when the app starts and keeps them for every view below it. */
export function SettingsProvider(props: { api: SkillshelfApi; children: ReactNode }) {
  const { api } = props;
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .getSettings()
      .then(setSettings)
      .catch((e: unknown) => setLoadError(errorMessage(e)));
  }, [api]);
  useEffect(load, [load]);
  const reload = useCallback(() => {
    setLoadError(null);
    load();
  }, [load]);
  const change = useCallback(async (patch: SettingsPatch) => setSettings(await api.updateSettings(patch)), [api]);
  const value = useMemo(() => ({ settings, loadError, reload, change }), [settings, loadError, reload, change]);
  return <SettingsContext.Provider value={value}>{props.children}</SettingsContext.Provider>;
}

/** The app's one settings store; views are only rendered inside App. */
export function useSettingsStore(): SettingsStore {
  const value = useContext(SettingsContext);
  if (!value) throw new Error("useSettingsStore outside SettingsProvider");
  return value;
}
