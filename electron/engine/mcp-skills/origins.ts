// Where an installed skill that came from an MCP server or a site's index came from, kept in Skillshelf's data folder
// (`remote-origins.json`, read and written only through the trusted reader and the atomic writer): the `skills`
// installer's lock has no source type for an MCP server, and updates need the server, the skill's URI and its digests.
import path from "node:path";
import { ensureTrustedDir, readTrustedJson, untrustedError, writeDataJson } from "../app-data/data-trust";
import { isPlainAbsolute } from "../app-data/data-paths";
import { isPlainObject } from "../plugin/diagnostics";
import { isSpecDigest, skillEntryOf, type SkillResource } from "./protocol";

/** Where one skill came from: an MCP server (its address, the SKILL.md's URI and the verified resources) or a site. */
export type RemoteOrigin =
  | { kind: "mcp"; server: string; uri: string; resources: SkillResource[] }
  | { kind: "site"; index: string; name: string; digest: string | null };

/** The record of one installed folder: its origin and when it was recorded. */
export type OriginRecord = RemoteOrigin & { recordedAt: string };

const FILE = "remote-origins.json";
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 2000;

/** One record entry as written, or null when it is not one Skillshelf writes. */
function originOf(raw: unknown): OriginRecord | null {
  if (!isPlainObject(raw) || typeof raw.recordedAt !== "string") return null;
  if (raw.kind === "mcp" && typeof raw.server === "string" && typeof raw.uri === "string") {
    const entry = skillEntryOf({ uri: raw.uri, frontmatter: { name: "", description: "" }, resources: raw.resources });
    if (typeof entry === "string" || entry.resources === "dynamic") return null;
    return { kind: "mcp", server: raw.server, uri: raw.uri, resources: entry.resources, recordedAt: raw.recordedAt };
  }
  if (raw.kind === "site" && typeof raw.index === "string" && typeof raw.name === "string")
    return {
      kind: "site",
      index: raw.index,
      name: raw.name,
      digest: isSpecDigest(raw.digest) ? raw.digest : null,
      recordedAt: raw.recordedAt,
    };
  return null;
}

/** Every recorded origin by installed folder (absolute path); throws install.data.untrusted for a planted record. */
export async function readOrigins(dataDir: string): Promise<Map<string, OriginRecord>> {
  const read = await readTrustedJson(path.join(dataDir, FILE), MAX_BYTES);
  const out = new Map<string, OriginRecord>();
  if (!read.ok) {
    if (read.missing) return out;
    throw untrustedError(`${path.join(dataDir, FILE)}: ${read.why}`);
  }
  const skills = isPlainObject(read.value) && isPlainObject(read.value.skills) ? read.value.skills : {};
  for (const [dir, raw] of Object.entries(skills).slice(0, MAX_ENTRIES)) {
    const origin = originOf(raw);
    if (origin && isPlainAbsolute(dir)) out.set(dir, origin);
  }
  return out;
}

/** Records where the skill installed at `dir` came from, replacing what was recorded for that folder. */
export async function recordOrigin(dataDir: string, dir: string, origin: RemoteOrigin): Promise<void> {
  await ensureTrustedDir(dataDir);
  const all = await readOrigins(dataDir);
  all.delete(dir);
  all.set(dir, { ...origin, recordedAt: new Date().toISOString() });
  const kept = [...all].slice(-MAX_ENTRIES);
  await writeDataJson(dataDir, path.join(dataDir, FILE), { version: 1, skills: Object.fromEntries(kept) });
}
