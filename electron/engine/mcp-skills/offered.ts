// Which skills the user's MCP servers offer (the Skills extension), without installing anything: each server is asked
// for its declaration and its listing, bounded in number, time and size; one skill's preview is fetched through the
// same verified client into a temporary folder, read like any skill (levels 1-3, checks), and deleted again.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { OfferedServer, OfferedSkill, OfferedSkillPreview } from "../../../shared/offered-skills";
import { EngineError } from "../errors";
import { mapBounded } from "../fs/bounded";
import { getSkillLevels } from "../skill/levels";
import { httpTransport, stdioTransport } from "../updates/meta-client";
import { redactUrl, type McpEndpoint } from "../updates/endpoints";
import { listMcpSkills, stageMcpSkills, type McpSkillsTransport } from "./client";
import type { ListedEntry } from "./protocol";
import { refusedServerUrl } from "./server-url";
import { REMOTE_LIMITS, type RemoteLimits } from "./staged-files";

/** At most this many servers are asked in one listing. */
const MAX_OFFERING_SERVERS = 50;
/** At most this many skills are kept per server (the rest are counted). */
const MAX_OFFERED_PER_SERVER = 200;
/** How long one server's declaration and listing may take in all. */
const LIST_TIMEOUT_MS = 30_000;
/** Servers asked at once. */
const PARALLEL = 4;
const TEXT_CAP = { name: 100, description: 1024, uri: 2048, error: 600 };

/** How to reach an endpoint with the skills client, or why its address is refused. */
function transportOf(endpoint: McpEndpoint): { transport: McpSkillsTransport } | { refused: string } {
  const t = endpoint.transport;
  if (t.type === "http") {
    const refused = refusedServerUrl(t.url);
    if (refused) return { refused };
    return { transport: (watch, cap) => httpTransport(t.url, t.headers.reveal(), watch, cap) };
  }
  return {
    // One message may be a whole file (base64 or escaped text): the skills client's largest read cap.
    transport: (_watch, cap) => stdioTransport(t, Math.max(cap(), 6 * REMOTE_LIMITS.maxSkillBytes + 64 * 1024)),
  };
}

/** The address shown for an endpoint: its URL without query or credentials, or the command it starts. */
function addressOf(endpoint: McpEndpoint): string {
  const t = endpoint.transport;
  return t.type === "http" ? redactUrl(t.url) : `stdio: ${t.command.slice(0, 300)}`;
}

function offeredSkillOf(entry: ListedEntry): OfferedSkill {
  if ("invalid" in entry)
    return {
      name: entry.name.slice(0, TEXT_CAP.name),
      description: "",
      uri: entry.uri.slice(0, TEXT_CAP.uri),
      files: null,
      bytes: null,
      invalid: entry.invalid.slice(0, TEXT_CAP.error),
    };
  const resources = entry.resources === "dynamic" ? null : entry.resources;
  return {
    name: entry.frontmatter.name.slice(0, TEXT_CAP.name),
    description: entry.frontmatter.description.slice(0, TEXT_CAP.description),
    uri: entry.uri.slice(0, TEXT_CAP.uri),
    files: resources ? resources.length : null,
    bytes: resources ? resources.reduce((sum, r) => sum + r.size, 0) : null,
    ...(resources ? {} : { invalid: 'Its files are generated on the fly ("dynamic"), so they cannot be checked.' }),
    ...("allowed-tools" in entry.frontmatter ? { asksForTools: true } : {}),
  };
}

/** Asks one server whether it offers skills, and which; never throws. */
async function askOffered(endpoint: McpEndpoint, limits: Partial<RemoteLimits> = {}): Promise<OfferedServer> {
  const t = endpoint.transport;
  const base = {
    id: endpoint.id,
    name: endpoint.name.slice(0, TEXT_CAP.name),
    address: addressOf(endpoint),
    configuredIn: endpoint.configuredIn,
    addSource: t.type === "http" ? `mcp:${redactUrl(t.url)}` : null,
  };
  const how = transportOf(endpoint);
  if ("refused" in how) return { ...base, state: "failed", skills: [], more: 0, error: how.refused };
  try {
    const listing = await listMcpSkills(base.address, {
      transport: how.transport,
      limits: { totalTimeoutMs: LIST_TIMEOUT_MS, ...limits },
    });
    if (listing === null) return { ...base, state: "none", skills: [], more: 0 };
    const skills = listing.slice(0, MAX_OFFERED_PER_SERVER).map(offeredSkillOf);
    return { ...base, state: "offers", skills, more: Math.max(0, listing.length - skills.length) };
  } catch (error) {
    const message = error instanceof EngineError ? error.message : String((error as Error)?.message ?? error);
    return { ...base, state: "failed", skills: [], more: 0, error: message.slice(0, TEXT_CAP.error) };
  }
}

/** Asks every endpoint (at most MAX_OFFERING_SERVERS, a few at a time), in their order. */
export async function listOffered(
  endpoints: McpEndpoint[],
  limits: Partial<RemoteLimits> = {},
): Promise<OfferedServer[]> {
  const asked = endpoints.slice(0, MAX_OFFERING_SERVERS);
  return mapBounded(asked, PARALLEL, (endpoint) => askOffered(endpoint, limits));
}

/** Puts the skill's URI in place of the temporary folder in every path the preview shows. */
function shownPaths(levels: OfferedSkillPreview["levels"], dir: string, root: string): OfferedSkillPreview["levels"] {
  const shown = (p: string) =>
    p === dir ? root : p.startsWith(dir + path.sep) ? `${root}/${path.relative(dir, p).split(path.sep).join("/")}` : p;
  return {
    ...levels,
    dir: root,
    diagnostics: levels.diagnostics.map((d) => ({ ...d, file: shown(d.file) })),
  };
}

/**
 * One offered skill's levels 1-3 and checks: its files fetched and verified by the skills client into a temporary
 * folder, read with the skill reader, and the folder deleted again. Nothing is installed. Throws EngineError.
 */
export async function previewOffered(
  endpoint: McpEndpoint,
  skill: string,
  options: { limits?: Partial<RemoteLimits>; signal?: AbortSignal; tempDir?: string } = {},
): Promise<OfferedSkillPreview> {
  const how = transportOf(endpoint);
  if ("refused" in how) throw new EngineError("install.download.refused-url", how.refused);
  const staging = await mkdtemp(path.join(options.tempDir ?? os.tmpdir(), "skillshelf-preview-"));
  try {
    const [staged] = await stageMcpSkills(addressOf(endpoint), staging, {
      skill,
      transport: how.transport,
      // Nothing is installed: the grant is only shown (adding it still needs the user's approval).
      approveToolGrants: true,
      limits: { ...REMOTE_LIMITS, ...options.limits, maxSkills: 1 },
      signal: options.signal,
    });
    if (!staged) throw new EngineError("install.skill.not-found", `${addressOf(endpoint)} sent no skill.`);
    const dir = path.join(staging, ...staged.path.split("/"));
    const levels = await getSkillLevels(dir);
    return {
      serverId: endpoint.id,
      uri: staged.uri,
      levels: shownPaths(levels, dir, staged.uri.replace(/\/SKILL\.md$/, "")),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
