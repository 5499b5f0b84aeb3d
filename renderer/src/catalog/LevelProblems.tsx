// The skill's problems beside each level preview, so an author sees file:line and the fix while looking at what a
// model sees, not only on Overview.
import type { ReactNode } from "react";
import { clientFit } from "../../../shared/client-fit";
import type { Skill } from "../../../shared/model";
import { severityCounts } from "../../../shared/ui-catalog";
import { plural } from "../lib/format";
import { DiagnosticsList } from "../shared/Diagnostics";

/** A level preview with the skill's findings in a column beside it (above it when the pane is narrow). */
export function WithProblems(props: { skill: Skill; children: ReactNode }) {
  const { skill } = props;
  const counts = severityCounts(skill.diagnostics);
  const shown = [
    counts.error > 0 ? plural(counts.error, "error") : null,
    counts.warning > 0 ? plural(counts.warning, "warning") : null,
    counts.info > 0 ? plural(counts.info, "note") : null,
  ].filter(Boolean);
  return (
    <div className="level-layout">
      <div className="level-main">{props.children}</div>
      <aside className="level-problems" aria-label="Problems" data-testid="level-problems">
        <h2 className="level-problems-title">
          Problems{shown.length > 0 ? <span className="muted"> · {shown.join(", ")}</span> : null}
        </h2>
        <DiagnosticsList diagnostics={skill.diagnostics} root={skill.dir} editable={clientFit(skill).editable} />
      </aside>
    </div>
  );
}
