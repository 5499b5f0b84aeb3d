// Comparing two copies of a skill (drift): which files differ, with a text diff where one can be shown.

/** One file that is not the same in both copies. */
export interface ComparedFile {
  path: string;
  status: "changed" | "only-here" | "only-there";
  binary: boolean;
  hereBytes?: number;
  thereBytes?: number;
  /** Unified diff from this copy to the other one, for text files within the limits. */
  diff?: string;
  note?: string;
}

/** This copy against another copy of the same skill. */
export interface CopyComparison {
  here: string;
  there: string;
  files: ComparedFile[];
  /** Files that are the same in both. */
  unchanged: number;
  /** Some diffs were left out to stay within the size limit (those files say so). */
  truncated: boolean;
}

/** One line of a unified diff, classified for display. */
export interface DiffLine {
  kind: "removed" | "added" | "context" | "hunk";
  text: string;
}

/** Splits a unified diff into lines a view can colour; everything before the first hunk (file headers) is dropped. */
export function diffLines(diff: string): DiffLine[] {
  const out: DiffLine[] = [];
  let inHunk = false;
  for (const line of diff.split("\n")) {
    if (line.startsWith("@@")) {
      inHunk = true;
      out.push({ kind: "hunk", text: line });
    } else if (!inHunk) continue;
    else if (line.startsWith("-")) out.push({ kind: "removed", text: line.slice(1) });
    else if (line.startsWith("+")) out.push({ kind: "added", text: line.slice(1) });
    else if (line.startsWith(" ")) out.push({ kind: "context", text: line.slice(1) });
    else if (line.startsWith("\\")) continue;
    else if (line !== "") out.push({ kind: "context", text: line });
  }
  return out;
}

/** One row of a side-by-side diff: this copy's line on the left, the other copy's on the right (null: no line there). */
export interface SideBySideRow {
  kind: "same" | "changed" | "hunk";
  left: string | null;
  right: string | null;
}

/** Pairs a diff's removed and added runs line by line, so the two copies can be read next to each other. */
export function sideBySide(lines: DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++)
      rows.push({ kind: "changed", left: removed[i] ?? null, right: added[i] ?? null });
    removed = [];
    added = [];
  };
  for (const line of lines) {
    if (line.kind === "removed") {
      if (added.length > 0) flush();
      removed.push(line.text);
    } else if (line.kind === "added") added.push(line.text);
    else {
      flush();
      rows.push(
        line.kind === "hunk"
          ? { kind: "hunk", left: line.text, right: line.text }
          : { kind: "same", left: line.text, right: line.text },
      );
    }
  }
  flush();
  return rows;
}
