// The two plugin placeholders of Agent Plugins 1.0.0 §9.2: exact names, one non-recursive pass.

/** The values the placeholders stand for. */
export interface PlaceholderValues {
  PLUGIN_ROOT: string;
  PLUGIN_DATA: string;
}

const PLACEHOLDER = /\$\{(PLUGIN_ROOT|PLUGIN_DATA)\}/g;

/**
 * Replaces every exact `${PLUGIN_ROOT}` and `${PLUGIN_DATA}` in one pass; text a replacement brings in is
 * never scanned again, and anything else that looks like a variable (`${FOO}`, `$PLUGIN_ROOT`) stays literal.
 * Applies to args items, env values and cwd only (never command, url, headers or env keys).
 */
export function expandPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (_match, name: keyof PlaceholderValues) => values[name]);
}
