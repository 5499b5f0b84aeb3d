// The data block the host writes beside the first screen it rendered: the stored catalog as the page's API would have
// answered it, in a <script type="application/json"> the page reads before React takes over the same markup.

/** The data block's element id. */
export const FIRST_SCREEN_DATA_ID = "skillshelf-first-screen";

/**
 * JSON text made safe inside a <script> element: `<`, `>`, `&` and U+2028/U+2029 become \u escapes (still the same
 * JSON), so no text in it, a skill named `</script><script>…` included, can close the element or open another.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The data block element for JSON text. */
export function firstScreenDataScript(json: string): string {
  return `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptSafeJson(json)}</script>`;
}
