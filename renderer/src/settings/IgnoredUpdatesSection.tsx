// Settings: the updates the user chose not to see (a skill not checked, or one version ignored), each with "Show
// again", so an ignore made in the Updates view can be undone here too.
import { useState } from "react";
import type { PublicSettings } from "../../../shared/settings";
import type { SettingsData } from "./use-settings";

/** The section; nothing ignored says so. */
export function IgnoredUpdatesSection(props: { settings: PublicSettings; data: SettingsData }) {
  const { settings, data } = props;
  const [error, setError] = useState<string | null>(null);
  const { skills, versions } = settings.ignoredUpdates ?? { skills: [], versions: {} };
  const names = [...new Set([...skills, ...Object.keys(versions)])].sort((a, b) => a.localeCompare(b));
  const showAgain = async (name: string) =>
    setError(await data.update({ unignoreUpdates: name }, `Updates of ${name} are shown again.`));
  return (
    <section className="card settings-section" aria-labelledby="settings-ignored">
      <h2 id="settings-ignored">Ignored updates</h2>
      {names.length === 0 ? (
        <p className="small muted">
          No update is ignored. In Updates, &quot;Ignore this version&quot; and &quot;Don&apos;t check this skill for
          updates&quot; add one here.
        </p>
      ) : (
        <ul className="ignored-updates">
          {names.map((name) => (
            <li key={name}>
              <strong>{name}</strong>{" "}
              <span className="muted">
                {skills.includes(name) ? "not checked for updates" : `version ${versions[name]} ignored`}
              </span>{" "}
              <button type="button" className="button small" disabled={data.busy} onClick={() => void showAgain(name)}>
                Show updates of {name} again
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
