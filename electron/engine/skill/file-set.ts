// The files around a SKILL.md as the rules see them: a real folder or an archive's entries, behind one interface.

/** What a relative path names in a skill's file set. */
export type FileKind = "file" | "dir" | "other" | "outside" | null;

/** The skill's files, whatever holds them; paths are relative with "/" separators. */
export interface SkillFileSet {
  /** What `rel` is: a file, a folder, something else, a link leaving the folder, or absent (null). */
  kind(rel: string): Promise<FileKind>;
  /** Reads a small text file (for reference chains); null when absent, unreadable, too large or not text. */
  readText(rel: string): Promise<string | null>;
  /** The path to show in diagnostics for `rel`. */
  display(rel: string): string;
}

/** A file set over a fixed listing (an archive, or a fully walked folder). */
export class ListedFileSet implements SkillFileSet {
  constructor(
    private readonly kinds: ReadonlyMap<string, Exclude<FileKind, null>>,
    private readonly read: (rel: string) => Promise<string | null>,
    private readonly show: (rel: string) => string,
    /** Top-level-relative prefixes of links that leave the folder. */
    private readonly outside: readonly string[] = [],
  ) {}

  async kind(rel: string): Promise<FileKind> {
    const known = this.kinds.get(rel);
    if (known) return known;
    if (this.outside.some((o) => rel === o || rel.startsWith(o + "/"))) return "outside";
    return null;
  }

  readText(rel: string): Promise<string | null> {
    return this.read(rel);
  }

  display(rel: string): string {
    return this.show(rel);
  }
}
