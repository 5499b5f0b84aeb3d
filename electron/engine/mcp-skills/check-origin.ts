// The update state of a skill installed from an MCP server or a site: the server's current entry (`skills/get`, its
// files' digests) or the site's index entry (its digest) against the digests recorded at install, and the installed
// files against those same digests.
import { createHash } from "node:crypto";
import { open, readdir } from "node:fs/promises";
import path from "node:path";
import type { UpdateInfo } from "../../../shared/model";
import { EngineError } from "../errors";
import { currentMcpResources, type McpSkillsOptions } from "./client";
import type { OriginRecord } from "./origins";
import { pathInSkill, skillAddressOf, type SkillResource } from "./protocol";
import { currentSiteSkill, skillLevelDigest, type SiteSkillsOptions } from "./well-known";

/** What the check found, as the fields of an UpdateInfo. */
export type OriginVerdict = Pick<
  UpdateInfo,
  "state" | "source" | "reason" | "cause" | "changedFiles" | "failedSource"
> &
  Pick<UpdateInfo, "remote" | "site">;

const MAX_HASHED_BYTES = 16 * 1024 * 1024;

/** The digest of an installed file (never through a link), or null when it is missing, not a file or too large. */
async function installedDigest(file: string): Promise<string | null> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > MAX_HASHED_BYTES) return null;
    return `sha256:${createHash("sha256")
      .update(await handle.readFile())
      .digest("hex")}`;
  } finally {
    await handle.close();
  }
}

/** Why the origin could not be asked, as the verdict's fields. */
function unasked(error: unknown, what: string): Pick<OriginVerdict, "state" | "reason" | "cause" | "failedSource"> {
  const why =
    error instanceof EngineError ? error.message.replace(/[,;]?\s*(?:so\s+)?[Nn]othing was added\.?$/, ".") : "";
  return {
    state: "unknown",
    reason: why || `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be asked.`,
    cause: error instanceof EngineError ? (error.failure ?? "unknown") : "unknown",
    failedSource: what,
  };
}

/** Paths (inside the skill) whose uri/digest differ between two resource sets, added and removed ones included. */
function differing(a: SkillResource[], b: SkillResource[], toPath: (uri: string) => string): string[] {
  const left = new Map(a.map((r) => [r.uri, r.digest]));
  const right = new Map(b.map((r) => [r.uri, r.digest]));
  const uris = new Set([...left.keys(), ...right.keys()]);
  return [...uris]
    .filter((u) => left.get(u) !== right.get(u))
    .map(toPath)
    .sort();
}

/** The state of the copy at `dir` installed from the server in `origin`: changed locally, outdated or up to date. */
export async function checkMcpOrigin(
  origin: Extract<OriginRecord, { kind: "mcp" }>,
  dir: string,
  options: McpSkillsOptions = {},
): Promise<OriginVerdict> {
  const remote = { server: origin.server, uri: origin.uri };
  const address = skillAddressOf(origin.uri);
  if (typeof address === "string")
    return {
      source: "mcp-skills",
      state: "unknown",
      reason: `The recorded skill URI is not usable: ${address}.`,
      remote,
    };
  const toPath = (uri: string) => pathInSkill(address, uri) ?? uri;
  const local: string[] = [];
  for (const r of origin.resources) {
    const file = path.join(dir, ...toPath(r.uri).split("/"));
    if ((await installedDigest(file)) !== r.digest) local.push(toPath(r.uri));
  }
  if (local.length)
    return {
      source: "mcp-skills",
      state: "changed-locally",
      reason: `This copy was changed here since it was installed from ${origin.server} (${local.length} file${local.length === 1 ? "" : "s"}).`,
      changedFiles: local,
      remote,
    };
  let current: SkillResource[];
  try {
    current = await currentMcpResources(origin.server, origin.uri, options);
  } catch (error) {
    return { source: "mcp-skills", ...unasked(error, `the server at ${origin.server}`), remote };
  }
  const changed = differing(origin.resources, current, toPath);
  return changed.length
    ? {
        source: "mcp-skills",
        state: "outdated",
        reason: `The server at ${origin.server} serves a changed copy of this skill (${changed.length} file${changed.length === 1 ? "" : "s"}).`,
        changedFiles: changed,
        remote,
      }
    : {
        source: "mcp-skills",
        state: "up-to-date",
        reason: `The server at ${origin.server} serves the same files.`,
        remote,
      };
}

const MAX_FOLDER_FILES = 512;

/** Every regular file under `dir` ("/"-separated paths, links not followed), or null past the spec's 512 files. */
async function filesUnder(dir: string, rel = "", out: string[] = []): Promise<string[] | null> {
  const entries = await readdir(path.join(dir, ...rel.split("/").filter(Boolean)), { withFileTypes: true });
  for (const entry of entries) {
    const at = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!(await filesUnder(dir, at, out))) return null;
    } else if (entry.isFile()) out.push(at);
    if (out.length > MAX_FOLDER_FILES) return null;
  }
  return out;
}

/**
 * The installed copy's digest in the form the site gave it (SKILL.md's own, or the draft's skill-level digest of
 * every file), or undefined when the form cannot be checked here (an archive's digest is of the archive).
 */
async function installedSiteDigest(dir: string, form: string | undefined): Promise<string | null | undefined> {
  if (form === "skill-md") return installedDigest(path.join(dir, "SKILL.md"));
  if (form !== "files") return undefined;
  const files = await filesUnder(dir).catch(() => null);
  if (!files) return null;
  const hashed: Array<{ path: string; sha256: string }> = [];
  for (const rel of files) {
    const digest = await installedDigest(path.join(dir, ...rel.split("/")));
    if (!digest) return null;
    hashed.push({ path: rel, sha256: digest.slice(7) });
  }
  return skillLevelDigest(hashed);
}

/**
 * The state of the copy at `dir` installed from a site's index: changed locally (its digest, in the form the index
 * gave, differs from the recorded one), outdated (the index now gives another digest) or up to date.
 */
export async function checkSiteOrigin(
  origin: Extract<OriginRecord, { kind: "site" }>,
  dir: string,
  options: Pick<SiteSkillsOptions, "limits" | "signal"> = {},
): Promise<OriginVerdict> {
  const site = { index: origin.index, name: origin.name };
  const host = URL.canParse(origin.index) ? new URL(origin.index).host : origin.index;
  if (!origin.digest)
    return {
      source: "site-skills",
      state: "unknown",
      reason: `The index at ${host} gave no digest for this skill when it was added, so a change cannot be told.`,
      site,
    };
  const local = await installedSiteDigest(dir, origin.form);
  if (local !== undefined && local !== origin.digest)
    return {
      source: "site-skills",
      state: "changed-locally",
      reason: `This copy was changed here since it was installed from ${host}.`,
      site,
    };
  let current: { digest: string | null };
  try {
    current = await currentSiteSkill(origin.index, origin.name, options);
  } catch (error) {
    return { source: "site-skills", ...unasked(error, `the site ${host}`), site };
  }
  return current.digest === origin.digest
    ? { source: "site-skills", state: "up-to-date", reason: `${host} publishes the same copy.`, site }
    : {
        source: "site-skills",
        state: "outdated",
        reason: `${host} publishes a changed copy of this skill (its index gives another digest).`,
        site,
      };
}
