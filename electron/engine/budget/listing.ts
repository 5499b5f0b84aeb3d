// One client's level-1 listing as it builds it: who is left out, the description cap, the budget, the duplicates.
import type { BudgetCut, BudgetEntry, BudgetSuggestion, OverrideMode } from "../../../shared/budget";
import { escapeLevel1, renderAvailableSkills } from "../../../shared/level1";
import { formatCount } from "../../../shared/format";
import type { Skill } from "../../../shared/model";
import { codePoints, estimateTokens } from "../../../shared/tokens";

/** One skill a client may list, from one of the folders it reads. */
export interface Candidate {
  skill: Skill;
  /** The path the client reads it from (a link or the folder). */
  path: string;
  /** Set when the client leaves it out for a reason of its own (Desktop's "enabled: false", Codex's config). */
  excluded?: string;
  /** The name the client lists it by when not its own (Claude Code lists a plugin's skill as `plugin:skill`). */
  listedName?: string;
}

/** The name a candidate is listed by. */
const nameOf = (c: Candidate) => c.listedName ?? c.skill.name;

/** The rules one client applies; null where the client publishes none. */
export interface ListingRules {
  maxDescChars: number | null;
  budgetChars: number | null;
  /** Claude Code's skillOverrides in force, by skill name. */
  overrides?: Map<string, { mode: OverrideMode; from: string }>;
  honoursDisableModelInvocation: boolean;
  /**
   * Two skills of one name: "each" lists every copy (nothing published says otherwise), "first" lists only the first
   * candidate (the client's published precedence, candidates given in that order).
   */
  sameName?: "each" | "first";
}

/** A listing, its cost and its cuts. */
export interface Listing {
  entries: BudgetEntry[];
  text: string;
  chars: number;
  tokens: number;
  cuts: BudgetCut[];
  suggestions: BudgetSuggestion[];
}

/** Descriptions longer than this get a "shorten it" suggestion with its saving. */
export const SUGGESTED_DESC_CHARS = 200;

