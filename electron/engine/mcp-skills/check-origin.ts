// The update state of a skill installed from an MCP server: the server's current entry (`skills/get`, its files'
// digests) against the digests recorded at install, and the installed files against those same digests.
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import path from "node:path";
import type { UpdateInfo } from "../../../shared/model";
import { EngineError } from "../errors";
import { currentMcpResources, type McpSkillsOptions } from "./client";
import type { OriginRecord } from "./origins";
import { pathInSkill, skillAddressOf, type SkillResource } from "./protocol";

/** What the check found, as the fields of an UpdateInfo. */
export type OriginVerdict = Pick<
  UpdateInfo,
  "state" | "source" | "reason" | "cause" | "changedFiles" | "failedSource"
> & {
  remote: { server: string; uri: string };
};

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
    const why =
      error instanceof EngineError
        ? error.message.replace(/,? ?[Nn]othing was added\.?$|, so nothing was added\.$/, ".")
        : "";
    return {
      source: "mcp-skills",
      state: "unknown",
      reason: why || `The server at ${origin.server} could not be asked.`,
      cause: error instanceof EngineError ? (error.failure ?? "unknown") : "unknown",
      failedSource: `the server at ${origin.server}`,
      remote,
    };
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
