// A plugin's facts: format, version, whether its client (Claude Code or an Agent Plugins host) would load it, its
// repository, skills and MCP servers, and its findings.
import type { Plugin } from "../../../shared/model";
import { DiagnosticsList, pluginDiagnostics } from "../shared/Diagnostics";
import { FileActionMessage, useFileActions } from "../shared/use-file-actions";

/** The overview of one plugin. */
export function PluginOverview(props: { plugin: Plugin }) {
  const { plugin } = props;
  const files = useFileActions();
  return (
    <div className="overview">
      <section className="card">
        <h2>Plugin</h2>
        <dl className="facts">
          <dt>Format</dt>
          <dd>{plugin.format === "claude-code" ? "Claude Code plugin" : "Agent Plugins 1.0.0"}</dd>
          <dt>Version</dt>
          <dd>{plugin.version ?? "not given"}</dd>
          <dt>{plugin.format === "claude-code" ? "Loads in Claude Code" : "Loads in a client"}</dt>
          <dd>
            {plugin.loads
              ? "yes"
              : plugin.format === "claude-code"
                ? "no — Claude Code would refuse it (see the errors below)"
                : "no — a client would reject it (see the errors below)"}
          </dd>
          {plugin.repository ? (
            <>
              <dt>Repository</dt>
              <dd>
                <code className="path">{plugin.repository}</code>
              </dd>
            </>
          ) : null}
          <dt>Folder</dt>
          <dd>
            <code className="path">{plugin.root}</code>{" "}
            <button type="button" className="button small" onClick={() => files.reveal(plugin.root)}>
              Reveal
            </button>
            <FileActionMessage note={files.note} />
          </dd>
        </dl>
      </section>
      <section className="card">
        <h2>Skills ({plugin.skills.length})</h2>
        {plugin.skills.length === 0 ? (
          <p className="muted">This plugin has no skills.</p>
        ) : (
          <ul className="simple-list">
            {plugin.skills.map((s) => (
              <li key={s.id}>
                <strong>{s.name || s.dir}</strong>{" "}
                {s.valid ? (
                  <span className="badge ok">valid</span>
                ) : (
                  <span className="badge error">skipped: has errors</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>MCP servers ({plugin.mcpServers.length})</h2>
        {plugin.mcpServers.length === 0 ? (
          <p className="muted">This plugin declares no MCP servers.</p>
        ) : (
          <ul className="simple-list">
            {plugin.mcpServers.map((s) => (
              <li key={s.name}>
                <strong>{s.name}</strong> <span className="muted">{s.type}</span>{" "}
                <code>{s.command ?? s.url ?? ""}</code>{" "}
                {s.valid ? <span className="badge ok">ok</span> : <span className="badge error">skipped</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card">
        <h2>Checks</h2>
        <DiagnosticsList diagnostics={pluginDiagnostics(plugin)} root={plugin.root} />
      </section>
    </div>
  );
}
