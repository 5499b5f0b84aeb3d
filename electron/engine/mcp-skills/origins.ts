// Where an installed skill that came from an MCP server or a site's index came from, kept in Skillshelf's data folder
// (`remote-origins.json`, read and written only through the trusted reader and the atomic writer): the `skills`
// installer's lock has no source type for an MCP server, and updates need the server, the skill's URI and its digests.
import path from "node:path";
import { ensureTrustedDir, readTrustedJson, untrustedError, writeDataJson } from "../app-data/data-trust";
import { isPlainAbsolute } from "../app-data/data-paths";
import { isPlainObject } from "../plugin/diagnostics";
import { isSpecDigest, skillEntryOf, type SkillResource } from "./protocol";
import type { SiteSkillForm } from "./well-known";

/** Where one skill came from: an MCP server (its address, the SKILL.md's URI and the verified resources) or a site. */
export type RemoteOrigin =
  | { kind: "mcp"; server: string; uri: string; resources: SkillResource[] }
  | { kind: "site"; index: string; name: string; digest: string | null; form?: SiteSkillForm };

/** The record of one installed folder: its origin, when it was recorded, and the origin an update replaced (for Undo). */
export type OriginRecord = RemoteOrigin & { recordedAt: string; previous?: RemoteOrigin };

const FORMS = new Set<unknown>(["skill-md", "files", "archive"]);

const FILE = "remote-origins.json";
const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 2000;

/** One origin as written, or null when it is not one Skillshelf writes. */
function remoteOf(raw: Record<string, unknown>): RemoteOrigin | null {
  if (raw.kind === "mcp" && typeof raw.server === "string" && typeof raw.uri === "string") {
    const entry = skillEntryOf({ uri: raw.uri, frontmatter: { name: "", description: "" }, resources: raw.resources });
    if (typeof entry === "string" || entry.resources === "dynamic") return null;
    return { kind: "mcp", server: raw.server, uri: raw.uri, resources: entry.resources };
  }
  if (raw.kind === "site" && typeof raw.index === "string" && typeof raw.name === "string")
    return {
      kind: "site",
      index: raw.index,
      name: raw.name,
      digest: isSpecDigest(raw.digest) ? raw.digest : null,
      ...(FORMS.has(raw.form) ? { form: raw.form as SiteSkillForm } : {}),
    };
  return null;
}

/** One record entry as written, or null when it is not one Skillshelf writes. */
function originOf(raw: unknown): OriginRecord | null {
  if (!isPlainObject(raw) || typeof raw.recordedAt !== "string") return null;
  const origin = remoteOf(raw);
  if (!origin) return null;
  const previous = isPlainObject(raw.previous) ? remoteOf(raw.previous) : null;
  return { ...origin, recordedAt: raw.recordedAt, ...(previous ? { previous } : {}) };
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

/** The recorded origin of the skill installed at `realDir` (or, as added, at `dir`) with the folder it is keyed by. */
export async function originOfFolder(
  dataDir: string,
  realDir: string,
  dir: string,
): Promise<{ key: string; origin: OriginRecord } | null> {
  const all = await readOrigins(dataDir);
  for (const key of [realDir, dir]) {
    const origin = all.get(key);
    if (origin) return { key, origin };
  }
  return null;
}

/**
 * Records where the skill installed at `dir` came from, replacing what was recorded for that folder; an update keeps
 * the origin it replaced as `previous`, so undoing it can put that back.
 */
export async function recordOrigin(
  dataDir: string,
  dir: string,
  origin: RemoteOrigin,
  previous?: RemoteOrigin,
): Promise<void> {
  await ensureTrustedDir(dataDir);
  const all = await readOrigins(dataDir);
  all.delete(dir);
  all.set(dir, { ...origin, recordedAt: new Date().toISOString(), ...(previous ? { previous } : {}) });
  await writeOrigins(dataDir, all);
}

/** After an update of `dir` was undone: its origin becomes the one that update replaced (nothing when none was kept). */
export async function restorePreviousOrigin(dataDir: string, dir: string): Promise<boolean> {
  const all = await readOrigins(dataDir);
  const previous = all.get(dir)?.previous;
  if (!previous) return false;
  all.set(dir, { ...previous, recordedAt: new Date().toISOString() });
  await writeOrigins(dataDir, all);
  return true;
}

/**
 * After an update of `dir` from elsewhere (a release, a file): Undo of that update must not put back an origin an
 * earlier update replaced, so the kept one is forgotten. True when there was one.
 */
export async function forgetPreviousOrigin(dataDir: string, dir: string): Promise<boolean> {
  const all = await readOrigins(dataDir);
  const record = all.get(dir);
  if (!record?.previous) return false;
  const { previous: _dropped, ...rest } = record;
  all.set(dir, rest);
  await writeOrigins(dataDir, all);
  return true;
}

async function writeOrigins(dataDir: string, all: Map<string, OriginRecord>): Promise<void> {
  const kept = [...all].slice(-MAX_ENTRIES);
  await writeDataJson(dataDir, path.join(dataDir, FILE), { version: 1, skills: Object.fromEntries(kept) });
}
