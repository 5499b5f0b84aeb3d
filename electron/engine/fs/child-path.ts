// One name joined to a folder, for loops over thousands of folders (the search, a kept run's check).
import path from "node:path";

/**
 * path.join of a normalised folder and one name from its listing (never empty, ".", ".." or holding a separator),
 * without path.join's normalising.
 */
export const childPath = (dir: string, name: string): string =>
  dir.endsWith(path.sep) ? dir + name : dir + path.sep + name;
