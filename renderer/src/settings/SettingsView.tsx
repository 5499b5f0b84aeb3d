// Settings, for someone who is not a developer: extra update servers, a GitHub token and (GitHub Enterprise) address,
// how often to check, and which local (stdio) servers may be started. Secrets go in and never come back: they show as
// •••• or "saved".
import { useState, type FormEvent } from "react";
import type { PublicSettings } from "../../../shared/ipc";
import {
  POLL_HOURS,
  githubTokenProblem,
  parseHeaderLines,
  pollHoursProblem,
  serverUrlProblem,
} from "../../../shared/settings";
import type { Location } from "../../../shared/model";
import { AccountNamesSection } from "./AccountNamesSection";
import { ConfiguredServersSection } from "./ConfiguredServersSection";
import { IgnoredUpdatesSection } from "./IgnoredUpdatesSection";
import { useApi } from "../app/api-context";
import { ErrorState, Loading } from "../shared/StatusViews";
import { ServerState, useServerStatuses } from "./ServerState";
import { StdioServersSection } from "./StdioServersSection";
import { FieldError, SavedFieldInput, useSavedField } from "./fields";
import { GithubAddressSection } from "./GithubAddressSection";
import { useSettings, type SettingsData } from "./use-settings";

function ServersSection(props: { settings: PublicSettings; data: SettingsData }) {
  const { settings, data } = props;
  const { api } = useApi();
  const servers = useServerStatuses(api);
  const [url, setUrl] = useState("");
  const [headerText, setHeaderText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    const parsed = parseHeaderLines(headerText);
    const problem = serverUrlProblem(address) ?? ("error" in parsed ? parsed.error : null);
    if (problem || "error" in parsed) return setError(problem);
    const headers = parsed.headers;
    const failed = await data.update(
      { addServer: Object.keys(headers).length > 0 ? { url: address, headers } : { url: address } },
      "Server added.",
    );
    setError(failed);
    if (!failed) {
      setUrl("");
      setHeaderText("");
      servers.tryNew();
    }
  };
  return (
    <section className="card settings-section" aria-labelledby="settings-servers">
      <h2 id="settings-servers">Update servers</h2>
      <p className="muted">
        To find new versions of your skills, Skillshelf asks the MCP servers your AI apps are already set up with. If a
        skill&apos;s maker gave you the address of their server, add it here.
      </p>
      {settings.servers.length === 0 ? (
        <p className="muted">No servers added yet.</p>
      ) : (
        <ul className="server-list" aria-label="Added servers">
          {settings.servers.map((server) => (
            <li key={server.url} className="server-row">
              <div className="server-text">
                <code className="path">{server.url}</code>
                {server.headerNames.map((name) => (
                  <span key={name} className="server-header small muted">
                    {name}: ••••
                  </span>
                ))}
                <ServerState url={server.url} statuses={servers.statuses} trying={servers.trying} />
              </div>
              <button
                type="button"
                className="button small"
                aria-label={`Remove ${server.url}`}
                disabled={data.busy}
                onClick={() => void data.update({ removeServer: server.url }, "Server removed.").then(setError)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="server-url">Server address</label>
        <input
          id="server-url"
          className="path-input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/mcp"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "server-error" : undefined}
        />
        <label htmlFor="server-headers">Headers (optional)</label>
        <textarea
          id="server-headers"
          className="path-input settings-textarea"
          rows={2}
          placeholder="Authorization: Bearer …"
          value={headerText}
          onChange={(e) => setHeaderText(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="server-headers-hint"
        />
        <p id="server-headers-hint" className="small muted">
          Only if the server asks for them: one per line, written as <code>Name: value</code>. Values are kept secret
          and shown as ••••.
        </p>
        <FieldError id="server-error" message={error} />
        <div>
          <button type="submit" className="button primary" disabled={data.busy}>
            Add server
          </button>
        </div>
      </form>
    </section>
  );
}

function TokenSection(props: { settings: PublicSettings; data: SettingsData }) {
  const { settings, data } = props;
  const field = useSavedField(data, githubTokenProblem, (githubToken) => ({ githubToken }), "Token saved.");
  const { error, setError, submit } = field;
  const clear = async () => setError(await data.update({ githubToken: null }, "Token cleared."));
  return (
    <section className="card settings-section" aria-labelledby="settings-token">
      <h2 id="settings-token">GitHub token</h2>
      <p className="muted">
        Skillshelf also looks for new releases on GitHub. Without a token, GitHub answers about 60 lookups an hour; a
        personal access token (it needs no permissions) raises that. If none is saved here, the GITHUB_TOKEN environment
        variable is used when it is set.
      </p>
      {settings.hasGithubToken ? (
        <div className="settings-inline">
          <span className="token-saved">A token is saved.</span>
          <button type="button" className="button small" onClick={() => void clear()} disabled={data.busy}>
            Clear
          </button>
        </div>
      ) : (
        <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor="github-token">Token</label>
          <div className="settings-inline">
            <SavedFieldInput
              id="github-token"
              type="password"
              placeholder="ghp_…"
              field={field}
              errorId="token-error"
            />
            <button type="submit" className="button primary" disabled={data.busy}>
              Save token
            </button>
          </div>
        </form>
      )}
      <FieldError id="token-error" message={error} />
    </section>
  );
}

function ChecksSection(props: { settings: PublicSettings; data: SettingsData }) {
  const { settings, data } = props;
  const [hours, setHours] = useState(String(settings.pollHours));
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = hours.trim() === "" ? NaN : Number(hours);
    const problem = pollHoursProblem(value);
    if (problem) return setError(problem);
    setError(await data.update({ pollHours: value }, "Check interval saved."));
  };
  return (
    <section className="card settings-section" aria-labelledby="settings-checks">
      <h2 id="settings-checks">Checking for updates</h2>
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="poll-hours">Check automatically every</label>
        <div className="settings-inline">
          <input
            id="poll-hours"
            className="path-input hours-input"
            type="number"
            inputMode="numeric"
            min={POLL_HOURS.min}
            max={POLL_HOURS.max}
            step={1}
            value={hours}
            onChange={(e) => setHours(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="poll-hours-hint"
          />
          <span>hours</span>
          <button type="submit" className="button" disabled={data.busy || hours === String(settings.pollHours)}>
            Save
          </button>
        </div>
        <p id="poll-hours-hint" className="small muted">
          From {POLL_HOURS.min} to {POLL_HOURS.max} hours (one week). &quot;Check for updates&quot; always checks at
          once.
        </p>
      </form>
      <FieldError id="checks-error" message={error} />
    </section>
  );
}

function ValidationSection(props: { settings: PublicSettings; data: SettingsData }) {
  const { settings, data } = props;
  const [error, setError] = useState<string | null>(null);
  const toggle = async (on: boolean) =>
    setError(
      await data.update(
        { validationCache: on },
        on ? "Validation results will be reused." : "Every skill will be read again each time.",
      ),
    );
  return (
    <section className="card settings-section" aria-labelledby="settings-validation">
      <h2 id="settings-validation">Validation</h2>
      <label>
        <input
          type="checkbox"
          checked={settings.validationCache}
          disabled={data.busy}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby="validation-cache-hint"
        />{" "}
        Reuse results of unchanged skills
      </label>
      <p id="validation-cache-hint" className="small muted">
        <code>skillshelf validate</code> keeps each skill&apos;s result in the cache folder and reads a skill again only
        when its files changed. Turn this off to read every skill on every run (<code>--no-cache</code> does it for one
        run).
      </p>
      <FieldError id="validation-error" message={error} />
    </section>
  );
}

function UpdateSafetySection(props: { settings: PublicSettings; data: SettingsData }) {
  const { settings, data } = props;
  const [error, setError] = useState<string | null>(null);
  const toggle = async (on: boolean) =>
    setError(
      await data.update(
        { askBeforeRunning: on },
        on
          ? "Update all will leave updates that add scripts, hooks or servers for you."
          : "Update all will apply updates that add scripts, hooks or servers.",
      ),
    );
  return (
    <section className="card settings-section" aria-labelledby="settings-update-safety">
      <h2 id="settings-update-safety">Before updating</h2>
      <label>
        <input
          type="checkbox"
          checked={settings.askBeforeRunning !== false}
          disabled={data.busy}
          onChange={(e) => void toggle(e.target.checked)}
          aria-describedby="ask-before-running-hint"
        />{" "}
        Ask before an update adds scripts, hooks or servers
      </label>
      <p id="ask-before-running-hint" className="small muted">
        Update all then leaves such an update for you and says what it adds; update that skill on its own to see it and
        decide.
      </p>
      <FieldError id="update-safety-error" message={error} />
    </section>
  );
}

/** The Settings page. */
export function SettingsView(props: { locations?: readonly Location[] }) {
  const { api, host } = useApi();
  const data = useSettings();
  if (data.loadError)
    return <ErrorState title="The settings could not be read" message={data.loadError} onRetry={data.reload} />;
  if (!data.settings) return <Loading label="Reading settings…" />;
  const { settings } = data;
  return (
    <div className="detail-pane settings-page">
      <div className="detail settings">
        <h1>Settings</h1>
        <p className="lead">
          {host === "electron"
            ? "Kept on this computer; tokens and header values are encrypted with your system's keychain (Skillshelf refuses to save them where it cannot encrypt)."
            : "Kept on this computer, in a file only your user account can read."}{" "}
          Tokens and header values are never shown again after saving.
        </p>
        {settings.problems.length > 0 ? (
          <div className="banner warning" role="alert">
            Some saved settings could not be used:
            <ul>
              {settings.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ServersSection settings={settings} data={data} />
        <TokenSection settings={settings} data={data} />
        <GithubAddressSection settings={settings} data={data} />
        <ChecksSection key={settings.pollHours} settings={settings} data={data} />
        <IgnoredUpdatesSection settings={settings} data={data} />
        <ValidationSection settings={settings} data={data} />
        <UpdateSafetySection settings={settings} data={data} />
        <ConfiguredServersSection api={api} />
        <StdioServersSection api={api} />
        <AccountNamesSection settings={settings} data={data} locations={props.locations ?? []} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {data.saved ?? ""}
        </p>
      </div>
    </div>
  );
}
