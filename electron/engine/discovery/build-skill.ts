// Turns one read skill folder into the catalog's Skill: versions with their source, repository, validity.
import path from "node:path";
import type { Skill, SkillLockInfo, VersionSource } from "../../../shared/model";
import { formatBytes } from "../../../shared/format";
import type { SkillReport } from "../skill/types";
import type { FolderHash } from "./hash";
import { discoveryDiagnostic } from "./diagnostic";
import type { SkillRead } from "./read";

const scalar = (v: unknown): string | null =>
  typeof v === "string" && v.trim() ? v : typeof v === "number" ? String(v) : null;

/** The installed version and where it came from: metadata.version, a top-level version, the plugin's version, or none. */
function versionOf(
  report: SkillReport,
  pluginVersion: string | null,
): { version: string | null; versionSource: VersionSource | null } {
  if (report.version && report.versionSource) return { version: report.version, versionSource: report.versionSource };
  const fm = report.frontmatter;
  const meta = fm && typeof fm.metadata === "object" && fm.metadata ? (fm.metadata as Record<string, unknown>) : null;
  const fromMeta = scalar(meta?.version);
  if (fromMeta) return { version: fromMeta, versionSource: "metadata.version" };
  const top = scalar(fm?.version);
  if (top) return { version: top, versionSource: "frontmatter.version" };
  if (pluginVersion) return { version: pluginVersion, versionSource: "plugin.version" };
  return { version: null, versionSource: null };
}

/** The repository: the skill's own (metadata.repository...), else the installer's lock entry's source URL. */
function repositoryOf(report: SkillReport, lock: SkillLockInfo | undefined): string | null {
  const meta = report.frontmatter?.metadata;
  const fromMeta = meta && typeof meta === "object" ? scalar((meta as Record<string, unknown>).repository) : null;
  return report.repository ?? fromMeta ?? lock?.sourceUrl ?? null;
}

/** Where and how a skill sits, besides what its files say. */
export type SkillPlace = Pick<Skill, "id" | "dir" | "realDir" | "client" | "locationId" | "links" | "userOwned"> & {
  pluginVersion: string | null;
  lock?: SkillLockInfo;
};

/**
 * Says which cap cut a skill's content hash short, in words (scan.skill.truncated names the limit reached).
 * Exported for tests: each cap's words are checked on a real folder's hash.
 */
export function truncationReason(hash: FolderHash): string {
  const limit = hash.limit;
  if (limit?.kind === "bytes")
    return `This skill folder holds more than ${formatBytes(limit.max)} of files (the first ${formatBytes(hash.bytes)} were read)`;
  if (limit?.kind === "entries") return `This skill folder holds more than ${limit.max} entries (files and folders)`;
  if (limit?.kind === "depth") return `This skill folder nests folders deeper than ${limit.max} levels`;
  return `This skill folder is too large to read completely (${hash.files} files)`;
}

/** Builds a Skill from its read (report + hash) and its place. */
export function skillFrom(read: SkillRead, place: SkillPlace): Skill {
  const { report, hash } = read;
  let diagnostics = report.diagnostics;
  if (hash.truncated) {
    diagnostics = [
      ...diagnostics,
      discoveryDiagnostic(
        "scan.skill.truncated",
        "info",
        place.realDir,
        `${truncationReason(hash)}; its content hash covers only part of it, so changes may go unnoticed.`,
        "Keep large data (images, datasets, build output) out of the skill folder.",
      ),
    ];
  }
  const { version, versionSource } = versionOf(report, place.pluginVersion);
  const skill: Skill = {
    id: place.id,
    name: report.name || path.basename(place.dir),
    description: report.description,
    dir: place.dir,
    realDir: place.realDir,
    client: place.client,
    locationId: place.locationId,
    version,
    versionSource,
    contentHash: hash.hash,
    diagnostics,
    valid: report.valid,
    links: place.links,
    userOwned: place.userOwned,
    repository: repositoryOf(report, place.lock),
  };
  if (place.lock) skill.lock = place.lock;
  // The frontmatter fast path reads a plain `true` as the string "true".
  const dmi = report.frontmatter?.["disable-model-invocation"];
  if (dmi === true || dmi === "true") skill.disableModelInvocation = true;
  return skill;
}
