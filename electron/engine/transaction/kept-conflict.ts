// The refusal of an update that would drop one of the user's files: the new release has a file where their folder is
// (`notes` vs `notes/mine.txt`) or a folder where their file is, so the file has no place in the new copy.
import { EngineError } from "../errors";

/** The refusal naming the user's files an update cannot keep. */
export function unkeepableError(files: string[]): EngineError {
  const named = files
    .slice(0, 10)
    .map((f) => `"${f}"`)
    .join(", ");
  return new EngineError(
    "install.kept.conflict",
    `The new version has a file or folder where ${files.length === 1 ? "one of your files is" : `${files.length} of your files are`} (${named}${files.length > 10 ? ", …" : ""}), so ${files.length === 1 ? "it" : "they"} could not be kept; nothing was changed.`,
  );
}
