// "Open" and "Reveal" with their outcome shown: a file opened as text needs no word, a file shown in the file manager
// instead says why, and a failure says what went wrong instead of nothing happening.
import { useCallback, useState } from "react";
import { errorMessage } from "../lib/format";
import { useApi } from "../app/api-context";

/** The last outcome worth telling: a note (revealed instead) or an error. */
export interface FileActionNote {
  kind: "note" | "error";
  text: string;
}

/** Open and reveal for one view, with the note to show near its buttons. */
export function useFileActions() {
  const { api } = useApi();
  const [note, setNote] = useState<FileActionNote | null>(null);
  const open = useCallback(
    (path: string) => {
      setNote(null);
      api.openInEditor(path).then(
        (result) =>
          setNote(
            result.action === "revealed"
              ? {
                  kind: "note",
                  text: `Shown in the file manager instead of opened: ${result.reason ?? "it is not a plain text file."}`,
                }
              : null,
          ),
        (e: unknown) => setNote({ kind: "error", text: errorMessage(e) }),
      );
    },
    [api],
  );
  const reveal = useCallback(
    (path: string) => {
      setNote(null);
      api.revealPath(path).catch((e: unknown) => setNote({ kind: "error", text: errorMessage(e) }));
    },
    [api],
  );
  return { open, reveal, note };
}

/** The note of useFileActions, announced politely (a note) or at once (an error). */
export function FileActionMessage(props: { note: FileActionNote | null }) {
  if (!props.note) return null;
  return props.note.kind === "error" ? (
    <p className="field-error small" role="alert">
      {props.note.text}
    </p>
  ) : (
    <p className="small muted" role="status">
      {props.note.text}
    </p>
  );
}
