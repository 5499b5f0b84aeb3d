// "Would Claude Desktop accept this?" in author mode: one click runs the checks `pack --for claude-desktop` makes and
// shows the verdict with its reasons; an answer about older files is not shown as current.
import { useState } from "react";
import type { DesktopCheck } from "../../../shared/desktop-check";
import type { Skill } from "../../../shared/model";
import { errorMessage } from "../lib/format";
import { useApi } from "../app/api-context";
import { DiagnosticsList } from "../shared/Diagnostics";

type Answer = { hash: string; check: DesktopCheck } | { hash: string; failure: string };

/** The button and, once asked, Claude Desktop's verdict on this skill's current files. */
export function DesktopCheckCard(props: { skill: Skill }) {
  const { api } = useApi();
  const { skill } = props;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const current = answer?.hash === skill.contentHash ? answer : null;
  const run = async () => {
    setBusy(true);
    const hash = skill.contentHash;
    try {
      setAnswer({ hash, check: await api.checkForDesktop(skill.dir) });
    } catch (e) {
      setAnswer({ hash, failure: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };
  const check = current && "check" in current ? current.check : null;
  const reasons = check ? check.diagnostics.filter((d) => d.severity === "error") : [];
  // The skill's own warnings are listed beside the levels; here only what the upload itself adds.
  const others = check
    ? check.diagnostics.filter((d) => d.severity !== "error" && /^(pack|desktop)\./.test(d.code))
    : [];
  return (
    <section className="desktop-check" aria-label="Claude Desktop check" data-testid="desktop-check">
      <button type="button" className="button" onClick={() => void run()} disabled={busy}>
        {busy ? "Checking…" : "Would Claude Desktop accept this?"}
      </button>
      {answer && !current && !busy ? (
        <span className="muted"> The files changed since the last check; check again.</span>
      ) : null}
      {current && "failure" in current ? (
        <p className="viewer-error" role="alert">
          The check could not run: {current.failure}
        </p>
      ) : null}
      {check ? (
        <div className={check.accepted ? "desktop-verdict ok" : "desktop-verdict refused"} role="status">
          <p className="fit-headline">
            <span aria-hidden="true">{check.accepted ? "✓ " : "✕ "}</span>
            {check.accepted
              ? `Claude Desktop would accept this skill${check.name ? ` as “${check.name}”` : ""} when you upload it.`
              : `Claude Desktop would refuse this upload, for ${reasons.length === 1 ? "this reason" : `these ${reasons.length} reasons`}:`}
          </p>
          {reasons.length > 0 ? <DiagnosticsList diagnostics={reasons} root={skill.dir} /> : null}
          {others.length > 0 ? (
            <>
              <p className="muted">
                {check.accepted ? "Notes on the upload:" : "Also noted (these do not stop the upload):"}
              </p>
              <DiagnosticsList diagnostics={others} root={skill.dir} />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
