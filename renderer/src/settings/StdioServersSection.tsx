// Local (stdio) servers in Settings: each exact command the AI apps' settings name, whether it is approved, and the
// way this host approves — in the browser, Approve per command confirmed in the serve terminal (its question or its
// code); in the app, a review in main's own dialog (never the page).
import { useCallback, useEffect, useState } from "react";
import type { SkillshelfApi, StdioServer, StdioServerList } from "../../../shared/ipc";
import { formatCommandLine } from "../../../shared/stdio-servers";
import { errorMessage } from "../lib/format";
import { useApi } from "../app/api-context";
import { ConsentCodeForm, consentNote } from "../shared/ConsentCode";

function StdioRow(props: {
  server: StdioServer;
  approval: StdioServerList["approval"];
  canApprove: boolean;
  busy: boolean;
  onApprove: () => void;
  onRevoke: () => void;
}) {
  const { server } = props;
  return (
    <li className="server-row stdio-row">
      <div className="server-text">
        <span>
          <strong>{server.name}</strong>{" "}
          <span className={server.approved ? "badge ok" : "badge"}>
            {server.approved ? "Approved" : "Not approved"}
          </span>
        </span>
        <code className="path stdio-command">{formatCommandLine(server.command, server.args)}</code>
        <span className="small muted">
          From <code className="path">{server.configFile}</code>
          {server.cwd ? (
            <>
              , run in <code className="path">{server.cwd}</code>
            </>
          ) : null}
          {server.envNames.length > 0 ? `, with ${server.envNames.join(", ")} set` : ""}
        </span>
      </div>
      {server.approved ? (
        <button
          type="button"
          className="button small"
          disabled={props.busy}
          aria-label={`Revoke approval of ${server.name}`}
          onClick={props.onRevoke}
        >
          Revoke
        </button>
      ) : props.approval === "page" && props.canApprove ? (
        <button
          type="button"
          className="button small"
          disabled={props.busy}
          aria-label={`Approve ${server.name}: ${formatCommandLine(server.command, server.args)}`}
          onClick={props.onApprove}
        >
          Approve
        </button>
      ) : null}
    </li>
  );
}

/** The local servers section of Settings. */
export function StdioServersSection(props: { api: SkillshelfApi }) {
  const { api } = props;
  const { consent } = useApi();
  const [codeFor, setCodeFor] = useState<StdioServer | null>(null);
  const [list, setList] = useState<StdioServerList | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Busy from the start: the first listing is under way until its answer arrives.
  const [busy, setBusy] = useState(true);
  const [note, setNote] = useState<string | null>(null);
  // Only the answer's callbacks set state, so the first listing can start from an effect.
  const settle = useCallback(
    (action: () => Promise<StdioServerList>, done?: (next: StdioServerList) => string) =>
      Promise.resolve()
        .then(action)
        .then(
          (next) => {
            setList(next);
            if (done) setNote(done(next));
          },
          (e: unknown) => setError(errorMessage(e)),
        )
        .finally(() => setBusy(false)),
    [],
  );
  useEffect(() => void settle(() => api.listStdioServers()), [api, settle]);
  const run = (action: () => Promise<StdioServerList>, done?: (next: StdioServerList) => string) => {
    setBusy(true);
    setError(null);
    setNote(null);
    return settle(action, done);
  };
  /** Approve: the terminal's question, or a code the terminal prints (then typed into the field below). */
  const approve = (server: StdioServer, code: string | null) => {
    const asking = code === null && consent === "code";
    void run(
      async () => {
        if (code === null && consent === "terminal") setNote(consentNote(consent));
        const next = await api.approveStdioServer(server.id, code);
        setCodeFor(asking ? server : null);
        return next;
      },
      (next) =>
        next.servers.some((s) => s.id === server.id && s.approved)
          ? `${server.name} approved.`
          : (consentNote(consent) ?? ""),
    );
  };
  const pending = list?.servers.filter((s) => !s.approved).length ?? 0;
  return (
    <section className="card settings-section" aria-labelledby="settings-stdio">
      <h2 id="settings-stdio">Local servers</h2>
      <p className="muted">
        Some servers in your AI apps&apos; settings are programs on this computer. To ask one about updates, Skillshelf
        has to start it, so it starts only the commands you approve here, exactly as shown. If a command changes, it is
        not started until you approve it again.
      </p>
      {list?.problems.map((problem) => (
        <p key={problem} className="banner warning">
          {problem}
        </p>
      ))}
      {list === null ? (
        error ? null : (
          <p className="muted">Reading your AI apps&apos; settings…</p>
        )
      ) : list.servers.length === 0 ? (
        <p className="muted">None of your AI apps is set up with a local server.</p>
      ) : (
        <ul className="server-list" aria-label="Local servers">
          {list.servers.map((server) => (
            <StdioRow
              key={server.id}
              server={server}
              approval={list.approval}
              canApprove={consent !== "none"}
              busy={busy}
              onApprove={() => approve(server, null)}
              onRevoke={() =>
                void run(
                  () => api.revokeStdioServer(server.id),
                  () => `Approval of ${server.name} withdrawn.`,
                )
              }
            />
          ))}
        </ul>
      )}
      {codeFor ? (
        <ConsentCodeForm
          id="stdio-code"
          label={`Code from the terminal for ${codeFor.name}`}
          busy={busy}
          onSubmit={(code) => approve(codeFor, code)}
          onCancel={() => {
            setCodeFor(null);
            setNote("Nothing was approved.");
          }}
        />
      ) : null}
      {list?.approval === "page" && consent === "none" && pending > 0 ? (
        <p className="muted">{consentNote(consent)}</p>
      ) : null}
      {list?.approval === "dialog" && pending > 0 ? (
        <div>
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() =>
              void run(
                () => api.reviewStdioServers(),
                (next) => (next.servers.some((s) => !s.approved) ? "Nothing was approved." : "Approved."),
              )
            }
          >
            Review and approve…
          </button>
          <p className="small muted">
            Skillshelf shows the exact commands in a window of its own, where you allow them.
          </p>
        </div>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {note ?? ""}
      </p>
    </section>
  );
}
