// The Updates view: every pending update with where it lives, installed → latest, the source, the release notes and
// the one next step; copies newer than their release and those whose state is unknown, each with the honest reason;
// "Check now", when the last check ran, the offline state, and "Update all" for folders the user owns.
import { useEffect, useMemo, useState } from "react";
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { UpdateAllItem } from "../../../shared/update-flow";
import { allSkills } from "../../../shared/scan-result";
import { updateSourceLabel } from "../../../shared/update-text";
import { errorMessage } from "../lib/format";
import { useApi } from "./api-context";
import { When } from "./InlineText";
import { KeptCopies } from "./KeptCopies";
import { ReleaseNotes } from "./ReleaseNotes";
import { placeOf } from "./UpdateParts";
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

/** Pending updates of the catalog (outdated copies), for the tab count and the banner. */
export function pendingUpdates(updates: ReadonlyMap<string, UpdateInfo>): UpdateInfo[] {
  return [...updates.values()].filter((u) => u.state === "outdated");
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
  const accountNames = useSettings(api).settings?.accountNames;
  const place = (skill: Skill) => placeOf(catalog.scan, skill, accountNames);
  const { active, onActiveChange: setActive } = props;
  const [allStatus, setAllStatus] = useState<string[] | null>(null);
  const [updatingAll, setUpdatingAll] = useState(false);
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
  const pending = list.filter((u) => u.state === "outdated");
  const ahead = list.filter((u) => u.state === "ahead" || u.state === "changed-locally");
  const unknown = list.filter((u) => u.state === "unknown");
  const ownFolders = pending.filter((u) => u.plan?.kind === "replace-folder");
  const offline = !online || (unknown.length > 0 && unknown.every((u) => u.cause === "offline"));

  const activeInfo = active ? updates.updates.get(active) : undefined;
  const activeSkill = active ? skills.get(active) : undefined;
  if (activeInfo && activeSkill)
    return (
      <UpdateWizard info={activeInfo} skill={activeSkill} place={place(activeSkill)} onClose={() => setActive(null)} />
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

  return (
    <div className="updates-view">
      <div className="updates-head">
        <h1>Updates</h1>
        <p className="muted" aria-live="polite">
          {updates.checking ? (
            "Checking for updates…"
          ) : updates.checkedAt ? (
            <>
              Checked <When date={updates.checkedAt} />
            </>
          ) : (
            "Not checked yet."
          )}
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
      {offline ? (
        <div className="banner warning offline" role="status">
          You are offline or the update sources cannot be reached: the states below are the last ones known. Check again
          when you are back online.
        </div>
      ) : null}
      {updates.error ? (
        <div className="banner warning" role="alert">
          Checking for updates failed: {updates.error}
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
        <h2 id="pending-title">
          {pending.length === 0
            ? "No updates available"
            : pending.length === 1
              ? "1 update available"
              : `${pending.length} updates available`}
        </h2>
        {pending.length === 0 ? (
          <p className="muted">
            {!updates.checkedAt
              ? "Check now to find out whether newer versions exist."
              : unknown.length > 0
                ? "None found; some copies could not be checked (see below)."
                : "Every copy with a known source is up to date."}
          </p>
        ) : null}
        <ul className="update-list">
          {pending.map((u) => (
            <PendingItem
              key={u.skillId}
              info={u}
              place={place(skills.get(u.skillId)!)}
              onUpdate={() => setActive(u.skillId)}
            />
          ))}
        </ul>
      </section>
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
      <KeptCopies place={place} skills={skills} refreshKey={updates.updates} />
      {unknown.length > 0 ? (
        <section aria-labelledby="unknown-title">
          <h2 id="unknown-title">Update state not known</h2>
          <ul className="update-list">
            {unknown.map((u) => (
              <li key={u.skillId} className="update-item" data-state="unknown">
                <h3>{u.name}</h3>
                <p className="update-place">{place(skills.get(u.skillId)!)}</p>
                <p className="unknown-reason">
                  {u.reason ?? "Skillshelf could not find out whether a newer version exists."}
                </p>
                {u.cause === "rate-limited" ? (
                  <p>
                    Add a GitHub token to raise the limit.{" "}
                    <button type="button" className="button small" onClick={props.openSettings}>
                      Open Settings
                    </button>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function PendingItem(props: { info: UpdateInfo; place: string; onUpdate: () => void }) {
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
        <strong>Next step:</strong> {info.plan?.nextStep}
      </p>
      {action ? (
        <button type="button" className="button primary" onClick={props.onUpdate}>
          {action}
        </button>
      ) : null}
    </li>
  );
}
