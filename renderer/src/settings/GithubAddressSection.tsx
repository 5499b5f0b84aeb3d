// Where GitHub's API is asked (GitHub Enterprise Server): saved, asked at once whether it answers as GitHub's API, and
// put back to github.com. A wrong address shows here, in words, instead of failing every later check.
import { useState } from "react";
import type { PublicSettings } from "../../../shared/ipc";
import { githubApiProblem } from "../../../shared/settings";
import type { GithubAddressStatus } from "../../../shared/update-servers";
import { useApi } from "../app/api-context";
import { FieldError, SavedFieldInput, useSavedField } from "./fields";
import type { SettingsData } from "./use-settings";

const withoutSlash = (address: string) => address.replace(/\/+$/, "");

/** The line under a saved address: not asked yet, being asked, or what it answered (with Ask again). */
function AddressState(props: { saved: string; status: GithubAddressStatus | null; asking: boolean; ask: () => void }) {
  const { saved, status, asking, ask } = props;
  if (asking)
    return (
      <p className="small muted" role="status">
        Asking the address…
      </p>
    );
  if (!status)
    return (
      <p className="small muted settings-inline" role="status">
        Not asked yet.
        <button type="button" className="button small" onClick={ask}>
          Ask it now
        </button>
      </p>
    );
  const other =
    withoutSlash(status.address) !== withoutSlash(saved) ? (
      <>
        {" "}
        This session uses <code className="path">{status.address}</code>, given when Skillshelf was started.
      </>
    ) : null;
  if (status.state === "answering")
    return (
      <p className="small" role="status" data-github-state="answering">
        Answers as GitHub&apos;s API.{status.note ? ` ${status.note}` : ""}
        {other}
      </p>
    );
  return (
    <p className="small settings-inline" role="status" data-github-state={status.state}>
      <span className="field-error">
        {status.state === "unreachable" ? "Unreachable. " : ""}
        {status.reason}
        {other}
      </span>
      <button type="button" className="button small" onClick={ask}>
        Ask again
      </button>
    </p>
  );
}

/** The GitHub address section of Settings. */
export function GithubAddressSection(props: { settings: PublicSettings; data: SettingsData }) {
  const { settings, data } = props;
  const { api } = useApi();
  const [status, setStatus] = useState<GithubAddressStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = () => {
    setAsking(true);
    api
      .probeGithubAddress()
      .then(setStatus, () =>
        setStatus({ state: "unreachable", address: settings.githubApi ?? "", reason: "Skillshelf could not ask it." }),
      )
      .finally(() => setAsking(false));
  };
  const field = useSavedField(
    data,
    (value) => (value === "" ? "Enter the address first." : githubApiProblem(value)),
    (githubApi) => ({ githubApi }),
    "GitHub address saved.",
    ask,
  );
  const { error, setError, submit } = field;
  const reset = async () => {
    setStatus(null);
    setError(await data.update({ githubApi: null }, "GitHub address cleared: github.com is used."));
  };
  return (
    <section className="card settings-section" aria-labelledby="settings-github-address">
      <h2 id="settings-github-address">GitHub address</h2>
      {settings.githubApi ? (
        <>
          <div className="settings-inline">
            <span>
              Releases are looked up at <code className="path">{settings.githubApi}</code>.
            </span>
            <button type="button" className="button small" onClick={() => void reset()} disabled={data.busy}>
              Use github.com
            </button>
          </div>
          <AddressState saved={settings.githubApi} status={status} asking={asking} ask={ask} />
        </>
      ) : (
        <>
          <p className="muted">
            Releases are looked up on github.com. Only if your skills come from your company&apos;s GitHub Enterprise
            Server, enter the API address it gave you here.
          </p>
          <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
            <label htmlFor="github-api">API address</label>
            <div className="settings-inline">
              <SavedFieldInput
                id="github-api"
                type="url"
                placeholder="https://github.example.com/api/v3"
                field={field}
                errorId="github-api-error"
                hintId="github-api-hint"
              />
              <button type="submit" className="button" disabled={data.busy}>
                Save address
              </button>
            </div>
            <p id="github-api-hint" className="small muted">
              Your GitHub token, when one is saved, is sent to this address: enter only one your company gave you.
            </p>
          </form>
        </>
      )}
      <FieldError id="github-api-error" message={error} />
    </section>
  );
}
