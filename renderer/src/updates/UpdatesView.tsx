// The Updates view: the updates to install first (where each lives, installed → latest, the source, the release notes,
// the one next step, "Ignore this version" and "Don't check this skill for updates"), then the copies a new check may
// answer, then one collapsed summary per reason for the rest, the ignored updates, and the history. The headline and the
// status line say when nothing could be checked (offline) and keep the time of the last check that reached the network.
import { useEffect, useMemo, useState } from "react";
import type { Skill, UpdateInfo } from "../../../shared/model";
import type { SettingsPatch } from "../../../shared/settings";
import { isPendingUpdate } from "../../../shared/update-ignores";
import { allSkills } from "../../../shared/scan-result";
import { serverLabel, type UpdateServerStatus } from "../../../shared/update-servers";
import { updateSourceLabel } from "../../../shared/update-text";
import { useApi } from "../app/api-context";
import { LocalEditsItem } from "./LocalEditsItem";
import { UpdateAllPanel } from "./UpdateAllPanel";
import { When } from "../shared/InlineText";
import { HistorySection } from "./UpdateHistory";
import { pendingVersions } from "./pending-versions";
import { ReleaseNotes } from "../shared/lazy-detail";
import { groupUpdates, updatesHeadline, type PluginUpdate } from "./update-groups";
import { UpdateGroupView } from "./UpdateGroupView";
import { guidedNextStep, placeOf, useOpenWizard, useReturnFocus } from "./UpdateParts";
import { useSettings } from "../settings/use-settings";
import { UpdateWizard } from "./UpdateWizard";
import type { CatalogData, UpdatesData } from "../app/use-app-data";
import "../updates.css";
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

/** Pending updates, one per thing a person updates (a plugin's skills once, as the plugin), for the tab and banner. */
export function pendingUpdates(updates: ReadonlyMap<string, UpdateInfo>): UpdateInfo[] {
  const groups = groupUpdates([...updates.values()].filter(isPendingUpdate));
  return [...groups.pending, ...groups.plugins.map((p) => p.items[0]!)];
}

/** What the last check could not reach, named once: the machine, GitHub, or a server (null: nothing failed). */
export function failureWords(
  list: readonly UpdateInfo[],
  servers: readonly UpdateServerStatus[],
  online: boolean,
): string | null {
  const names = new Set<string>();
  for (const u of list) {
    const failed = u.stale?.failedSource ?? (u.state === "unknown" ? u.failedSource : undefined);
    if (failed) names.add(failed);
  }
  for (const s of servers) if (s.state === "unreachable") names.add(serverLabel(s.address));
  const offline = list.some((u) => u.cause === "offline" || u.stale?.cause === "offline");
  if (!online && (offline || names.size > 0)) return "this computer is offline";
  if (names.size === 0) return offline ? "the update sources could not be reached" : null;
  const all = [...names];
  const joined = all.length === 1 ? all[0]! : `${all.slice(0, -1).join(", ")} and ${all[all.length - 1]}`;
  return `${joined} could not be reached`;
}

/** The status line: when the last check ran and, once, what it could not reach. */
function CheckStatus(props: { updates: UpdatesData; failure: string | null; stale: boolean }) {
  const { updates, failure } = props;
  if (updates.checking) return <>Checking for updates…</>;
  if (!updates.checkedAt) return <>Not checked yet.</>;
  if (!failure)
    return (
      <>
        Checked <When date={updates.checkedAt} />.
      </>
    );
  return (
    <>
      Checked <When date={updates.checkedAt} />: {failure}.
      {props.stale ? " Where an earlier check found an answer, it is shown with its time." : null}
    </>
  );
}

