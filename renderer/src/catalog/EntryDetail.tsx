// The detail pane for one catalog entry: a skill (overview and its three levels) or a plugin.
import type { ReactNode } from "react";
import type { UpdateInfo } from "../../../shared/model";
import type { CatalogEntry, CatalogGroup } from "../../../shared/ui-catalog";
import { EntryBadges } from "../shared/Badges";
import { Levels } from "../shared/lazy-detail";
import { ManageSkill } from "../manage/ManageSkill";
import { PluginOverview } from "./PluginOverview";
import { SkillOverview } from "./SkillOverview";

/** The views of an entry; the caller keeps the chosen one, so it carries over from one skill to the next. */
export type DetailTab = "overview" | "level1" | "level2" | "level3";
const TABS: Array<{ id: DetailTab; label: string; detail?: string }> = [
  { id: "overview", label: "Overview" },
  { id: "level1", label: "Level 1", detail: "Listing" },
  { id: "level2", label: "Level 2", detail: "Instructions" },
  { id: "level3", label: "Level 3", detail: "Files" },
];

/** Header, tabs and the chosen tab of one entry; `revision` changes when the files changed (author mode). */
export function EntryDetail(props: {
  entry: CatalogEntry;
  group: CatalogGroup;
  update?: UpdateInfo;
  revision: number;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  onChanged?: () => void;
  onRemoved?: (name: string) => void;
  /** Shown under the header on every tab (author mode's tools). */
  tools?: ReactNode;
}) {
  const { entry } = props;
  const tabs = entry.kind === "skill" ? TABS : TABS.slice(0, 1);
  const tab = tabs.some((t) => t.id === props.tab) ? props.tab : "overview";
  const onTabKey = (event: React.KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === tab);
    const next = event.key === "ArrowRight" ? i + 1 : event.key === "ArrowLeft" ? i - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    props.onTab(target.id);
    document.getElementById(`tab-${target.id}`)?.focus();
  };
  return (
    <article className={tab === "overview" ? "detail" : "detail detail-levels"} aria-labelledby="detail-title">
      <header className="detail-header">
        <p className="detail-eyebrow">{props.group.title}</p>
        <h1 id="detail-title" tabIndex={-1}>
          {entry.name}
        </h1>
        <EntryBadges entry={entry} update={props.update} />
        <p className="detail-description">{entry.description || "This has no description."}</p>
        {props.tools}
      </header>
      <div className="tabs" role="tablist" aria-label="Views of this item">
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? "tab selected" : "tab"}
            onClick={() => props.onTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
            {t.detail ? <span className="tab-detail"> · {t.detail}</span> : null}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {entry.kind === "plugin" ? (
          <PluginOverview plugin={entry.plugin} />
        ) : tab === "overview" ? (
          <>
            <SkillOverview skill={entry.skill} update={props.update} />
            {props.onChanged && props.onRemoved ? (
              <ManageSkill skill={entry.skill} onChanged={props.onChanged} onRemoved={props.onRemoved} />
            ) : null}
          </>
        ) : (
          <Levels skill={entry.skill} level={tab} revision={`${props.revision}:${entry.skill.contentHash}`} />
        )}
      </div>
    </article>
  );
}
