// One update in the Updates view: a skill's pending update with its next step and ignore buttons, or a plugin's
// release, updated in its own client.
import type { UpdateInfo } from "../../../shared/model";
import { updateSourceLabel } from "../../../shared/update-text";
import { ReleaseNotes } from "../shared/lazy-detail";
import type { PluginUpdate } from "./update-groups";
import { guidedNextStep } from "./UpdateParts";
import { pendingVersions } from "./pending-versions";

/** A skill's pending update in one row (name, where, versions, its one action), the rest folded under Details. */
export function PendingItem(props: {
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
    <li className="update-item compact" data-state="outdated" data-plan={kind}>
      <div className="update-row">
        <h3>{info.name}</h3>
        <span className="update-place" title={info.dir}>
          {place}
        </span>
        <span className="versions">
          {"only" in versions ? (
            versions.only
          ) : (
            <>
              {versions.from} → <strong>{versions.to}</strong>
            </>
          )}
        </span>
        {info.stale ? <span className="muted small">{asOf(info.checkedAt)}</span> : null}
        {action ? (
          <button
            type="button"
            className="button primary update-row-action"
            data-opens-update={info.skillId}
            onClick={props.onUpdate}
          >
            {action}
          </button>
        ) : null}
      </div>
      <details className="update-more">
        <summary>{action ? "Details" : "How to update"}</summary>
        <p className="muted">
          Found by {updateSourceLabel(info.source)}
          {info.stale ? <> {asOf(info.checkedAt)}; the last check could not reach it</> : null}.
        </p>
        <ReleaseNotes info={info} />
        <p className="next-step">
          <strong>Next step:</strong> {action ? guidedNextStep(info) : info.plan?.nextStep}
        </p>
        <div className="updates-actions">
          {info.latest ? (
            <button type="button" className="button small" onClick={props.ignoreVersion}>
              Ignore this version
            </button>
          ) : null}
          <button type="button" className="button small" onClick={props.skipSkill}>
            Don't check this skill for updates
          </button>
        </div>
      </details>
    </li>
  );
}

/** "as of 10:42" (today), else "as of 3 Dec, 10:42": when a kept answer was found. */
function asOf(iso: string): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const today = date.toDateString() === new Date().toDateString();
  return today ? `as of ${time}` : `as of ${date.toLocaleDateString([], { day: "numeric", month: "short" })}, ${time}`;
}

/** A plugin's release, once: what it updates and how its own client updates it (no button here: it cannot work). */
export function PluginItem(props: { update: PluginUpdate }) {
  const { plugin, installed, latest, items } = props.update;
  const first = items[0]!;
  const names = [...new Set(items.map((u) => u.name))].sort();
  return (
    <li className="update-item compact" data-state="outdated" data-plugin={plugin.name}>
      <div className="update-row">
        <h3>{plugin.name} (plugin)</h3>
        <span className="update-place">
          Updates its skill{names.length === 1 ? "" : "s"} {names.join(", ")}.
        </span>
        <span className="versions">
          {installed ?? "unknown"} → <strong>{latest ?? "unknown"}</strong>
        </span>
        {first.stale ? <span className="muted small">{asOf(first.checkedAt)}</span> : null}
        <span className="muted small update-row-action">
          Updated in {plugin.format === "claude-code" ? "Claude Code" : "the app you installed it with"}
        </span>
      </div>
      <details className="update-more">
        <summary>How to update</summary>
        <p className="muted">
          Found by {updateSourceLabel(first.source)}
          {first.stale ? <> {asOf(first.checkedAt)}; the last check could not reach it</> : null}.
        </p>
        <ReleaseNotes info={first} />
        <PluginSteps plugin={plugin} />
      </details>
    </li>
  );
}

/** How a plugin's own client updates it. */
function PluginSteps(props: { plugin: PluginUpdate["plugin"] }) {
  const { plugin } = props;
  return (
    <>
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
    </>
  );
}