const SENTENCE_END = /[.!?…。]["')\]»”’]*$/u;

/** The first `n` code points of `text`. */
function firstCodePoints(text: string, n: number): string {
  if (codePoints(text) <= n) return text;
  return Array.from(text).slice(0, n).join("");
}

/** Characters one entry adds to the listing: its four lines and their four line breaks. */
function entryChars(name: string, description: string): number {
  return 71 + codePoints(escapeLevel1(name)) + codePoints(escapeLevel1(description));
}

const entryText = (name: string, description: string) =>
  `\n  <skill>\n    <name>${escapeLevel1(name)}</name>\n    <description>${escapeLevel1(description)}</description>\n  </skill>`;

interface Kept {
  candidate: Candidate;
  mode: OverrideMode;
  description: string;
  capCut: number;
}

/** Why a skill never reaches the model in this client, or null when it is listed. */
function leftOut(c: Candidate, rules: ListingRules, mode: OverrideMode): string | null {
  if (c.excluded) return c.excluded;
  if (!c.skill.name.trim() || !c.skill.description.trim()) return "It has no readable name and description.";
  if (rules.honoursDisableModelInvocation && c.skill.disableModelInvocation)
    return "Its frontmatter says disable-model-invocation: true, so only you can start it.";
  if (mode === "off") return "skillOverrides turns it off.";
  if (mode === "user-invocable-only") return "skillOverrides makes it user-invocable only: you can still start it.";
  return null;
}

/** The largest per-description length that keeps the listing within `budget`, or null when no cut is needed. */
function budgetCap(kept: Kept[], overhead: number, budget: number): number | null {
  const total = (cap: number) =>
    kept.reduce((sum, k) => sum + entryChars(nameOf(k.candidate), firstCodePoints(k.description, cap)), overhead);
  const longest = kept.reduce((m, k) => Math.max(m, codePoints(k.description)), 0);
  if (total(longest) <= budget) return null;
  let lo = 0;
  let hi = longest;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Builds a client's listing from its candidates (in the order it reads them) under its rules. */
export function buildListing(candidates: readonly Candidate[], rules: ListingRules, intro: string | null): Listing {
  const cuts: BudgetCut[] = [];
  const kept: Kept[] = [];
  for (const c of candidates) {
    const mode = (rules.overrides?.get(nameOf(c)) ?? rules.overrides?.get(c.skill.name))?.mode ?? "on";
    const why = leftOut(c, rules, mode);
    if (why) {
      cuts.push({ kind: "not-listed", name: nameOf(c), skillId: c.skill.id, detail: why });
      continue;
    }
    const winner = rules.sameName === "first" ? kept.find((k) => nameOf(k.candidate) === nameOf(c)) : undefined;
    if (winner) {
      cuts.push({
        kind: "not-listed",
        name: nameOf(c),
        skillId: c.skill.id,
        detail: `The skill of the same name in ${winner.candidate.path} takes precedence in this client, so ${c.path} is not listed.`,
      });
      continue;
    }
    let description = mode === "name-only" ? "" : c.skill.description;
    let capCut = 0;
    if (rules.maxDescChars !== null && codePoints(description) > rules.maxDescChars) {
      capCut = codePoints(description) - rules.maxDescChars;
      description = firstCodePoints(description, rules.maxDescChars);
      cuts.push({
        kind: "past-cap",
        name: nameOf(c),
        skillId: c.skill.id,
        chars: capCut,
        detail: `Its description is ${formatCount(capCut)} characters past the ${formatCount(rules.maxDescChars)}-character cap; the rest is cut.`,
      });
    }
    kept.push({ candidate: c, mode, description, capCut });
  }
  const overhead = kept.length === 0 ? 0 : (intro ? codePoints(intro) + 2 : 0) + 18 + 20;
  const cap = rules.budgetChars === null ? null : budgetCap(kept, overhead, rules.budgetChars);
  const entries: BudgetEntry[] = [];
  for (const k of kept) {
    const { skill } = k.candidate;
    const name = nameOf(k.candidate);
    let description = k.description;
    if (cap !== null && codePoints(description) > cap) {
      const by = codePoints(description) - cap;
      description = firstCodePoints(description, cap);
      cuts.push({
        kind: "over-budget",
        name,
        skillId: skill.id,
        chars: by,
        detail: `The listing is over its ${rules.budgetChars === null ? "" : `${formatCount(rules.budgetChars)} `}characters, so this description is shortened by ${formatCount(by)} characters (to ${formatCount(cap)}).`,
      });
    }
    const cutChars = k.mode === "name-only" ? 0 : codePoints(skill.description) - codePoints(description);
    if (cutChars > 0 && description.trim() && !SENTENCE_END.test(description.trimEnd()))
      cuts.push({
        kind: "mid-sentence",
        name,
        skillId: skill.id,
        detail: `Its description is cut mid-sentence: the model reads “…${Array.from(description).slice(-40).join("")}”.`,
      });
    const entry: BudgetEntry = {
      name,
      skillId: skill.id,
      path: k.candidate.path,
      description,
      fullChars: codePoints(skill.description),
      chars: entryChars(name, description),
      tokens: estimateTokens(entryText(name, description)),
      mode: k.mode,
      cutChars,
    };
    if (skill.pluginId) entry.pluginId = skill.pluginId;
    entries.push(entry);
  }
  cuts.push(...duplicates(kept));
  const text = renderAvailableSkills(
    entries.map((e) => ({ name: e.name, description: e.description })),
    intro,
  );
  return {
    entries,
    text,
    chars: codePoints(text),
    tokens: estimateTokens(text),
    cuts,
    suggestions: suggestionsFor(entries),
  };
}

/** The same name listed more than once: a link and a plugin, or copies that differ. */
function duplicates(kept: Kept[]): BudgetCut[] {
  const byName = new Map<string, Kept[]>();
  for (const k of kept) byName.set(k.candidate.skill.name, [...(byName.get(k.candidate.skill.name) ?? []), k]);
  const cuts: BudgetCut[] = [];
  for (const [name, list] of byName) {
    if (list.length < 2) continue;
    const same = list.every((k) => k.candidate.skill.contentHash === list[0]!.candidate.skill.contentHash);
    const where = list.map((k) => (k.candidate.skill.pluginId ? `${k.candidate.path} (plugin)` : k.candidate.path));
    cuts.push({
      kind: "duplicate",
      name,
      detail: same
        ? `Listed ${list.length} times, once from each of ${where.join(", ")}: the same skill is paid for ${list.length} times.`
        : `Listed ${list.length} times from copies that differ (${where.join(", ")}): the model cannot tell which one it loads.`,
    });
  }
  return cuts;
}

/** "Shorten this description": each long description's saving every conversation. */
function suggestionsFor(entries: BudgetEntry[]): BudgetSuggestion[] {
  const out: BudgetSuggestion[] = [];
  for (const e of entries) {
    if (codePoints(e.description) <= SUGGESTED_DESC_CHARS) continue;
    const saves = e.tokens - estimateTokens(entryText(e.name, firstCodePoints(e.description, SUGGESTED_DESC_CHARS)));
    if (saves <= 0) continue;
    out.push({
      name: e.name,
      skillId: e.skillId,
      savesTokens: saves,
      detail: `Shorten this description to ${formatCount(SUGGESTED_DESC_CHARS)} characters: −${formatCount(saves)} tokens every conversation.`,
    });
  }
  return out.sort((a, b) => b.savesTokens - a.savesTokens);
}
