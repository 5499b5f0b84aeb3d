// Where the page finds the data it takes the host's first screen over with: the stored catalog the host rendered it
// from, as the page's API would have answered it, served as JSON beside the page (not inside it: megabytes in the page
// would hold its first paint) and named in the page by a preload link the page's script reads.

/** The preload link's element id. */
export const FIRST_SCREEN_DATA_ID = "skillshelf-first-screen";

/** The folder of the data's addresses, relative to the page. */
export const FIRST_SCREEN_DATA_FOLDER = "first-screen";

/** An id the hosts give a page's data (random, URL-safe), as they check it on a request. */
export const FIRST_SCREEN_DATA_NAME = /^[A-Za-z0-9_-]{20,64}\.json$/;

/** The preload link naming the data `name`: fetched at once, beside the page, by the browser. */
export function firstScreenDataLink(name: string): string {
  if (!FIRST_SCREEN_DATA_NAME.test(name)) throw new Error("Not a first-screen data name.");
  return `<link rel="preload" as="fetch" crossorigin href="./${FIRST_SCREEN_DATA_FOLDER}/${name}" id="${FIRST_SCREEN_DATA_ID}">`;
}
