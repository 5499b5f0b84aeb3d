// A cheap, deterministic token estimate for sizes shown to users and for the body-length rule.

const SURROGATE_PAIRS = /[\ud800-\udbff][\udc00-\udfff]/g;

/** Characters per token assumed by the estimate (English prose averages about four). */
export const CHARS_PER_TOKEN = 4;

/** Counts Unicode code points (what the spec's length limits count): UTF-16 units, a surrogate pair counted once. */
export function codePoints(text: string): number {
  return text.length - (text.match(SURROGATE_PAIRS)?.length ?? 0);
}

/**
 * Estimates how many tokens a model would spend on `text`: ceil(code points / 4). It is an
 * estimate, not a tokenizer count — label it so wherever it is shown.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(codePoints(text) / CHARS_PER_TOKEN);
}

/**
 * The estimate's worst error measured against Claude's published tokenizer and OpenAI's o200k_base on listings shaped
 * like people's (electron/engine/budget/token-estimate.test.ts holds it), shown wherever the estimate is.
 */
export const MEASURED_TOKEN_ERROR = { listings: 9, percent: 8 } as const;
