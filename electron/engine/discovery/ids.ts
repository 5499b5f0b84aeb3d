// Stable ids: a short hash of what identifies a thing, so the same folder keeps its id across scans.
import { createHash } from "node:crypto";

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** A location's id: stable for its client, scope and path. */
export function locationId(client: string, scope: string, p: string): string {
  return `loc-${shortHash(`${client}\u0000${scope}\u0000${p}`)}`;
}

/** A skill's id: stable for its real folder. */
export function skillId(realDir: string): string {
  return `skill-${shortHash(realDir)}`;
}

/** A plugin's id: stable for its root folder. */
export function pluginId(root: string): string {
  return `plugin-${shortHash(root)}`;
}
