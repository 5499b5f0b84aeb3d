// The Updates view: the updates to install first (where each lives, installed → latest, the source, the release notes,
// the one next step, "Ignore this version" and "Don't check this skill for updates"), then the copies a new check may
// answer, then one collapsed summary per reason for the rest, the ignored updates, and the history. The headline and the
// status line say when nothing could be checked (offline) and keep the time of the last check that reached the network.
import { useEffect, useMemo, useState } from "react";
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { SettingsPatch } from "../../../shared/settings";
import type { UpdateAllItem } from "../../../shared/update-flow";
import { isPendingUpdate } from "../../../shared/update-ignores";
import { allSkills } from "../../../shared/scan-result";
import { updateSourceLabel } from "../../../shared/update-text";
import { errorMessage } from "../lib/format";
import { useApi } from "./api-context";
import { When } from "./InlineText";
import { HistorySection } from "./UpdateHistory";
import { ReleaseNotes } from "./lazy-detail";
import { groupUpdates, updatesHeadline } from "./update-groups";
import { UpdateGroupView } from "./UpdateGroupView";
import { guidedNextStep, placeOf, useOpenWizard, useReturnFocus } from "./UpdateParts";
import { useSettings } from "./use-settings";
import { UpdateWizard } from "./UpdateWizard";
import type { CatalogData, UpdatesData } from "./use-app-data";
import "../updates.css";
/** How one copy fared in Update all, in a line. */
export function updateAllLine(item: UpdateAllItem): string {
  if (!item.ok) return `${item.name}: not updated. ${item.problem.message} ${item.problem.advice}`;
  if (item.nothingToDo) return `${item.name}: already holds exactly these files; nothing to do.`;
  return `${item.name}: updated to ${item.version ?? "the new version"} (the old copy is kept below).`;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return online;
}

/** Pending updates of the catalog (outdated copies not ignored), for the tab count and the banner. */
export function pendingUpdates(updates: ReadonlyMap<string, UpdateInfo>): UpdateInfo[] {
  return [...updates.values()].filter(isPendingUpdate);
}

