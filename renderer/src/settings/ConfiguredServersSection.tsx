// Settings: the MCP servers found in the clients' own configs, read-only with where each came from, and "Test",
// which runs the skill-meta probe against a web server and shows what passed and failed.
import { useCallback, useEffect, useState } from "react";
import type { ConfiguredServer, ConfiguredServerList, ServerTestResult, SkillshelfApi } from "../../../shared/ipc";
import { errorMessage } from "../lib/format";
import { InlineText } from "../shared/InlineText";

function TestOutcome(props: { result: ServerTestResult | { error: string } | "running" }) {
  const { result } = props;
  if (result === "running")
    return (
      <p className="muted" role="status">
        Testing…
      </p>
    );
  if ("error" in result) {
    return (
      <p className="field-error" role="alert">
        {result.error}
      </p>
    );
  }
  return (
    <div className="server-test" role="status" data-testid="server-test">
      <p className={result.ok ? "test-pass" : "test-fail"}>
        <strong>{result.ok ? "Passed" : "Failed"}:</strong> {result.summary}
      </p>
      {result.checks.length > 0 ? (
        <ul className="test-checks">
          {result.checks.map((c, i) => (
            <li key={i} className={c.pass ? "test-pass" : "test-fail"}>
              <span aria-hidden="true">{c.pass ? "✓" : "✕"}</span>{" "}
              <span className="visually-hidden">{c.pass ? "pass:" : "fail:"}</span> <InlineText text={c.title} />
              <span className="muted"> — {c.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ServerRow(props: { server: ConfiguredServer; api: SkillshelfApi }) {
  const { server, api } = props;
  const [result, setResult] = useState<ServerTestResult | { error: string } | "running" | null>(null);
  const test = () => {
    setResult("running");
    api.testServer(server.id).then(setResult, (e: unknown) => setResult({ error: errorMessage(e) }));
  };
  return (
    <li className="server-row configured-server" data-kind={server.kind}>
      <div className="server-text">
        <span>
          <strong>{server.name}</strong>{" "}
          <span className="muted">{server.kind === "http" ? "web server" : "local command"}</span>
        </span>
        <code className="path">{server.address}</code>
        <span className="muted small">
          From <code className="path">{server.configuredIn}</code>
          {server.headerNames.length > 0 ? ` · headers: ${server.headerNames.join(", ")}` : ""}
        </span>
        {result ? <TestOutcome result={result} /> : null}
      </div>
      {server.testable ? (
        <button
          type="button"
          className="button"
          onClick={test}
          disabled={result === "running"}
          aria-label={`Test ${server.name}`}
        >
          Test
        </button>
      ) : (
        <span className="muted small">Local servers are not started by a test</span>
      )}
    </li>
  );
}

/** The servers found in the clients' configs; nothing here can change them. */
export function ConfiguredServersSection(props: { api: SkillshelfApi }) {
  const { api } = props;
  const [list, setList] = useState<ConfiguredServerList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetchList = useCallback(() => {
    api.listConfiguredServers().then(
      (next) => {
        setError(null);
        setList(next);
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  }, [api]);
  useEffect(fetchList, [fetchList]);
  const load = () => {
    setError(null);
    fetchList();
  };
  return (
    <section className="settings-section" aria-labelledby="settings-configured">
      <h2 id="settings-configured">Servers in your clients' configs</h2>
      <p className="muted">
        Found in Claude Desktop, Claude Code, Cursor and plugin configs. They are asked about updates as they are;
        change them in the client that owns the file.
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : !list ? (
        <p className="muted">Reading the configs…</p>
      ) : list.servers.length === 0 ? (
        <p className="muted">No MCP servers are configured in the clients Skillshelf knows.</p>
      ) : (
        <ul className="server-list" aria-label="Servers in your clients' configs">
          {list.servers.map((server) => (
            <ServerRow key={`${server.kind}:${server.id}`} server={server} api={api} />
          ))}
        </ul>
      )}
      {list && list.problems.length > 0 ? (
        <ul className="simple-list">
          {list.problems.map((p) => (
            <li key={p.file} className="field-error">
              <code className="path">{p.file}</code>: {p.problem}
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="button small" onClick={load}>
        Reload the list
      </button>
    </section>
  );
}
