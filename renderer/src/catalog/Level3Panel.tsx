// Level 3: the files bundled with a skill as a tree confined to its folder, references marked, and a file viewer.
import { capabilitySummary } from "../../../shared/capabilities";
import { useEffect, useState } from "react";
import type { Level3Entry, SkillLevels, SkillResource } from "../../../shared/levels";
import { formatBytes } from "../../../shared/format";
import { errorMessage, plural, tokens } from "../lib/format";
import { useApi } from "../app/api-context";
import { CopyButton } from "../shared/CopyButton";
import { FileActionMessage, useFileActions } from "../shared/use-file-actions";

/** Tree order: SKILL.md first, then each folder directly followed by what it holds, names compared part by part. */
function treeOrder(entries: Level3Entry[]): Level3Entry[] {
  const key = (e: Level3Entry) => (e.path === "SKILL.md" ? [""] : e.path.split("/"));
  return [...entries].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      const c = ka[i]!.localeCompare(kb[i]!);
      if (c !== 0) return c;
    }
    return ka.length - kb.length;
  });
}

function depth(path: string): number {
  return path.split("/").length - 1;
}

function FileViewer(props: { dir: string; path: string; revision: string }) {
  const { api } = useApi();
  const [loaded, setLoaded] = useState<{ request: string; resource: SkillResource } | null>(null);
  // What was read belongs to its file and revision: another one shows "Opening…" until its answer arrives.
  const request = `${props.revision}\n${props.dir}\n${props.path}`;
  useEffect(() => {
    let live = true;
    api
      .skillResource(props.dir, props.path)
      .then((resource) => live && setLoaded({ request, resource }))
      .catch(
        (e: unknown) =>
          live && setLoaded({ request, resource: { ok: false, path: props.path, message: errorMessage(e) } }),
      );
    return () => {
      live = false;
    };
  }, [api, props.dir, props.path, request]);
  const resource = loaded?.request === request ? loaded.resource : null;
  if (!resource) return <p className="muted">Opening {props.path}…</p>;
  if (!resource.ok)
    return (
      <p className="viewer-error" role="alert">
        {resource.message}
      </p>
    );
  if (resource.kind === "binary") {
    return (
      <p className="muted" data-testid="binary-info">
        {resource.path} is not text ({resource.mime}, {formatBytes(resource.size)}), so it is not shown.
      </p>
    );
  }
  return (
    <div className="file-view">
      <FileHeader dir={props.dir} path={resource.path} text={resource.text} />
      <pre
        className="code-block viewer"
        data-testid="file-viewer"
        tabIndex={0}
        role="region"
        aria-label={`Contents of ${resource.path}`}
      >
        {resource.text}
      </pre>
    </div>
  );
}

/** The open file's name with Copy (its text) and Open (in the system's app for it). */
function FileHeader(props: { dir: string; path: string; text: string }) {
  const files = useFileActions();
  const separator = props.dir.includes("\\") ? "\\" : "/";
  const absolute = `${props.dir.replace(/[\\/]+$/, "")}${separator}${props.path.split("/").join(separator)}`;
  return (
    <div className="file-header" data-testid="file-header">
      <code className="file-header-name" title={absolute}>
        {props.path}
      </code>
      <CopyButton text={props.text} label="Copy" />
      <button
        type="button"
        className="button small"
        onClick={() => files.open(absolute)}
        aria-label={`Open ${props.path} in its app`}
      >
        Open
      </button>
      <FileActionMessage note={files.note} />
    </div>
  );
}

/** The bundled files of a skill. */
export function Level3Panel(props: { levels: SkillLevels; revision: string }) {
  const { dir, level3 } = props.levels;
  const [open, setOpen] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const files = treeOrder(level3.entries);
  const hidden = (p: string) => [...collapsed].some((dir) => p.startsWith(`${dir}/`));
  const toggle = (dir: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(dir)) next.add(dir);
      return next;
    });
  return (
    <div className="level level3">
      <p className="lead">
        {plural(files.filter((e) => e.kind === "file").length, "file")} bundled with this skill. A model reads them only
        when the instructions point to them.
      </p>
      <div className="meters">
        <div className="meter" data-testid="level3-tokens">
          <div className="meter-label">
            All files <span className="muted">(estimate)</span>
          </div>
          <div className="meter-value">
            {tokens(level3.tokens)}
            {level3.uncounted > 0 ? (
              <span className="muted"> · {plural(level3.uncounted, "file")} not counted (not text, or too large)</span>
            ) : null}
          </div>
        </div>
      </div>
      {props.levels.capabilities && capabilitySummary(props.levels.capabilities) ? (
        <p className="capability-summary" data-testid="capability-summary">
          {capabilitySummary(props.levels.capabilities)}.
        </p>
      ) : null}
      {level3.missing.length > 0 ? (
        <div className="banner warning" role="alert">
          <strong>Missing files:</strong> the instructions point to {level3.missing.map((m) => `“${m}”`).join(", ")},
          which {level3.missing.length === 1 ? "is" : "are"} not in the folder.
        </div>
      ) : null}
      {level3.outside.length > 0 ? (
        <p className="muted" role="note">
          {plural(level3.outside.length, "link")} in this folder {level3.outside.length === 1 ? "leads" : "lead"}{" "}
          outside it and {level3.outside.length === 1 ? "is" : "are"} not shown or read.
        </p>
      ) : null}
      {level3.truncated ? <p className="muted">The folder is very large; only part of it is listed.</p> : null}
      <div className="files-layout">
        <ul className="file-tree" aria-label="Files">
          {files
            .filter((entry) => !hidden(entry.path))
            .map((entry) => (
              <li key={entry.path} className={`file-row depth-${Math.min(depth(entry.path), 8)}`}>
                {entry.kind === "dir" ? (
                  <button
                    type="button"
                    className="file-dir"
                    aria-expanded={!collapsed.has(entry.path)}
                    onClick={() => toggle(entry.path)}
                    title={entry.path}
                  >
                    <span aria-hidden="true">{collapsed.has(entry.path) ? "▸ " : "▾ "}</span>
                    {entry.path.split("/").pop()}/
                  </button>
                ) : (
                  <button
                    type="button"
                    className={open === entry.path ? "file selected" : "file"}
                    aria-pressed={open === entry.path}
                    onClick={() => setOpen(entry.path)}
                    title={entry.path}
                  >
                    <span className="file-name">{entry.path.split("/").pop()}</span>
                    {entry.referenced ? <span className="badge ok">referenced</span> : null}
                    <span className="file-size">
                      {formatBytes(entry.size)}
                      {entry.tokens !== null ? ` · ${tokens(entry.tokens)}` : ""}
                    </span>
                  </button>
                )}
              </li>
            ))}
          {level3.missing.map((m) => (
            <li key={`missing-${m}`} className="file-row missing">
              <span className="file-name">{m}</span> <span className="badge error">missing</span>
            </li>
          ))}
        </ul>
        <div className="file-viewer-pane">
          {open ? (
            <FileViewer dir={dir} path={open} revision={props.revision} />
          ) : (
            <p className="muted">Choose a file to see what is in it.</p>
          )}
        </div>
      </div>
    </div>
  );
}