/** The servers' states, asked again whenever the results change (no network: the host answers from memory). */
function useServerStates(api: ReturnType<typeof useApi>["api"], key: unknown): UpdateServerStatus[] {
  const [servers, setServers] = useState<UpdateServerStatus[]>([]);
  useEffect(() => {
    let live = true;
    api.updateServers(false).then(
      (next) => live && setServers(next),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, key]);
  return servers;
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
        <h2 id="pending-title">{updatesHeadline(groups)}</h2>
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
      {ahead.length > 0 ? (
        <section aria-labelledby="ahead-title">
          <h2 id="ahead-title">Newer than the release, or changed here</h2>
          <ul className="update-list">
            {ahead.map((u) =>
              u.state === "changed-locally" ? (
                <LocalEditsItem
                  key={u.skillId}
                  info={u}
                  place={place(skills.get(u.skillId)!)}
                  onUpdate={() => setActive(u.skillId)}
                  onKeep={() =>
                    void changeIgnore(
                      { ignoreUpdates: { name: u.name, version: null } },
                      `Your version of ${u.name} is kept; Skillshelf no longer offers updates for it.`,
                      u.name,
                    )
                  }
                />
              ) : (
                <li key={u.skillId} className="update-item" data-state={u.state}>
                  <h3>{u.name}</h3>
                  <p className="update-place">{place(skills.get(u.skillId)!)}</p>
                  <p>{`This copy (${u.installed}) is newer than the latest release (${u.latest}); nothing to do.`}</p>
                </li>
              ),
            )}
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
  const can = info.plan?.action;
  const versions = pendingVersions(info);
  const action =
    can === "download" && kind === "replace-folder"
      ? "Update…"
      : can === "download" && kind === "desktop-upload"
        ? "Update for Claude Desktop…"
        : can === "recipe"
          ? "Update with its command…"
          : null;
  return (
    <li className="update-item" data-state="outdated" data-plan={kind}>
      <div className="update-item-head">
        <h3>{info.name}</h3>
        <span className="versions">
          {"only" in versions ? (
            versions.only
          ) : (
            <>
              {versions.from} → <strong>{versions.to}</strong>
            </>
          )}
        </span>
      </div>
      <p className="update-place" title={info.dir}>
        {place}
      </p>
      <p className="muted">
        Found by {updateSourceLabel(info.source)}
        {info.stale ? <> {asOf(info.checkedAt)}; the last check could not reach it</> : null}.
      </p>
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

/** "as of 10:42" (today), else "as of 3 Dec, 10:42": when a kept answer was found. */
export function asOf(iso: string): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const today = date.toDateString() === new Date().toDateString();
  return today ? `as of ${time}` : `as of ${date.toLocaleDateString([], { day: "numeric", month: "short" })}, ${time}`;
}

/** A plugin's release, once: what it updates and how its own client updates it (no button here: it cannot work). */
function PluginItem(props: { update: PluginUpdate }) {
  const { plugin, installed, latest, items } = props.update;
  const first = items[0]!;
  const names = [...new Set(items.map((u) => u.name))].sort();
  return (
    <li className="update-item" data-state="outdated" data-plugin={plugin.name}>
      <div className="update-item-head">
        <h3>{plugin.name} (plugin)</h3>
        <span className="versions">
          {installed ?? "unknown"} → <strong>{latest ?? "unknown"}</strong>
        </span>
      </div>
      <p className="update-place">
        Updates its skill{names.length === 1 ? "" : "s"} {names.join(", ")}.
      </p>
      <p className="muted">
        Found by {updateSourceLabel(first.source)}
        {first.stale ? <> {asOf(first.checkedAt)}; the last check could not reach it</> : null}.
      </p>
      <ReleaseNotes info={first} />
      {plugin.format === "claude-code" ? (
        <div className="next-step">
          <strong>Next step:</strong> this plugin is updated in Claude Code, not here:
          <ol>
            <li>Open Claude Code.</li>
            <li>
              Type <code>/plugin</code> and press Enter.
            </li>
            <li>Choose {plugin.name} among the installed plugins, then choose Update.</li>
          </ol>
          <p className="muted small">
            If no update is offered, refresh its marketplace first: type <code>/plugin marketplace update</code> in
            Claude Code.
          </p>
        </div>
      ) : (
        <p className="next-step">
          <strong>Next step:</strong> update {plugin.name} in the app you installed it with; its skills follow.
        </p>
      )}
    </li>
  );
}
