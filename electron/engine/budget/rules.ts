// What each client publishes about its skill listing: the rules Skillshelf applies, each with its source (docs/budget.md).
import type { BudgetRule } from "../../../shared/budget";
import type { ClientId } from "../../../shared/model";
import { CHARS_PER_TOKEN, MEASURED_TOKEN_ERROR } from "../../../shared/tokens";
import { contextWindowTokens, type EffectiveSettings } from "./claude-settings";
import type { ListingRules } from "./listing";

/** The docs page every rule's source points into. */
const DOCS = "docs/budget.md";

/** How tokens are estimated, in a sentence shown beside every figure. */
export const TOKEN_ESTIMATE = `Tokens (≈) are estimated as characters ÷ 4, rounded up; measured error on ${MEASURED_TOKEN_ERROR.listings} listings: ±${MEASURED_TOKEN_ERROR.percent}% against Claude's published tokenizer (made for older Claude models) and OpenAI's o200k_base. No tokenizer for every client's current model is published, so each figure is an estimate.`;

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

/** Codex lists at most this many characters of skills when the model's context window is unknown (its docs). */
const CODEX_UNKNOWN_WINDOW_CHARS = 8000;

const notPublished = (id: string, text: string, anchor: string): BudgetRule => ({
  id,
  text,
  value: "not published",
  source: anchor,
});

/** Codex: its listing budget and its `[[skills.config]]` switch, read from config.toml. */
export function codexRules(configFile: string, switches: number): { rules: ListingRules; shown: BudgetRule[] } {
  const anchor = `${DOCS}#codex`;
  return {
    rules: {
      maxDescChars: null,
      budgetChars: CODEX_UNKNOWN_WINDOW_CHARS,
      honoursDisableModelInvocation: false,
      sameName: "each",
    },
    shown: [
      notPublished("description-cap", "A cap on each description.", anchor),
      {
        id: "listing-budget",
        text: "The listing may take about 2% of the model's context window, or 8,000 characters when the window is unknown (Skillshelf does not know Codex's model, so it takes 8,000); over it, descriptions are shortened first, then skills left out.",
        value: `${shown(CODEX_UNKNOWN_WINDOW_CHARS)} characters`,
        source: anchor,
      },
      {
        id: "skills.config",
        text: "[[skills.config]] with a name or a SKILL.md path and enabled = false keeps a skill out of the listing (user config only).",
        value: `${switches} set`,
        source: switches ? configFile : `none set (${anchor})`,
      },
    ],
  };
}

/** A listing with no published cap or budget, where disable-model-invocation means nothing. */
const NO_CAPS: ListingRules = { maxDescChars: null, budgetChars: null, honoursDisableModelInvocation: false };

/** The two rules a client that publishes neither a description cap nor a listing budget shows as not published. */
const noPublishedCaps = (anchor: string): BudgetRule[] => [
  notPublished("description-cap", "A cap on each description.", anchor),
  notPublished("listing-budget", "A budget for the whole listing.", anchor),
];

/** Gemini CLI: one skill per name (workspace over user), enabled skills only; its switch is /skills disable. */
export function geminiRules(): { rules: ListingRules; shown: BudgetRule[] } {
  const anchor = `${DOCS}#gemini-cli`;
  return {
    rules: { ...NO_CAPS, sameName: "first" },
    shown: [
      ...noPublishedCaps(anchor),
      {
        id: "precedence",
        text: "Skills of one name are listed once: the workspace's over the user's.",
        value: "applied",
        source: anchor,
      },
      {
        id: "skills-disable",
        text: "/skills disable NAME keeps a skill out of the listing; where Gemini CLI keeps that choice is not published, so Skillshelf cannot see it.",
        value: "not read",
        source: anchor,
      },
    ],
  };
}

/** Goose: one skill per name, the later folder in its published order winning. */
export function gooseRules(): { rules: ListingRules; shown: BudgetRule[] } {
  const anchor = `${DOCS}#goose`;
  return {
    rules: { ...NO_CAPS, sameName: "first" },
    shown: [
      ...noPublishedCaps(anchor),
      {
        id: "precedence",
        text: "Skills of one name are listed once: the project's over the user's, Goose's own folder over the shared ones.",
        value: "applied",
        source: anchor,
      },
      notPublished("per-skill-switch", "A per-skill switch in its settings.", anchor),
    ],
  };
}

/** A client that publishes no listing rule: every readable skill is listed in full. */
export function unpublishedRules(client: ClientId): { rules: ListingRules; shown: BudgetRule[] } {
  const anchor = `${DOCS}#${client}`;
  return {
    rules: NO_CAPS,
    shown: [
      ...noPublishedCaps(anchor),
      notPublished("per-skill-switch", "A per-skill switch in its settings.", anchor),
    ],
  };
}

/** What a person can do where Skillshelf sets no switch itself: the client's own, said exactly, or what it has. */
export function noSwitchNote(client: ClientId, codexConfig?: string): string {
  if (client === "claude-desktop")
    return "Claude Desktop has no settings file Skillshelf edits: turn the skill off in Claude Desktop's own skill settings, or remove it here (with Undo).";
  if (client === "codex")
    return `Codex's own switch: add to ${codexConfig ?? "~/.codex/config.toml"} a [[skills.config]] table with name = "SKILL-NAME" and enabled = false, then restart Codex. Or remove the skill here (with Undo).`;
  if (client === "gemini-cli")
    return "Gemini CLI's own switch: type /skills disable SKILL-NAME in a Gemini CLI session (or run gemini skills disable SKILL-NAME). Or remove the skill here (with Undo).";
  return "This client publishes no per-skill switch: to stop paying for a skill here, remove it from this client (Remove keeps an Undo), or keep it only where you use it.";
}
