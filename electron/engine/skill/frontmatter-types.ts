// The parsed frontmatter's shape, shared by the yaml-backed parser and its fast path (apart from both, so that
// frontmatter.ts and simple-frontmatter.ts do not import each other).
import type { Document, Node } from "yaml";

/** One top-level frontmatter key with where it sits in SKILL.md. */
export interface FrontmatterEntry {
  key: string;
  line: number;
  column: number;
  /** The value node (aliases resolved), or null for a key without a value. */
  value: Node | null;
}

/** The parsed frontmatter: the mapping as plain data plus each key's node and position. */
export interface ParsedFrontmatter {
  data: Record<string, unknown>;
  entries: FrontmatterEntry[];
  /** The yaml Document (for resolving aliases), or null when the fast path read the frontmatter. */
  doc: Document | null;
  /** SKILL.md line and column of an offset in the YAML text. */
  at: (offset: number | undefined) => { line: number; column: number };
}
