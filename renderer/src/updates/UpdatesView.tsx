// The Updates view: the updates to install first (where each lives, installed → latest, the source, the release notes,
// the one next step, "Ignore this version" and "Don't check this skill for updates"), then the copies a new check may
// answer, then one collapsed summary per reason for the rest, the ignored updates, and the history. The headline and the
// status line say when nothing could be checked (offline) and keep the time of the last check that reached the network.
import { useMemo, useState } from "react";
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { SettingsPatch } from "../../../shared/settings";
import { allSkills } from "../../../shared/scan-result";
import { useApi } from "../app/api-context";
import type { CatalogData, UpdatesData } from "../app/use-app-data";
import { useSettings } from "../settings/use-settings";
import { CheckStatus, failureWords, useOnline, useServerStates } from "./check-status";
import { groupUpdates, updatesHeadline } from "./update-groups";
import { UpdateAllPanel } from "./UpdateAllPanel";
import { UpdateGroupView } from "./UpdateGroupView";
import { HistorySection } from "./UpdateHistory";
import { PendingItem, PluginItem } from "./UpdateItems";
import { placeOf, useOpenWizard, useReturnFocus } from "./UpdateParts";
import { AheadSection, NothingToDoSection } from "./UpdateSections";
import { UpdateWizard } from "./UpdateWizard";
import "../updates.css";

/** The view. */
export function UpdatesView(props: {
  catalog: CatalogData;
  updates: UpdatesData;
  openSettings: () => void;
  active: string | null;
  onActiveChange: (skillId: string | null) => void;
}) {
  const { catalog, updates } = props;
  const { api } = useApi();
  const online = useOnline();
  const settings = useSettings();
  const accountNames = settings.settings?.accountNames;
  const place = (skill: Skill) => placeOf(catalog.scan, skill, accountNames);
  const { active, onActiveChange: setActive } = props;
  const [ignoreNote, setIgnoreNote] = useState<{ text: string; name: string; undo: boolean } | null>(null);
  const skills = useMemo(
    () => new Map<string, Skill>((catalog.scan ? allSkills(catalog.scan) : []).map((s) => [s.id, s])),
    [catalog.scan],
  );
  const list = useMemo(
    () =>
      [...updates.updates.values()]
        .filter((u) => skills.has(u.skillId))
        .sort((a, b) => a.name.localeCompare(b.name) || a.dir.localeCompare(b.dir)),
    [updates.updates, skills],
  );
  const groups = useMemo(() => groupUpdates(list), [list]);
  const { pending, ahead } = groups;
  const actionable = [...pending, ...groups.plugins.flatMap((p) => p.items), ...ahead];
  const servers = useServerStates(api, updates.updates);
  const failure = failureWords(list, servers, online);
  const anyStale = list.some((u) => u.stale && u.state !== "unknown");
  const infoPlace = (u: UpdateInfo) => place(skills.get(u.skillId)!);

  const { view, closing } = useReturnFocus(active !== null);

  const wizard = useOpenWizard(active, updates.updates, skills);
  if (wizard)
    return (
      <UpdateWizard
        info={wizard.info}
        skill={wizard.skill}
        place={place(wizard.skill)}
        onClose={() => {
          closing(wizard.info.skillId);
          setActive(null);
        }}
      />
    );

  /** Saves an ignore (or shows a skill's updates again); the host sends the results marked anew. */
  const changeIgnore = async (patch: SettingsPatch, text: string, name: string) => {
    const problem = await settings.update(patch, text);
    const undo = problem === null && patch.ignoreUpdates !== undefined;
    setIgnoreNote({ text: problem ? `That did not work: ${problem}` : text, name, undo });
  };
  const ignoreActions = (u: UpdateInfo) => ({
    ignoreVersion: () =>
      void changeIgnore(
        { ignoreUpdates: { name: u.name, version: u.latest } },
        `Version ${u.latest} of ${u.name} is ignored; a newer version will show again.`,
        u.name,
      ),
    skipSkill: () =>
      void changeIgnore(
        { ignoreUpdates: { name: u.name, version: null } },
        `Updates of ${u.name} are no longer shown.`,
        u.name,
      ),
  });
  const showAgain = (name: string) =>
    void changeIgnore({ unignoreUpdates: name }, `Updates of ${name} are shown again.`, name);

  return (
    <div className="updates-view" ref={view}>
      <div className="updates-head">
        <h1 tabIndex={-1}>Updates</h1>
        <p className="muted" aria-live="polite">
          <CheckStatus updates={updates} failure={failure} stale={anyStale} />
        </p>
        <div className="updates-actions">
          <button
            type="button"
            className="button"
            onClick={updates.checkNow}
            disabled={updates.checking || !catalog.scan}
          >
            {updates.checking ? "Checking…" : "Check now"}
          </button>
        </div>
        {updates.checking ? <progress className="check-progress" aria-label="Checking for updates" /> : null}
        <UpdateAllPanel list={actionable} />
      </div>
      {!online && !failure ? (
        <div className="banner warning offline">
          This computer is offline: the states below are the last ones known. Check again when you are back online.
        </div>
      ) : null}
      {updates.error ? (
        <div className="banner warning" role="alert">
          Checking for updates failed: {updates.error}
        </div>
      ) : null}
      {ignoreNote ? (
        <div className="banner" role="status">
          {ignoreNote.text}
          {ignoreNote.undo ? " " : null}
          {ignoreNote.undo ? (
            <button type="button" className="button small" onClick={() => showAgain(ignoreNote.name)}>
              Undo
            </button>
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="pending-title">
        <h2 id="pending-title">{updatesHeadline(groups, Boolean(updates.checkedAt))}</h2>
        {pending.length === 0 && !updates.checkedAt ? (
          <p className="muted">Check now to find out whether newer versions exist.</p>
        ) : null}
        <ul className="update-list">
          {groups.plugins.map((p) => (
            <PluginItem key={p.plugin.id} update={p} />
          ))}
          {pending.map((u) => (
            <PendingItem
              key={u.skillId}
              info={u}
              place={place(skills.get(u.skillId)!)}
              onUpdate={() => setActive(u.skillId)}
              {...ignoreActions(u)}
            />
          ))}
        </ul>
      </section>
      {groups.retry.map((g) => (
        <UpdateGroupView
          key={g.key}
          group={g}
          initiallyOpen={g.items.length <= 20}
          place={infoPlace}
          actions={
            <>
              <button
                type="button"
                className="button small"
                onClick={updates.checkNow}
                disabled={updates.checking || !catalog.scan}
              >
                Check again
              </button>
              {g.key === "rate-limited" ? (
                <button type="button" className="button small" onClick={props.openSettings}>
                  Open Settings
                </button>
              ) : null}
            </>
          }
        />
      ))}
      <AheadSection ahead={ahead} place={infoPlace} setActive={setActive} changeIgnore={changeIgnore} />
      <NothingToDoSection groups={groups} place={infoPlace} showAgain={showAgain} />
      <HistorySection place={place} skills={skills} refreshKey={updates.updates} />
    </div>
  );
}
