// A cheap, deterministic token estimate for sizes shown to users and for the body-length rule.

const SURROGATE_PAIR = /[\ud800-\udbff][\udc00-\udfff]/;

/** Characters per token assumed by the estimate (English prose averages about four). */
export const CHARS_PER_TOKEN = 4;

/**
 * Estimates how many tokens a model would spend on `text`: ceil(code points / 4). It is an
 * estimate, not a tokenizer count — label it so wherever it is shown.
 */
export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  const surrogatePairs = SURROGATE_PAIR.test(text) ? (text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0) : 0;
  return Math.ceil((text.length - surrogatePairs) / CHARS_PER_TOKEN);
}
