// Findings grouped by severity: where (file:line), what (a sentence) and how to fix it.
import type { Diagnostic, Plugin, Severity } from "../../../shared/model";
import { relativeTo } from "../lib/format";
import { InlineText } from "./InlineText";
import { FileActionMessage, useFileActions } from "./use-file-actions";

const SECTIONS: Array<{ severity: Severity; title: string }> = [
  { severity: "error", title: "Errors" },
  { severity: "warning", title: "Warnings" },
  { severity: "info", title: "Notes" },
];

/** A plugin's findings: its own, then those of its skills. */
export function pluginDiagnostics(plugin: Plugin): Diagnostic[] {
  return [...plugin.diagnostics, ...plugin.skills.flatMap((s) => s.diagnostics)];
}

/** Where a finding points, as "file:line:column" relative to the skill's folder. */
function diagnosticPlace(d: Diagnostic, root: string): string {
  const file = relativeTo(root, d.file) || d.file;
  return `${file}${d.line ? `:${d.line}` : ""}${d.line && d.column ? `:${d.column}` : ""}`;
}

/** Every diagnostic of a skill or plugin, errors first. */
export function DiagnosticsList(props: {
  diagnostics: Diagnostic[];
  root: string;
  /** False where changes do not last: no advice to edit. */ editable?: boolean;
  /** False where the files are not on this computer (a server's skill previewed): places are shown, not opened. */
  openable?: boolean;
}) {
  const files = useFileActions();
  if (props.diagnostics.length === 0) {
    return (
      <p className="all-good" role="status">
        <span aria-hidden="true">✓</span> No problems found: this follows the Agent Skills rules.
      </p>
    );
  }
  return (
    <div className="diagnostics">
      <FileActionMessage note={files.note} />
      {SECTIONS.map(({ severity, title }) => {
        const items = props.diagnostics.filter((d) => d.severity === severity);
        if (items.length === 0) return null;
        return (
          <section key={severity} className={`diagnostic-group sev-${severity}`} aria-label={title}>
            <h3>
              {title} <span className="count">{items.length}</span>
            </h3>
            <ul>
              {items.map((d, i) => (
                <li key={`${d.code}-${i}`} className="diagnostic" data-code={d.code}>
                  <div className="diagnostic-head">
                    <span className={`sev-dot sev-${severity}`} role="img" aria-label={severity} />
                    {props.openable === false ? (
                      <span className="place">{diagnosticPlace(d, props.root)}</span>
                    ) : (
                      <button
                        type="button"
                        className="link place"
                        title={`Open ${d.file} in your editor`}
                        onClick={() => files.open(d.file)}
                      >
                        {diagnosticPlace(d, props.root)}
                      </button>
                    )}
                    <code className="code">{d.code}</code>
                  </div>
                  <p className="diagnostic-message">
                    <InlineText text={d.message} />
                  </p>
                  {d.fix && props.editable !== false ? (
                    <p className="diagnostic-fix">
                      <strong>Fix:</strong> <InlineText text={d.fix} />
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
