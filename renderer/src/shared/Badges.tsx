// The small labels on a skill or plugin: version, validity, update, links, drift, who manages it.
import type { UpdateInfo } from "../../../shared/model";
import { severityCounts, type CatalogEntry } from "../../../shared/ui-catalog";
import { plural } from "../lib/format";
import { pluginDiagnostics } from "./Diagnostics";
import { updateBadgeText } from "../../../shared/update-text";
import { isPendingUpdate } from "../../../shared/update-ignores";

/** Badges for one catalog entry. */
export function EntryBadges(props: { entry: CatalogEntry; update?: UpdateInfo; compact?: boolean }) {
  const { entry, update } = props;
  if (entry.kind === "plugin") {
    const p = entry.plugin;
    const counts = severityCounts(pluginDiagnostics(p));
    return (
      <span className="badges">
        <span className="badge kind">plugin</span>
        {p.version ? <span className="badge version">v{p.version}</span> : null}
        {!p.loads ? (
          <span className="badge error">won't load</span>
        ) : counts.error > 0 ? (
          <span className="badge error">{plural(counts.error, "error")}</span>
        ) : (
          <span className="badge ok">valid</span>
        )}
        {counts.warning > 0 ? <span className="badge warning">{plural(counts.warning, "warning")}</span> : null}
      </span>
    );
  }
  const s = entry.skill;
  const counts = severityCounts(s.diagnostics);
  // In the narrow list the badges that ask for action come first, so a lack of room hides the least useful ones.
  const actionable = (
    <>
      {update && isPendingUpdate(update) ? <span className="badge update">{updateBadgeText(update)}</span> : null}
      {update?.state === "changed-locally" ? <span className="badge warning">changed locally</span> : null}
    </>
  );
  return (
    <span className="badges">
      {props.compact ? actionable : null}
      {s.version ? (
        <span className="badge version" title={s.versionSource ? `From ${s.versionSource}` : undefined}>
          v{s.version}
        </span>
      ) : null}
      {counts.error > 0 || !s.valid ? (
        <span className="badge error">{plural(counts.error || 1, "error")}</span>
      ) : (
        <span className="badge ok">valid</span>
      )}
      {counts.warning > 0 ? <span className="badge warning">{plural(counts.warning, "warning")}</span> : null}
      {props.compact ? null : actionable}
      {update?.state === "ahead" && !props.compact ? <span className="badge subtle">newer than released</span> : null}
      {s.links.length > 0 ? (
        <span className="badge subtle" title={s.links.join("\n")}>
          in {s.links.length + 1} places
        </span>
      ) : null}
      {s.drift && s.drift.length > 0 ? (
        <span className="badge drift" title={s.drift.join("\n")}>
          drift
        </span>
      ) : null}
      {!s.userOwned && !props.compact ? <span className="badge subtle">managed</span> : null}
    </span>
  );
}
