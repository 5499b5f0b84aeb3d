// The Updates view's lower sections: copies newer than their release or changed here, and what needs nothing done.
import type { SettingsPatch } from "../../../shared/settings";
import type { UpdateInfo } from "../../../shared/model";
import type { GroupedUpdates } from "./update-groups";
import { LocalEditsItem } from "./LocalEditsItem";
import { UpdateGroupView } from "./UpdateGroupView";

/** Copies ahead of their release (nothing to do) or edited here (update over the edits, or keep them). */
export function AheadSection(props: {
  ahead: readonly UpdateInfo[];
  place: (u: UpdateInfo) => string;
  setActive: (skillId: string) => void;
  changeIgnore: (patch: SettingsPatch, text: string, name: string) => Promise<void>;
}) {
  const { ahead, place, setActive, changeIgnore } = props;
  if (ahead.length === 0) return null;
  return (
    <section aria-labelledby="ahead-title">
      <h2 id="ahead-title">Newer than the release, or changed here</h2>
      <ul className="update-list">
        {ahead.map((u) =>
          u.state === "changed-locally" ? (
            <LocalEditsItem
              key={u.skillId}
              info={u}
              place={place(u)}
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
              <p className="update-place">{place(u)}</p>
              <p>{`This copy (${u.installed}) is newer than the latest release (${u.latest}); nothing to do.`}</p>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

/** The summaries nothing can be done about, and the ignored updates with a way to show each again. */
export function NothingToDoSection(props: {
  groups: GroupedUpdates;
  place: (u: UpdateInfo) => string;
  showAgain: (name: string) => void;
}) {
  const { groups, place: infoPlace, showAgain } = props;
  if (groups.quiet.length === 0 && groups.ignored.length === 0) return null;
  return (
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
  );
}
