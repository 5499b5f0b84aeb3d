// Where the page finds the data it takes the host's first screen over with: the stored catalog the host rendered it
// from, as the page's API would have answered it, served as JSON beside the page (not inside it, nor preloaded: its
// megabytes, received before the first frame, would hold the paint) and named on the page's root element.

/** The query parameter of the web host's page address that carries a one-time first-screen ticket. */
export const FIRST_SCREEN_PARAM = "first";

/** The root element's attribute that names the data's address, relative to the page. */
export const FIRST_SCREEN_DATA_ATTRIBUTE = "data-first-screen";

/** The folder of the data's addresses, relative to the page. */
export const FIRST_SCREEN_DATA_FOLDER = "first-screen";

/** An id the hosts give a page's data (random, URL-safe), as they check it on a request. */
export const FIRST_SCREEN_DATA_NAME = /^[A-Za-z0-9_-]{20,64}\.json$/;

/**
 * The opening tag of the page's root holding a first screen: busy and not yet usable until the page's script takes
 * the markup over (mount.tsx clears both), and naming the data `name`.
 */
export function firstScreenRootTag(name: string): string {
  if (!FIRST_SCREEN_DATA_NAME.test(name)) throw new Error("Not a first-screen data name.");
  return `<div id="root" aria-busy="true" aria-disabled="true" ${FIRST_SCREEN_DATA_ATTRIBUTE}="./${FIRST_SCREEN_DATA_FOLDER}/${name}">`;
}
