// What a model sees of one skill at each disclosure level, as the engine reports it and the views show it.
import type { Capabilities } from "./capabilities";
import type { Diagnostic } from "./model";

/** Level 1: the skill's `<available_skills>` entry. */
export interface Level1View {
  name: string;
  description: string;
  /** The rendered block for this skill alone (no intro), byte-exact. */
  text: string;
  chars: number;
  /** Estimated tokens (an estimate, not a tokenizer count). */
  tokens: number;
}

/** Level 2: the instructions (SKILL.md's body). */
export interface Level2View {
  text: string;
  /** 1-based line of SKILL.md where the body starts. */
  startLine: number;
  lines: number;
  chars: number;
  tokens: number;
}

/** One reference from the instructions to a bundled file. */
export interface SkillReference {
  target: string;
  /** Line in SKILL.md. */
  line: number;
  exists: boolean;
  /** Absolute, or climbs out of the folder. */
  outside: boolean;
}

/** One entry of the skill folder, confined to it. */
export interface Level3Entry {
  /** Relative path with "/" separators. */
  path: string;
  kind: "file" | "dir";
  size: number;
  referenced: boolean;
  /** Estimated tokens of a text file (characters ÷ 4); null for folders, binary files and files not read. */
  tokens: number | null;
}

/** Level 3: the bundled files and what the instructions point at. */
export interface Level3View {
  entries: Level3Entry[];
  references: SkillReference[];
  /** Referenced paths that are absent. */
  missing: string[];
  /** Entries left out because their real path is outside the folder. */
  outside: string[];
  truncated: boolean;
  /** Estimated tokens of all text files counted (what a model spends reading every one). */
  tokens: number;
  /** Files whose tokens were not estimated: not text, too large, or past the reading budget. */
  uncounted: number;
}

/** All three levels of one skill. */
export interface SkillLevels {
  dir: string;
  level1: Level1View;
  level2: Level2View;
  level3: Level3View;
  diagnostics: Diagnostic[];
  /** What the skill can do: scripts, hooks, tools, servers, shell commands, hosts, hidden text. */
  capabilities?: Capabilities;
}

/** One bundled file's content, read with the same confinement as level 3. */
export type SkillResource =
  | { ok: true; path: string; size: number; kind: "text"; text: string }
  | { ok: true; path: string; size: number; kind: "binary"; mime: string }
  | { ok: false; path: string; message: string };
