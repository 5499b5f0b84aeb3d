// The context budget of each client: the level-1 listing it sends every conversation, its cost, what it cuts.

/** Claude Code's per-skill switch in `skillOverrides` (settings.json). */
export type OverrideMode = "on" | "name-only" | "user-invocable-only" | "off";

/** Every override mode, for runtime checks at the process boundary. */
export const OVERRIDE_MODES: readonly OverrideMode[] = ["on", "name-only", "user-invocable-only", "off"];

/** One rule a client applies to its listing, with the value in force and where the rule is written down. */
export interface BudgetRule {
  id: string;
  /** The rule in a sentence. */
  text: string;
  /** The value in force ("1,536 characters", "not published"). */
  value: string;
  /** Where the rule and its default come from (a settings file, docs/budget.md's source). */
  source: string;
}

/** One skill as the client lists it. */
export interface BudgetEntry {
  name: string;
  skillId: string;
  path: string;
  pluginId?: string;
  /** The description as sent (after the cap, the budget and name-only). */
  description: string;
  /** The description's length before any cut, in characters (code points). */
  fullChars: number;
  /** Characters of this skill's entry in the listing (its lines and their line breaks). */
  chars: number;
  /** Estimated tokens of this entry (shared/tokens.ts). */
  tokens: number;
  /** The override in force ("on" when none). */
  mode: OverrideMode;
  /** Characters of the description the client cut (cap and budget together). */
  cutChars: number;
}

/** What a client cuts, and why. */
export type CutKind = "over-budget" | "past-cap" | "duplicate" | "not-listed" | "mid-sentence";

/** One cut, for people: which skill, what happened, how many characters. */
export interface BudgetCut {
  kind: CutKind;
  name: string;
  skillId?: string;
  /** A sentence a person understands. */
  detail: string;
  chars?: number;
}

/** A change that lowers the cost, with its saving every conversation. */
export interface BudgetSuggestion {
  name: string;
  skillId: string;
  detail: string;
  savesTokens: number;
}

/** One client in one scope (Claude Code for the user or one project, one Desktop account, ...). */
export interface ClientBudget {
  /** Stable id: "claude-code", "claude-code@/path/to/project", "claude-desktop@<tree>", "cursor", ... */
  id: string;
  client: string;
  label: string;
  /** The project folder, for a project scope. */
  projectDir?: string;
  rules: BudgetRule[];
  entries: BudgetEntry[];
  /** The listing exactly as rendered (shared/level1.ts), "" when empty. */
  text: string;
  chars: number;
  tokens: number;
  /** The client's budget in characters, or null when it publishes none. */
  limitChars: number | null;
  cuts: BudgetCut[];
  suggestions: BudgetSuggestion[];
  /** Settings files that could not be used, in sentences. */
  notes: string[];
  /** Whether Skillshelf can switch a skill down or off in this client (Claude Code's skillOverrides), and else what there is. */
  switches: { kind: "skillOverrides"; files: string[] } | { kind: "none"; note: string };
}

/** The budget of every client found. */
export interface BudgetReport {
  clients: ClientBudget[];
  /** How tokens are estimated, in a sentence. */
  tokenEstimate: string;
}

/** A switch made through a settings file, and how to undo it. */
export interface OverrideChange {
  file: string;
  name: string;
  mode: OverrideMode;
  /** The id Undo takes (the previous bytes are kept in the data folder). */
  undoId: string;
  changed: boolean;
}

/** What one skill costs in one client's listing, every conversation. */
export interface SkillCost {
  clientId: string;
  label: string;
  /** The name the client lists it by (a plugin's skill as plugin:skill in Claude Code). */
  listedAs: string;
  chars: number;
  tokens: number;
  mode: OverrideMode;
}

/** Every listing that carries the skill (each copy counted where it is listed), and the clients that leave it out. */
export function skillCosts(
  report: BudgetReport,
  skillId: string,
): { listed: SkillCost[]; notListed: Array<{ clientId: string; label: string; detail: string }> } {
  const listed: SkillCost[] = [];
  const notListed: Array<{ clientId: string; label: string; detail: string }> = [];
  for (const client of report.clients) {
    for (const e of client.entries)
      if (e.skillId === skillId)
        listed.push({
          clientId: client.id,
          label: client.label,
          listedAs: e.name,
          chars: e.chars,
          tokens: e.tokens,
          mode: e.mode,
        });
    const cut = client.cuts.find((c) => c.kind === "not-listed" && c.skillId === skillId);
    if (cut && !client.entries.some((e) => e.skillId === skillId))
      notListed.push({ clientId: client.id, label: client.label, detail: cut.detail });
  }
  return { listed, notListed };
}
