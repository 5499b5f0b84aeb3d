// The settings as React state: read once when the view opens, changed one patch at a time through the API.
import { useCallback, useEffect, useState } from "react";
import type { PublicSettings, SettingsPatch, SkillshelfApi } from "../../../shared/ipc";
import { errorMessage } from "../lib/format";

/** The public settings, the last load failure, and a change function that resolves to an error message or null. */
export interface SettingsData {
  settings: PublicSettings | null;
  loadError: string | null;
  busy: boolean;
  /** A short note after the last successful change ("Saved."), for a polite live region. */
  saved: string | null;
  update: (patch: SettingsPatch, note?: string) => Promise<string | null>;
  reload: () => void;
}

/** Loads the settings and applies changes; errors come back to the form that caused them. */
export function useSettings(api: SkillshelfApi): SettingsData {
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
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
  const update = useCallback(
    async (patch: SettingsPatch, note = "Saved.") => {
      setBusy(true);
      setSaved(null);
      try {
        setSettings(await api.updateSettings(patch));
        setSaved(note);
        return null;
      } catch (e) {
        return errorMessage(e);
      } finally {
        setBusy(false);
      }
    },
    [api],
  );
  return { settings, loadError, busy, saved, update, reload };
}
