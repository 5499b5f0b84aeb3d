// A catalog as the page receives it: each skill as one row of values instead of an object with named keys, and the
// parts a skill repeats (its own placement, a real folder equal to its folder, its location's id and path) left out.
// A catalog of 10,000 skills is half the bytes and far fewer objects to parse, which is most of the time before the
// page shows its rows.
// Lossless: unpackCatalog(packCatalog(c)) deep-equals c, whatever keys a skill has.
import type { Location, ScanResult, Skill, SkillPlacement } from "./model";

/** Which packed form an answer holds (in the reply's envelope), so the page's API restores it. */
export type CatalogPacking = "catalog" | "stored-catalog";

/**
 * The keys every skill has, in row order (unpackSkill reads them by position; the round-trip test holds the two
 * together); any other key travels in the row's last cell.
 */
const ROW_KEYS = [
  "id",
  "name",
  "description",
  "dir",
  "realDir",
  "client",
  "locationId",
  "version",
  "versionSource",
  "contentHash",
  "diagnostics",
  "valid",
  "links",
  "userOwned",
  "repository",
] as const satisfies readonly (keyof Skill)[];
const DIR = ROW_KEYS.indexOf("dir");
const REAL_DIR = ROW_KEYS.indexOf("realDir");
const LOCATION = ROW_KEYS.indexOf("locationId");
const REPOSITORY = ROW_KEYS.indexOf("repository");
const PLACEMENTS = ROW_KEYS.length;
const OTHER_KEYS = ROW_KEYS.length + 1;
const ROW_LENGTH = ROW_KEYS.length + 2;
const FIXED = new Set<string>([...ROW_KEYS, "placements"]);

/**
 * A row's cells that differ from the skill's values: locationId is the index of its location in the catalog's list
 * when it has one there (else the id); dir is [rest] for `<location path>/rest` ([rest, "\\"] with a backslash) when
 * the location is there, else the path; realDir is 0 when it is dir; repository is 0 when the skill has none (absent).
 * A row's placements cell: 0 for only its own folder, 1 for none recorded, else the list.
 */
type PlacementsCell = 0 | 1 | SkillPlacement[];
/** One skill as a row: ROW_KEYS' values (realDir 0 when it is dir), the placements cell, the other keys or 0. */
export type PackedSkill = unknown[];

/** A catalog with its skills as rows. */
export interface PackedCatalog extends Omit<ScanResult, "skills"> {
  skillRows: PackedSkill[];
}

/** True when a skill's placements are exactly its own folder (what nearly every skill has). */
function ownPlacementOnly(skill: Skill): boolean {
  const list = skill.placements;
  if (!list || list.length !== 1) return false;
  const p = list[0]!;
  return (
    Object.keys(p).length === 4 &&
    p.path === skill.dir &&
    p.link === false &&
    p.client === skill.client &&
    p.locationId === skill.locationId
  );
}

/** Where each location is in the catalog's list, by id (the first, if two share one). */
type LocationIndex = Map<string, { index: number; path: string }>;

/** `dir` as its location's path, a separator and the rest, or null when it is not inside that path. */
function dirInside(dir: string, root: string): [string] | [string, "\\"] | null {
  if (dir.length <= root.length + 1 || !dir.startsWith(root)) return null;
  const sep = dir[root.length];
  const rest = dir.slice(root.length + 1);
  return sep === "/" ? [rest] : sep === "\\" ? [rest, "\\"] : null;
}

/** One skill as a row. */
function packSkill(skill: Skill, locations: LocationIndex): PackedSkill {
  const row: unknown[] = ROW_KEYS.map((key) => skill[key]);
  if (skill.realDir === skill.dir) row[REAL_DIR] = 0;
  const location = locations.get(skill.locationId);
  if (location) {
    row[LOCATION] = location.index;
    row[DIR] = dirInside(skill.dir, location.path) ?? skill.dir;
  }
  if (skill.repository === undefined) row[REPOSITORY] = 0;
  const placements: PlacementsCell =
    skill.placements === undefined ? 1 : ownPlacementOnly(skill) ? 0 : skill.placements;
  let others: Record<string, unknown> | 0 = 0;
  for (const key of Object.keys(skill)) {
    const value = (skill as unknown as Record<string, unknown>)[key];
    if (FIXED.has(key) || value === undefined) continue;
    (others ||= {})[key] = value;
  }
  row.push(placements, others);
  return row;
}

