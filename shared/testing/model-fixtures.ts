// Small model values for the shared/ view tests: a location and a valid, user-owned skill, each overridable.
import type { Location, Skill } from "../model";

/** A Claude Code user folder at /h/<id>. */
export const testLocation = (id: string, extra: Partial<Location> = {}): Location => ({
  id,
  client: "claude-code",
  scope: "user",
  path: `/h/${id}`,
  exists: true,
  ...extra,
});

/** A valid Claude Code skill named <id> in the "code" location (/h/code/<id>), unversioned and owned by the user. */
export const testSkill = (id: string, extra: Partial<Skill> = {}): Skill => ({
  id,
  name: id,
  description: `About ${id}`,
  dir: `/h/code/${id}`,
  realDir: `/h/code/${id}`,
  client: "claude-code",
  locationId: "code",
  version: null,
  versionSource: null,
  contentHash: id,
  diagnostics: [],
  valid: true,
  links: [],
  userOwned: true,
  ...extra,
});
