// The MCP Skills extension (io.modelcontextprotocol/skills) as its Final text writes it: the method names, the Skill
// entry shape, the digest format, the per-skill limits and the skill-URI structure (docs/mcp-skills.md quotes each rule).
import { isPlainObject } from "../plugin/diagnostics";
import { isValidSkillName } from "../skill/name-rules";

/** The extension's identifier in the server's `capabilities.extensions`. */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";
/** The method enumerating a server's skills (paginated). */
export const SKILLS_LIST = "skills/list";
/** The method giving the entry of one skill named by its SKILL.md's URI. */
export const SKILLS_GET = "skills/get";
/** The spec's per-skill limits every host MUST accept: 512 resources, 16 MiB in all. */
export const SPEC_SKILL_LIMITS = { maxResources: 512, maxBytes: 16 * 1024 * 1024 };

/** One file of a skill: its resource URI, `sha256:{64 lowercase hex}` digest and size in bytes. */
export interface SkillResource {
  uri: string;
  digest: string;
  size: number;
}

/** One `Skill` entry, as `skills/list` and `skills/get` both give it. */
export interface SkillEntry {
  uri: string;
  frontmatter: Record<string, unknown> & { name: string; description: string };
  resources: SkillResource[] | "dynamic";
}

/** Where a skill lives: its root URI (`scheme://<skill-path>`), its skill path (decoded) and name (the last segment). */
export interface SkillAddress {
  root: string;
  path: string;
  name: string;
}

const DIGEST = /^sha256:[0-9a-f]{64}$/;
const MAX_URI = 2048;
const SKILL_URI = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(.+)\/SKILL\.md$/;

/** True for a digest written as the spec writes it: `sha256:` and 64 lowercase hexadecimal characters. */
export function isSpecDigest(raw: unknown): raw is string {
  return typeof raw === "string" && DIGEST.test(raw);
}

const plain = (s: string) => !!s && s !== "." && s !== ".." && s.length <= 255 && !/[/\\?#\u0000-\u001f\u007f]/.test(s);

/** A URI path segment decoded, or null unless it names one folder or file (no `.`/`..`, separators, controls). */
function segmentOf(raw: string): string | null {
  if (!plain(raw)) return null;
  try {
    const decoded = decodeURIComponent(raw);
    return plain(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

/** The decoded segments of a `/`-separated URI path, or null when one of them is not plain. */
function segmentsOf(raw: string): string[] | null {
  const segments = raw.split("/").map(segmentOf);
  return segments.every((s): s is string => s !== null) ? segments : null;
}

/** The address of a skill from its SKILL.md's URI, or why that URI is not one (the last segment must be a valid name). */
export function skillAddressOf(uri: string): SkillAddress | string {
  if (uri.length > MAX_URI) return "its URI is too long";
  const match = SKILL_URI.exec(uri);
  if (!match) return "its URI does not end in /SKILL.md";
  const segments = segmentsOf(match[2]!);
  if (!segments) return "its URI holds an empty, `.` or `..` segment or a character not allowed";
  const name = segments[segments.length - 1]!;
  if (!isValidSkillName(name)) return `its URI's last segment "${name.slice(0, 100)}" is not a valid skill name`;
  return { root: `${match[1]}://${match[2]}`, path: segments.join("/"), name };
}

/** A resource's path inside the skill's folder (`/`-separated), or null when its URI is not within that folder. */
export function pathInSkill(address: SkillAddress, uri: string): string | null {
  if (uri.length > MAX_URI || !uri.startsWith(`${address.root}/`)) return null;
  return segmentsOf(uri.slice(address.root.length + 1))?.join("/") ?? null;
}

/** The entry as the spec defines `Skill`, or why it is not one (a host MUST NOT load an invalid entry). */
export function skillEntryOf(raw: unknown): SkillEntry | string {
  if (!isPlainObject(raw)) return "it is not an object";
  if (typeof raw.uri !== "string" || !raw.uri) return "it has no uri";
  const fm = raw.frontmatter;
  if (!isPlainObject(fm) || typeof fm.name !== "string" || typeof fm.description !== "string")
    return "its frontmatter lacks a name or description";
  const frontmatter = fm as SkillEntry["frontmatter"];
  if (raw.resources === "dynamic") return { uri: raw.uri, frontmatter, resources: "dynamic" };
  if (!Array.isArray(raw.resources)) return 'its resources are neither a list nor "dynamic"';
  const resources: SkillResource[] = [];
  for (const r of raw.resources) {
    if (!isPlainObject(r) || typeof r.uri !== "string" || !r.uri) return "a resource in it has no uri";
    if (!isSpecDigest(r.digest)) return `the resource ${r.uri.slice(0, 200)} has no sha256:{hex} digest`;
    if (typeof r.size !== "number" || !Number.isSafeInteger(r.size) || r.size < 0)
      return `the resource ${r.uri.slice(0, 200)} has no size`;
    resources.push({ uri: r.uri, digest: r.digest, size: r.size });
  }
  return { uri: raw.uri, frontmatter, resources };
}

/** One entry of a listing: a valid entry, or the reason it is invalid with what could be read of it. */
export type ListedEntry = SkillEntry | { invalid: string; uri: string; name: string };

/** The entries and next cursor of a `skills/list` answer, or null when it is not one. */
export function listResultOf(result: unknown): { entries: ListedEntry[]; nextCursor: string | null } | null {
  if (!isPlainObject(result) || !Array.isArray(result.skills)) return null;
  const entries = result.skills.map((raw): ListedEntry => {
    const entry = skillEntryOf(raw);
    if (typeof entry !== "string") return entry;
    const r = isPlainObject(raw) ? raw : {};
    const fm = isPlainObject(r.frontmatter) ? r.frontmatter : {};
    return {
      invalid: entry,
      uri: typeof r.uri === "string" ? r.uri.slice(0, 300) : "",
      name: typeof fm.name === "string" ? fm.name.slice(0, 100) : "",
    };
  });
  const next = typeof result.nextCursor === "string" && result.nextCursor ? result.nextCursor : null;
  return { entries, nextCursor: next };
}
