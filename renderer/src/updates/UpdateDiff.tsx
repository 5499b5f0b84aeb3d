// One file's change in an update, side by side for people who do not read unified diffs: the installed lines on the
// left, the new version's on the right, changed lines marked, and "From line 12" instead of "@@ -12,3 +12,4 @@".
import { diffLines, sideBySide } from "../../../shared/copy-compare";
import { escapeControl } from "../../../shared/terminal-text";

/** "@@ -12,3 +14,4 @@" as "From line 14" (the new version's line), or "" when it is not a hunk header. */
export function hunkWords(header: string): string {
  const match = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(header);
  if (!match) return "";
  const line = Number(match[2]) || Number(match[1]) || 1;
  return `From line ${line}`;
}

/**
 * The change of one file: `left` and `right` name the two sides ("Now", "After the update"); `swap` reads it backwards;
 * `region` starts the region's name ("Changes in", or "Differences in" for two copies of a skill).
 */
export function UpdateDiff(props: {
  path: string;
  diff: string;
  left: string;
  right: string;
  swap?: boolean;
  region?: string;
}) {
  const rows = sideBySide(diffLines(props.diff)).map((row) =>
    props.swap && row.kind !== "hunk" ? { ...row, left: row.right, right: row.left } : row,
  );
  return (
    <div className="side-diff" role="region" aria-label={`${props.region ?? "Changes in"} ${props.path}`} tabIndex={0}>
      <table>
        <thead>
          <tr>
            <th scope="col">{props.left}</th>
            <th scope="col">{props.right}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) =>
            row.kind === "hunk" ? (
              <tr key={i} className="diff-hunk">
                <td colSpan={2}>{hunkWords(row.left ?? "")}</td>
              </tr>
            ) : (
              <tr key={i} className={`diff-${row.kind}`}>
                <td className={row.kind === "changed" && row.left !== null ? "diff-removed" : undefined}>
                  {row.kind === "changed" && row.left !== null ? (
                    <span className="visually-hidden">Removed: </span>
                  ) : null}
                  {escapeControl(row.left ?? "")}
                </td>
                <td className={row.kind === "changed" && row.right !== null ? "diff-added" : undefined}>
                  {row.kind === "changed" && row.right !== null ? (
                    <span className="visually-hidden">Added: </span>
                  ) : null}
                  {escapeControl(row.right ?? "")}
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
