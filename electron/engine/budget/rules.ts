// What each client publishes about its skill listing: the rules Skillshelf applies, each with its source (docs/budget.md).
import type { BudgetRule } from "../../../shared/budget";
import type { ClientId } from "../../../shared/model";
import { CHARS_PER_TOKEN } from "../../../shared/tokens";
import { contextWindowTokens, type EffectiveSettings } from "./claude-settings";
import type { ListingRules } from "./listing";

/** The docs page every rule's source points into. */
const DOCS = "docs/budget.md";

/** How tokens are estimated, in a sentence shown beside every figure. */
export const TOKEN_ESTIMATE =
  "Tokens are estimated as characters ÷ 4, rounded up: no tokenizer for these clients' current models is available offline, so every token figure is an estimate.";

const shown = (n: number) => n.toLocaleString("en-US");

/** Claude Code's rules under the settings in force, and the rule list shown to people. */
export function claudeCodeRules(settings: EffectiveSettings): { rules: ListingRules; shown: BudgetRule[] } {
  const window = contextWindowTokens(settings.model.value);
  const budgetChars = Math.floor(settings.budgetFraction.value * window * CHARS_PER_TOKEN);
  const from = (file: string | null) => (file ? `set in ${file}` : `Claude Code's default (${DOCS}#claude-code)`);
  return {
    rules: {
      maxDescChars: settings.maxDescChars.value,
      budgetChars,
      overrides: settings.overrides,
      honoursDisableModelInvocation: true,
    },
    shown: [
      {
        id: "skillListingMaxDescChars",
        text: "Descriptions longer than this are cut.",
        value: `${shown(settings.maxDescChars.value)} characters`,
        source: from(settings.maxDescChars.from),
      },
      {
        id: "skillListingBudgetFraction",
        text: `The listing may take this share of the context window (assumed ${shown(window)} tokens${settings.model.value ? ` for model ${settings.model.value}` : ""}, ${CHARS_PER_TOKEN} characters a token); over it, descriptions are shortened to fit.`,
        value: `${settings.budgetFraction.value} → ${shown(budgetChars)} characters`,
        source: from(settings.budgetFraction.from),
      },
      {
        id: "skillOverrides",
        text: "Per skill: on, name-only, user-invocable-only or off.",
        value: `${settings.overrides.size} set`,
        source: settings.overrides.size
          ? [...new Set([...settings.overrides.values()].map((o) => o.from))].join(", ")
          : `none set (${DOCS}#claude-code)`,
      },
      {
        id: "disable-model-invocation",
        text: "A skill whose frontmatter says disable-model-invocation: true is not listed.",
        value: "applied",
        source: `${DOCS}#claude-code`,
      },
    ],
  };
}

/** A client that publishes no listing rule: every readable skill is listed in full. */
export function unpublishedRules(client: ClientId): { rules: ListingRules; shown: BudgetRule[] } {
  const anchor = `${DOCS}#${client}`;
  return {
    rules: { maxDescChars: null, budgetChars: null, honoursDisableModelInvocation: false },
    shown: [
      { id: "description-cap", text: "A cap on each description.", value: "not published", source: anchor },
      { id: "listing-budget", text: "A budget for the whole listing.", value: "not published", source: anchor },
      { id: "per-skill-switch", text: "A per-skill switch in its settings.", value: "not published", source: anchor },
    ],
  };
}

/** What a person can do instead where the client has no per-skill switch Skillshelf can set. */
export function noSwitchNote(client: ClientId): string {
  if (client === "claude-desktop")
    return "Claude Desktop has no settings file Skillshelf edits: turn the skill off in Claude Desktop's own skill settings, or remove it here (with Undo).";
  return "This client publishes no per-skill switch: to stop paying for a skill here, remove it from this client (Remove keeps an Undo), or keep it only where you use it.";
}