/** The status line: when the last check ran, and whether it reached the network. */
function CheckStatus(props: { updates: UpdatesData; offline: boolean }) {
  const { updates } = props;
  if (updates.checking) return <>Checking for updates…</>;
  if (!updates.checkedAt) return <>Not checked yet.</>;
  if (!props.offline)
    return (
      <>
        Checked <When date={updates.checkedAt} />
      </>
    );
  return updates.lastSuccessAt ? (
    <>
      Last checked <When date={updates.lastSuccessAt} />; couldn't check <When date={updates.checkedAt} />.
    </>
  ) : (
    <>
      Couldn't check <When date={updates.checkedAt} />; no check has reached the update sources yet.
    </>
  );
}

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
  const settings = useSettings(api);
  const accountNames = settings.settings?.accountNames;
  const place = (skill: Skill) => placeOf(catalog.scan, skill, accountNames);
  const { active, onActiveChange: setActive } = props;
  const [allStatus, setAllStatus] = useState<string[] | null>(null);
  const [updatingAll, setUpdatingAll] = useState(false);
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
  const ownFolders = pending.filter((u) => u.plan?.kind === "replace-folder");
  const offlineGroup = groups.retry.find((g) => g.key === "offline");
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

  /** Update all is one operation of the update service; the page only shows how each copy fared. */
  const updateAll = async () => {
    setUpdatingAll(true);
    try {
      const items = await api.updateAll(ownFolders.map((u) => u.skillId));
      setAllStatus(items.map(updateAllLine));
    } catch (e) {
      setAllStatus([`Update all stopped: ${errorMessage(e)}`]);
    } finally {
      setUpdatingAll(false);
    }
  };

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
          <CheckStatus updates={updates} offline={offlineGroup !== undefined} />
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
          {ownFolders.length > 0 ? (
            <button type="button" className="button primary" disabled={updatingAll} onClick={() => void updateAll()}>
              {updatingAll ? "Updating…" : `Update all in your folders (${ownFolders.length})`}
            </button>
          ) : null}
        </div>
        {updates.checking ? <progress className="check-progress" aria-label="Checking for updates" /> : null}
      </div>
      {!online && !offlineGroup ? (
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
      {allStatus ? (
        <ul className="update-all-status" aria-label="Update all">
          {allStatus.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="pending-title">
        <h2 id="pending-title">{updatesHeadline(groups)}</h2>
        {pending.length === 0 && !updates.checkedAt ? (
          <p className="muted">Check now to find out whether newer versions exist.</p>
        ) : null}
        <ul className="update-list">
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
      {ahead.length > 0 ? (
        <section aria-labelledby="ahead-title">
          <h2 id="ahead-title">Newer than the release, or changed here</h2>
          <ul className="update-list">
            {ahead.map((u) => (
              <li key={u.skillId} className="update-item" data-state={u.state}>
                <h3>{u.name}</h3>
                <p className="update-place">{place(skills.get(u.skillId)!)}</p>
                <p>
                  {u.state === "ahead"
                    ? `This copy (${u.installed}) is newer than the latest release (${u.latest}); nothing to do.`
                    : u.plan?.nextStep}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {groups.quiet.length > 0 || groups.ignored.length > 0 ? (
        <section aria-labelledby="quiet-title">
          <h2 id="quiet-title">Nothing to do</h2>
          {groups.quiet.map((g) => (
            <UpdateGroupView key={g.key} group={g} place={infoPlace} />
          ))}
          {groups.ignored.length > 0 ? (
            <UpdateGroupView
              group={{ key: "ignored", items: groups.ignored }}
              place={infoPlace}
              itemExtra={(u) => (
                <>
                  {" "}
                  <span className="muted">
                    {u.ignored === "skill" ? "Not checked for updates." : `Version ${u.latest} ignored.`}
                  </span>{" "}
                  <button type="button" className="button small" onClick={() => showAgain(u.name)}>
                    Show updates of {u.name} again
                  </button>
                </>
              )}
            />
          ) : null}
        </section>
      ) : null}
      <HistorySection place={place} skills={skills} refreshKey={updates.updates} />
    </div>
  );
}

function PendingItem(props: {
  info: UpdateInfo;
  place: string;
  onUpdate: () => void;
  ignoreVersion: () => void;
  skipSkill: () => void;
}) {
  const { info, place } = props;
  const kind = info.plan?.kind;
  const action =
    kind === "replace-folder"
      ? "Update…"
      : kind === "desktop-upload"
        ? "Update for Claude Desktop…"
        : kind === "run-recipe" && !info.plan?.recipe?.suspicious
          ? "Update with its command…"
          : null;
  return (
    <li className="update-item" data-state="outdated" data-plan={kind}>
      <div className="update-item-head">
        <h3>{info.name}</h3>
        <span className="versions">
          {info.installed || info.latest ? (
            <>
              {info.installed ?? "unknown"} → <strong>{info.latest ?? "unknown"}</strong>
            </>
          ) : (
            "newer folder on GitHub"
          )}
        </span>
      </div>
      <p className="update-place" title={info.dir}>
        {place}
      </p>
      <p className="muted">Found by {updateSourceLabel(info.source)}.</p>
      <ReleaseNotes info={info} />
      <p className="next-step">
        <strong>Next step:</strong> {action ? guidedNextStep(info) : info.plan?.nextStep}
      </p>
      <div className="updates-actions">
        {action ? (
          <button type="button" className="button primary" data-opens-update={info.skillId} onClick={props.onUpdate}>
            {action}
          </button>
        ) : null}
        {info.latest ? (
          <button type="button" className="button small" onClick={props.ignoreVersion}>
            Ignore this version
          </button>
        ) : null}
        <button type="button" className="button small" onClick={props.skipSkill}>
          Don't check this skill for updates
        </button>
      </div>
    </li>
  );
}
