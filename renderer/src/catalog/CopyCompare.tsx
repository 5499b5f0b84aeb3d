// Drift, side by side: which files differ between this copy and another copy of the same skill, and SKILL.md's lines
// next to each other.
import { useEffect, useState } from "react";
import type { ComparedFile, CopyComparison } from "../../../shared/copy-compare";
import { formatBytes } from "../../../shared/format";
import { errorMessage, plural } from "../lib/format";
import { useApi } from "../app/api-context";
import { UpdateDiff } from "../updates/UpdateDiff";

const STATUS: Record<ComparedFile["status"], string> = {
  changed: "differs",
  "only-here": "only in this copy",
  "only-there": "only in the other copy",
};

function SideBySideDiff(props: { file: ComparedFile }) {
  const { file } = props;
  return (
    <UpdateDiff
      path={file.path}
      diff={file.diff ?? ""}
      left="This copy"
      right="The other copy"
      region="Differences in"
    />
  );
}

/** The comparison of `here` with `there`, loaded when shown. */
export function CopyCompare(props: { here: string; there: string; onClose: () => void }) {
  const { api } = useApi();
  const [result, setResult] = useState<CopyComparison | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    api.compareCopies(props.here, props.there).then(
      (r) => live && setResult(r),
      (e: unknown) => live && setResult({ error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, props.here, props.there]);
  return (
    <section className="copy-compare" aria-labelledby="compare-title" data-testid="copy-compare">
      <div className="compare-head">
        <h3 id="compare-title">Comparing two copies</h3>
        <button type="button" className="button small" onClick={props.onClose}>
          Close comparison
        </button>
      </div>
      <dl className="facts">
        <dt>This copy</dt>
        <dd>
          <code className="path">{props.here}</code>
        </dd>
        <dt>The other copy</dt>
        <dd>
          <code className="path">{props.there}</code>
        </dd>
      </dl>
      {!result ? (
        <p className="muted">Comparing…</p>
      ) : "error" in result ? (
        <p className="field-error" role="alert">
          {result.error}
        </p>
      ) : (
        <>
          <p>
            {plural(result.files.length, "file")} {result.files.length === 1 ? "differs" : "differ"};{" "}
            {plural(result.unchanged, "file")} {result.unchanged === 1 ? "is" : "are"} the same.
            {result.truncated ? " Some differences are too large to show here." : ""}
          </p>
          <table className="compare-files">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Difference</th>
                <th scope="col">This copy</th>
                <th scope="col">The other copy</th>
              </tr>
            </thead>
            <tbody>
              {result.files.map((f) => (
                <tr key={f.path} data-status={f.status}>
                  <td>
                    <code>{f.path}</code>
                  </td>
                  <td>{STATUS[f.status]}</td>
                  <td>{f.hereBytes !== undefined ? formatBytes(f.hereBytes) : "—"}</td>
                  <td>{f.thereBytes !== undefined ? formatBytes(f.thereBytes) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.files
            .filter((f) => f.status === "changed" && f.diff)
            .map((f) =>
              f.path === "SKILL.md" ? (
                <div key={f.path}>
                  <h4 className="compare-file-title">{f.path}</h4>
                  <SideBySideDiff file={f} />
                </div>
              ) : (
                <details key={f.path}>
                  <summary>{f.path}</summary>
                  <SideBySideDiff file={f} />
                </details>
              ),
            )}
          {result.files
            .filter((f) => f.note)
            .map((f) => (
              <p key={`note-${f.path}`} className="muted small">
                {f.path}: {f.note}
              </p>
            ))}
        </>
      )}
    </section>
  );
}
