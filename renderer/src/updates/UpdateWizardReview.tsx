// The guided update's review: what the download holds (counts, notes, every file with its diff), and the button that
// applies it, held back while the copy has local edits the user has not agreed to replace.
import type { UpdateReview } from "../../../shared/update-flow";
import { CapabilityChanges } from "../shared/CapabilityChanges";
import { FileChanges } from "./UpdateParts";

/** How many files of the user's own are kept, with the verb agreeing ("1 file of your own is kept"). */
export function keptWords(count: number, tense: "is" | "was"): string {
  if (count === 0) return "";
  const verb = count === 1 ? tense : tense === "is" ? "are" : "were";
  return `${count === 1 ? "1 file" : `${count} files`} of your own ${verb} kept`;
}

/** The review of a downloaded and checked new version. */
export function ReviewPanel(props: {
  review: UpdateReview;
  overwriteLocal: boolean;
  onConfirmOverwrite: (yes: boolean) => void;
  onApply: () => void;
}) {
  const { review } = props;
  const localEdits = review.localEdits;
  const { counts } = review;
  const notes = review.diagnostics.filter((d) => d.severity !== "info");
  return (
    <div className="review">
      <p role="status">
        Downloaded and checked:{" "}
        {review.version ? `version ${review.version}` : "a new copy that does not give a version number"}.{" "}
        {counts.added} added, {counts.removed} removed, {counts.changed} changed, {counts.unchanged} unchanged
        {counts.kept ? `; ${keptWords(counts.kept, "is")}` : ""}.
      </p>
      {review.leftOut?.length ? (
        <p className="muted" data-testid="left-out">
          Left out, as they are never installed (macOS metadata): {review.leftOut.slice(0, 10).join(", ")}
          {review.leftOut.length > 10 ? `, and ${review.leftOut.length - 10} more` : ""}.
        </p>
      ) : null}
      <p className="muted">
        {notes.length === 0
          ? "The new version passed validation."
          : `The new version passed validation with ${notes.length} note${notes.length === 1 ? "" : "s"}:`}
      </p>
      {notes.length ? (
        <ul>
          {notes.map((d, i) => (
            <li key={i}>{d.message}</li>
          ))}
        </ul>
      ) : null}
      <CapabilityChanges review={review.capabilities} />
      <FileChanges files={review.files} />
      {review.diffsTruncated ? (
        <p className="muted">Some text diffs were left out to keep this readable; each such file says so.</p>
      ) : null}
      {review.nothingToDo ? (
        <p role="status">The installed copy already holds exactly these files; there is nothing to apply.</p>
      ) : (
        <div className="wizard-actions">
          {localEdits ? (
            <div className="banner warning local-edits" role="alert">
              <p>
                This copy was changed here since it was installed
                {localEdits.length
                  ? ` (${localEdits.slice(0, 10).join(", ")}${localEdits.length > 10 ? ", …" : ""})`
                  : ""}
                . Updating replaces those changes; the current copy is kept as a backup.
              </p>
              <label>
                <input
                  type="checkbox"
                  checked={props.overwriteLocal}
                  onChange={(e) => props.onConfirmOverwrite(e.target.checked)}
                />{" "}
                Replace my changes
              </label>
            </div>
          ) : null}
          <button
            type="button"
            className="button primary"
            disabled={localEdits !== undefined && !props.overwriteLocal}
            onClick={props.onApply}
          >
            {review.kind === "desktop-upload" ? "Make the file for Claude Desktop" : "Apply the update"}
          </button>
          <span className="muted">
            {review.kind === "desktop-upload"
              ? "Claude Desktop's own folder is not changed."
              : "The current copy is kept as a backup, so you can undo."}
          </span>
        </div>
      )}
    </div>
  );
}