/** A catalog's rows packed one skill at a time (a host packs ten thousand in turns); `rest` is all but the skills. */
export function catalogPacker(catalog: ScanResult): {
  rest: Omit<ScanResult, "skills">;
  packRow: (skill: Skill) => PackedSkill;
} {
  const { skills: _skills, ...rest } = catalog;
  const locations: LocationIndex = new Map();
  catalog.locations.forEach((l, index) => {
    if (!locations.has(l.id)) locations.set(l.id, { index, path: l.path });
  });
  return { rest, packRow: (skill) => packSkill(skill, locations) };
}

/** The catalog in its packed form (the page's answer and the stored catalog's file). */
export function packCatalog(catalog: ScanResult): PackedCatalog {
  const { rest, packRow } = catalogPacker(catalog);
  return { ...rest, skillRows: catalog.skills.map(packRow) };
}

/** A row that is not one packSkill wrote: the answer is not used. */
class PackedRowError extends Error {}

/** A row's location cell and dir cell back into the skill's locationId and dir. */
function placeOf(locationCell: unknown, dirCell: unknown, locations: readonly unknown[]): [unknown, unknown] {
  if (typeof locationCell !== "number") {
    if (Array.isArray(dirCell)) throw new PackedRowError();
    return [locationCell, dirCell];
  }
  const location = locations[locationCell];
  if (!isLocationLike(location)) throw new PackedRowError();
  if (!Array.isArray(dirCell)) return [location.id, dirCell];
  const [rest, sep = "/"] = dirCell as unknown[];
  if (typeof rest !== "string" || (sep !== "/" && sep !== "\\") || dirCell.length > 2) throw new PackedRowError();
  return [location.id, `${location.path}${sep}${rest}`];
}

/** One row back into a skill; throws PackedRowError on anything packSkill would not write. */
function unpackSkill(row: unknown, locations: readonly unknown[]): Skill {
  if (!Array.isArray(row) || row.length !== ROW_LENGTH) throw new PackedRowError();
  const [locationId, dir] = placeOf(row[6], row[3], locations);
  // One object literal in ROW_KEYS' order: every skill gets the same shape, which the page's later walks read fastest.
  const skill: Record<string, unknown> = {
    id: row[0],
    name: row[1],
    description: row[2],
    dir,
    realDir: row[4] === 0 ? dir : row[4],
    client: row[5],
    locationId,
    version: row[7],
    versionSource: row[8],
    contentHash: row[9],
    diagnostics: row[10],
    valid: row[11],
    links: row[12],
    userOwned: row[13],
  };
  if (row[REPOSITORY] !== 0) skill.repository = row[REPOSITORY];
  const others: unknown = row[OTHER_KEYS];
  if (others !== 0) {
    if (typeof others !== "object" || others === null || Array.isArray(others)) throw new PackedRowError();
    // A "__proto__" key (JSON.parse makes it an own key) would set the skill's prototype: it is dropped.
    for (const [key, value] of Object.entries(others)) if (!FIXED.has(key) && key !== "__proto__") skill[key] = value;
  }
  const placements: unknown = row[PLACEMENTS];
  if (placements === 0)
    skill.placements = [{ locationId: skill.locationId, client: skill.client, path: skill.dir, link: false }];
  else if (Array.isArray(placements)) skill.placements = placements;
  else if (placements !== 1) throw new PackedRowError();
  return skill as unknown as Skill;
}

/**
 * The catalog a packed one stands for, or null when it is not one packCatalog wrote (a damaged file, a wrong answer).
 * The skills' own fields are checked where the catalog is read (the stored file) or trusted as the engine's (a scan).
 */
export function unpackCatalog(packed: unknown): ScanResult | null {
  if (typeof packed !== "object" || packed === null || Array.isArray(packed)) return null;
  const { skillRows, ...rest } = packed as Record<string, unknown>;
  if (!Array.isArray(skillRows) || "skills" in rest) return null;
  const locations: unknown[] = Array.isArray(rest.locations) ? rest.locations : [];
  try {
    return { ...rest, skills: skillRows.map((row) => unpackSkill(row, locations)) } as unknown as ScanResult;
  } catch (error) {
    if (error instanceof PackedRowError) return null;
    throw error;
  }
}

/** A location a row may name by index: an object with a string id and path. */
function isLocationLike(value: unknown): value is Location {
  if (typeof value !== "object" || value === null) return false;
  const { id, path } = value as Record<string, unknown>;
  return typeof id === "string" && typeof path === "string";
}
