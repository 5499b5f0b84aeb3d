// The app's settings for one form: the shared store, plus this view's own "saving" and "Saved." notes.
import { useCallback, useState } from "react";
import type { PublicSettings, SettingsPatch } from "../../../shared/ipc";
import { errorMessage } from "../lib/format";
import { useSettingsStore } from "../app/settings-store";

/** The public settings, the last load failure, and a change function that resolves to an error message or null. */
export interface SettingsData {
  settings: PublicSettings | null;
  loadError: string | null;
  busy: boolean;
  /** A short note after this view's last successful change ("Saved."), for a polite live region. */
  saved: string | null;
  update: (patch: SettingsPatch, note?: string) => Promise<string | null>;
  reload: () => void;
}

/** Reads the app's settings and applies changes; errors come back to the form that caused them. */
export function useSettings(): SettingsData {
  const { settings, loadError, reload, change } = useSettingsStore();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useCallback(
    async (patch: SettingsPatch, note = "Saved.") => {
      setBusy(true);
      setSaved(null);
      try {
        await change(patch);
        setSaved(note);
        return null;
      } catch (e) {
        return errorMessage(e);
      } finally {
        setBusy(false);
      }
    },
    [change],
  );
  return { settings, loadError, busy, saved, update, reload };
}
