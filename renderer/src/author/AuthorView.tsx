// Author mode: open the folder of a skill or plugin being written; every save re-validates and refreshes the views.
import { useMemo, useRef, useState, type DragEvent, type FormEvent } from "react";
import type { Diagnostic, UpdateInfo } from "../../../shared/model";
import { buildCatalogGroups, catalogRows, severityCounts, type CatalogEntry } from "../../../shared/ui-catalog";
import { plural } from "../lib/format";
import { useApi } from "../app/api-context";
import { CatalogList } from "../catalog/CatalogList";
import { DesktopCheckCard } from "./DesktopCheck";
import { EntryDetail, type DetailTab } from "../catalog/EntryDetail";
import { When } from "../shared/InlineText";
import { EmptyState } from "../shared/StatusViews";
import type { AuthorData } from "../app/use-app-data";

/** A folder path from a drop: Electron tells the real path; browsers give file:// URIs from file managers. */
function droppedPath(event: DragEvent, pathForFile?: (file: unknown) => string | null): string | null {
  const file = event.dataTransfer.files[0];
  if (file && pathForFile) {
    const p = pathForFile(file);
    if (p) return p;
  }
  const uri =
    event.dataTransfer
      .getData("text/uri-list")
      .split(/\r?\n/)
      .find((l) => l && !l.startsWith("#")) ?? event.dataTransfer.getData("text/plain").trim();
  if (uri.startsWith("file://")) {
    try {
      return decodeURIComponent(new URL(uri).pathname);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") || /^[a-zA-Z]:[\\/]/.test(uri) ? uri : null;
}

function OpenFolder(props: { author: AuthorData }) {
  const { api, host } = useApi();
  const [path, setPath] = useState("");
  const [hint, setHint] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (path.trim()) void props.author.open(path.trim());
  };
  const choose = async () => {
    const opened = await props.author.open(null);
    if (!opened) {
      setHint(
        host === "web"
          ? "Your browser cannot show Skillshelf a folder picker. Type or paste the folder's path below."
          : null,
      );
      inputRef.current?.focus();
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = droppedPath(event, api.pathForDroppedFile);
    if (dropped) void props.author.open(dropped);
    else setHint("Skillshelf could not tell where that folder is. Type or paste its path below.");
  };
  return (
    <div
      className={dragging ? "author-landing dragging" : "author-landing"}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <EmptyState title="Open a skill or plugin you are writing" icon="✎">
        <p>
          Skillshelf checks it against the Agent Skills and Agent Plugins rules and shows what a model sees. Every time
          you save a file, the checks and previews update by themselves.
        </p>
      </EmptyState>
      <div className="author-actions">
        <button type="button" className="button primary" onClick={() => void choose()} disabled={props.author.busy}>
          Choose folder…
        </button>
        <span className="muted">or drop a folder here, or type its path:</span>
        <form className="path-form" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="author-path">
            Folder path
          </label>
          <input
            ref={inputRef}
            id="author-path"
            className="path-input"
            placeholder="/path/to/my-skill"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            spellCheck={false}
          />
          <button type="submit" className="button" disabled={!path.trim() || props.author.busy}>
            Open
          </button>
        </form>
        {hint ? <p className="hint">{hint}</p> : null}
        {props.author.recent.length > 0 ? (
          <nav className="recent-folders" aria-label="Recent folders">
            <h2 className="sidebar-title">Recent folders</h2>
            <ul className="simple-list">
              {props.author.recent.map((folder) => (
                <li key={folder}>
                  <button
                    type="button"
                    className="link path"
                    onClick={() => void props.author.open(folder)}
                    disabled={props.author.busy}
                  >
                    {folder}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {props.author.error ? (
          <p className="viewer-error" role="alert">
            {props.author.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The findings about the opened folder itself, each once: a plugin lists its skills' findings too, and notes about
 * places outside the folder (a home that could not be watched) are not the skill's problems.
 */
function ownDiagnostics(
  root: string,
  scanDiagnostics: Diagnostic[],
  entries: Array<{ entry: CatalogEntry }>,
): Diagnostic[] {
  const inside = (file: string) => file === root || file.startsWith(root.endsWith("/") ? root : `${root}/`);
  const seen = new Map<string, Diagnostic>();
  const all = [
    ...scanDiagnostics.filter((d) => inside(d.file) && !d.code.startsWith("scan.watch.")),
    ...entries.flatMap(({ entry }) => (entry.kind === "skill" ? entry.skill.diagnostics : entry.plugin.diagnostics)),
  ];
  for (const d of all) seen.set(`${d.code}\n${d.file}\n${d.line ?? ""}\n${d.column ?? ""}\n${d.message}`, d);
  return [...seen.values()];
}

/**
 * What a group is called in author mode: the scan names a folder given to it "Added skill NAME" (the wording of
 * folders added to the catalog), but here the person opened it to work on it. Exported for tests.
 */
export function authorGroupTitle(title: string): string {
  const added = /^Added (skill|plugin|folder) (.*)$/.exec(title);
  if (!added) return title;
  return added[1] === "folder" ? `Opened folder — ${added[2]}` : `Opened folder — ${added[1]} ${added[2]}`;
}

/** The author-mode window content. */
export function AuthorView(props: { author: AuthorData; updates: ReadonlyMap<string, UpdateInfo> }) {
  const { author } = props;
  const snapshot = author.snapshot;
  const groups = useMemo(
    () => (snapshot ? buildCatalogGroups(snapshot.scan).map((g) => ({ ...g, title: authorGroupTitle(g.title) })) : []),
    [snapshot],
  );
  const rows = useMemo(() => catalogRows(groups), [groups]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [tab, setTab] = useState<DetailTab>("overview");
  const entries = useMemo(() => groups.flatMap((g) => g.entries.map((entry) => ({ entry, group: g }))), [groups]);
  const selected = entries.find((e) => e.entry.key === selectedKey) ?? entries[0] ?? null;
  if (!snapshot) return <OpenFolder author={author} />;
  const counts = severityCounts(ownDiagnostics(snapshot.path, snapshot.scan.diagnostics, entries));
  return (
    <div className="author">
      <div className="author-bar">
        <div>
          <div className="place-label">Watching</div>
          <code className="path" data-testid="author-path">
            {snapshot.path}
          </code>
        </div>
        <div className="author-status" aria-live="polite" data-testid="author-status">
          {entries.length === 0 ? (
            <span className="badge warning">no skill or plugin</span>
          ) : counts.error > 0 ? (
            <span className="badge error">{plural(counts.error, "error")}</span>
          ) : (
            <span className="badge ok">no errors</span>
          )}
          {counts.warning > 0 ? <span className="badge warning">{plural(counts.warning, "warning")}</span> : null}
          <span className="muted">
            {author.refreshedAt ? (
              <>
                Checked <When date={author.refreshedAt} />
              </>
            ) : null}{" "}
            · revision {snapshot.revision}
          </span>
        </div>
        <button type="button" className="button" onClick={author.close}>
          Close folder
        </button>
      </div>
      {entries.length === 0 ? (
        <EmptyState title="No skill or plugin in this folder" icon="✎">
          <p>
            Skillshelf looks for a SKILL.md file, a plugin.json file, or folders holding them. Add one and save: this
            view updates by itself.
          </p>
          {snapshot.scan.diagnostics.length > 0 ? (
            <ul className="simple-list">
              {snapshot.scan.diagnostics.map((d, i) => (
                <li key={i}>{d.message}</li>
              ))}
            </ul>
          ) : null}
        </EmptyState>
      ) : (
        <div className="author-body">
          {entries.length > 1 ? (
            <section className="list-pane narrow" aria-label="Skills in this folder">
              <CatalogList
                rows={rows}
                selectedKey={selected?.entry.key ?? null}
                onSelect={setSelectedKey}
                updates={props.updates}
                label="Skills in this folder"
              />
            </section>
          ) : null}
          <section className="detail-pane" aria-label="Details">
            {selected ? (
              <EntryDetail
                key={selected.entry.key}
                entry={selected.entry}
                group={selected.group}
                revision={snapshot.revision}
                tab={tab}
                onTab={setTab}
                tools={selected.entry.kind === "skill" ? <DesktopCheckCard skill={selected.entry.skill} /> : null}
              />
            ) : null}
          </section>
        </div>
      )}
    </div>
  );
}
