// One summary of copies that share a reason ("10,300 skills have no update source"), collapsed unless asked: what it
// means, and the copies themselves a page at a time, so thousands of them never become thousands of elements at once.
import { useId, useState, type ReactNode } from "react";
import type { UpdateInfo } from "../../../shared/model";
import { count } from "../lib/format";
import { groupMeaning, groupTitle, type UpdateGroup } from "./update-groups";

/** Copies shown per page of an open group. */
export const GROUP_PAGE = 50;

/** The group: a disclosure button with its exact count, then (when open) its meaning, actions and copies. */
export function UpdateGroupView(props: {
  group: UpdateGroup;
  /** Open at first (the groups that ask for action). */
  initiallyOpen?: boolean;
  place: (info: UpdateInfo) => string;
  /** Buttons for the whole group ("Check again", "Open Settings"). */
  actions?: ReactNode;
  /** More for one copy (e.g. "Show updates again"). */
  itemExtra?: (info: UpdateInfo) => ReactNode;
}) {
  const { group } = props;
  const [open, setOpen] = useState(props.initiallyOpen ?? false);
  const [shown, setShown] = useState(GROUP_PAGE);
  const id = useId();
  const rest = group.items.length - shown;
  return (
    <section className="update-group" data-group={group.key} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="update-group-title">
        <button
          type="button"
          className="disclosure"
          aria-expanded={open}
          aria-controls={open ? `${id}-body` : undefined}
          onClick={() => setOpen(!open)}
        >
          {groupTitle(group)}
        </button>
      </h3>
      {open ? (
        <div id={`${id}-body`}>
          <p className="muted">{groupMeaning(group.key)}</p>
          {props.actions ? <div className="updates-actions">{props.actions}</div> : null}
          <ul className="update-group-list">
            {group.items.slice(0, shown).map((u) => (
              <li key={u.skillId} className="update-group-item" data-state={u.state}>
                <strong>{u.name}</strong> <span className="update-place">{props.place(u)}</span>
                {group.key !== "ignored" && u.reason ? <span className="unknown-reason"> {u.reason}</span> : null}
                {props.itemExtra?.(u)}
              </li>
            ))}
          </ul>
          {rest > 0 ? (
            <button type="button" className="button small" onClick={() => setShown(shown + GROUP_PAGE)}>
              Show {count(Math.min(rest, GROUP_PAGE))} more (of {count(rest)} not shown)
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
