// One skill a server offers: "offered by SERVER", its levels 1-3 and its checks from a preview that installs nothing,
// and "Add…", which opens the Add flow with the server as the source and this skill chosen.
import { useState } from "react";
import { formatBytes } from "../../../shared/format";
import type { SkillLevels } from "../../../shared/levels";
import { plural } from "../lib/format";
import { DiagnosticsList } from "../shared/Diagnostics";
import { EmptyState, ErrorState, Loading } from "../shared/StatusViews";
import { Level1Panel, Level2Panel } from "./LevelPanels";
import type { OfferedState } from "./use-offered";

type OfferedTab = "level1" | "level2" | "level3" | "checks";
const TABS: Array<{ id: OfferedTab; label: string }> = [
  { id: "level1", label: "Level 1" },
  { id: "level2", label: "Level 2" },
  { id: "level3", label: "Level 3" },
  { id: "checks", label: "Checks" },
];

/** The bundled files as the preview read them (their content is not kept: the preview's folder is deleted). */
function OfferedFiles(props: { levels: SkillLevels }) {
  const files = props.levels.level3.entries.filter((e) => e.kind === "file");
  return (
    <div className="level level3">
      <p className="lead">
        {plural(files.length, "file")} bundled with this skill, about {props.levels.level3.tokens} tokens in all
        (estimate). A model reads them only when the instructions point to them.
      </p>
      <ul className="offered-files">
        {files.map((e) => (
          <li key={e.path}>
            <code>{e.path}</code> <span className="muted">{formatBytes(e.size)}</span>
            {e.referenced ? <span className="muted"> · referenced</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The detail pane for the chosen offered skill; `onAdd` opens the Add flow for it. */
export function OfferedDetail(props: { state: OfferedState; onAdd: (source: string, skill: string) => void }) {
  const { chosen, preview, previewError } = props.state;
  const [tab, setTab] = useState<OfferedTab>("level1");
  if (!chosen)
    return (
      <EmptyState title="Choose an offered skill" icon="←">
        <p>See what a model would see of it and what the checks find, before adding it.</p>
      </EmptyState>
    );
  const { server, skill } = chosen;
  const levels = preview?.uri === skill.uri && preview.serverId === server.id ? preview.levels : null;
  const addable = !skill.invalid && server.addSource !== null;
  return (
    <article className="detail" aria-labelledby="detail-title" data-testid="offered-detail">
      <header className="detail-header">
        <p className="detail-eyebrow">Offered by {server.name.slice(0, 100)}</p>
        <h1 id="detail-title" tabIndex={-1}>
          {skill.name.slice(0, 100) || "(no name)"}
        </h1>
        <p className="detail-description">{skill.description.slice(0, 1024) || "This has no description."}</p>
        <p className="muted">
          {server.address.slice(0, 200)} · <code>{skill.uri.slice(0, 300)}</code>
          {skill.files !== null ? ` · ${plural(skill.files, "file")}, ${formatBytes(skill.bytes ?? 0)}` : ""}
        </p>
        {skill.invalid ? (
          <p className="banner error" role="alert">
            This skill cannot be added: {skill.invalid.slice(0, 600)}
          </p>
        ) : null}
        {skill.asksForTools ? (
          <p className="banner warning" role="note">
            It asks for tools to be allowed without asking (allowed-tools); adding it needs your approval of that.
          </p>
        ) : null}
        {addable ? (
          <button type="button" className="button primary" onClick={() => props.onAdd(server.addSource!, skill.name)}>
            Add…
          </button>
        ) : !skill.invalid ? (
          <p className="muted">
            This server runs on this computer as a program, so its skills cannot be added by address.
          </p>
        ) : null}
      </header>
      {skill.invalid ? null : (
        <>
          <div className="tabs" role="tablist" aria-label="Views of this offered skill">
            {TABS.map((t) => (
              <button
                key={t.id}
                id={`offered-tab-${t.id}`}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                aria-controls="offered-panel"
                className={tab === t.id ? "tab selected" : "tab"}
                onClick={() => setTab(t.id)}
              >
                {t.label}
                {t.id === "checks" && levels ? (
                  <span className="tab-detail"> · {levels.diagnostics.length}</span>
                ) : null}
              </button>
            ))}
          </div>
          <div className="tab-panel" role="tabpanel" id="offered-panel" aria-labelledby={`offered-tab-${tab}`}>
            {previewError ? (
              <ErrorState
                title="This skill could not be previewed"
                message={previewError}
                onRetry={() => props.state.choose(chosen)}
              />
            ) : !levels ? (
              <Loading label="Fetching the skill's files to preview them (nothing is installed)…" />
            ) : tab === "level1" ? (
              <Level1Panel level={levels.level1} />
            ) : tab === "level2" ? (
              <Level2Panel level={levels.level2} />
            ) : tab === "level3" ? (
              <OfferedFiles levels={levels} />
            ) : (
              <DiagnosticsList diagnostics={levels.diagnostics} root={levels.dir} editable={false} openable={false} />
            )}
          </div>
        </>
      )}
    </article>
  );
}
