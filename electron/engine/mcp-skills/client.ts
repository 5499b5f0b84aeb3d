// Fetches skills from an MCP server that offers the Skills extension, as its Final text says: check the declaration
// (and `resources`), page through `skills/list`, confirm each chosen skill with `skills/get` by URI, then read every
// listed resource with `resources/read`, each checked against its size and digest and kept inside the skill's folder.
import { isDeepStrictEqual } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResultSchema, ReadResourceResultSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { formatBytes } from "../../../shared/format";
import { frontmatterOf } from "../capabilities/declarations";
import { EngineError } from "../errors";
import { httpTransport, type CapWatch } from "../updates/meta-client";
import { isPlainObject } from "../plugin/diagnostics";
import { VERSION } from "../version";
import {
  listResultOf,
  pathInSkill,
  skillAddressOf,
  skillEntryOf,
  SKILLS_EXTENSION,
  SKILLS_GET,
  SKILLS_LIST,
  type ListedEntry,
  type SkillAddress,
  type SkillEntry,
  type SkillResource,
} from "./protocol";
import { refusedServerUrl } from "./server-url";
import { REMOTE_LIMITS, RemoteStaging, type RemoteLimits } from "./staged-files";

/** Options of one fetch from a server. */
export interface McpSkillsOptions {
  /** Only this skill: its name, its skill path (`acme/billing/refunds`) or its SKILL.md's URI; else every listed skill. */
  skill?: string | null;
  /** The user approved the `allowed-tools` grants of MCP skills (the spec says they are ignored unless approved). */
  approveToolGrants?: boolean;
  limits?: Partial<RemoteLimits>;
  signal?: AbortSignal;
  /** How to reach the server when it is not the plain address given (a configured server's headers, a local command). */
  transport?: McpSkillsTransport;
}

/** Makes the transport to one server, its answers capped by `cap()` (checked per message) and reported to `watch`. */
export type McpSkillsTransport = (watch: CapWatch, cap: () => number) => Transport;

/** A skill fetched from a server: where it came from (the SKILL.md's URI) and the resources it was verified against. */
export interface StagedMcpSkill {
  name: string;
  uri: string;
  /** Its folder under the staging root: its skill path, so skills of one name stay apart. */
  path: string;
  resources: SkillResource[];
}

const MAX_LIST_PAGES = 50;
/** The error a server answers `skills/get` with for a URI that names no skill it serves. */
const INVALID_PARAMS = -32602;
const MAX_LISTING_MESSAGE = 8 * 1024 * 1024;
/** A read's answer may be a text escaped in JSON or base64 bytes: six times the declared size covers both. */
const readCap = (size: number) => size * 6 + 64 * 1024;

/** The bytes of one `resources/read` answer for `uri`, or why it cannot be used. */
function contentBytes(result: unknown, uri: string): Buffer | string {
  const contents = isPlainObject(result) && Array.isArray(result.contents) ? result.contents : null;
  if (!contents) return "the server's answer holds no contents";
  const item = contents.find((c) => isPlainObject(c) && c.uri === uri) ?? (contents.length === 1 ? contents[0] : null);
  if (!isPlainObject(item)) return "the server's answer does not hold that file";
  if (typeof item.text === "string") return Buffer.from(item.text, "utf8");
  if (typeof item.blob === "string" && /^[A-Za-z0-9+/]*={0,2}$/.test(item.blob))
    return Buffer.from(item.blob, "base64");
  return "the server's answer holds neither text nor base64 bytes";
}

class Session {
  cap = MAX_LISTING_MESSAGE;

  constructor(
    readonly client: Client,
    readonly url: string,
    readonly limits: RemoteLimits,
    readonly watch: CapWatch,
    readonly approveToolGrants: boolean,
  ) {}

  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    this.cap = MAX_LISTING_MESSAGE;
    const request = { method, params } as never;
    return this.client.request(request, ResultSchema, { timeout: this.limits.requestTimeoutMs });
  }

  async list(): Promise<ListedEntry[]> {
    const entries: ListedEntry[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const listed = listResultOf(await this.call(SKILLS_LIST, cursor ? { cursor } : {}));
      if (!listed) throw this.bad(`its answer to ${SKILLS_LIST} is not a list of skills`);
      entries.push(...listed.entries);
      if (entries.length > this.limits.maxSkills * 20 || !(cursor = listed.nextCursor)) break;
    }
    return entries;
  }

  /** The current entry of the skill at `uri` (`skills/get`), checked against every rule before anything is read. */
  async get(uri: string): Promise<{ entry: SkillEntry & { resources: SkillResource[] }; address: SkillAddress }> {
    const result = await this.call(SKILLS_GET, { uri }).catch((error: unknown) => {
      if ((error as { code?: unknown } | null)?.code !== INVALID_PARAMS) throw error;
      throw new EngineError("install.skill.not-found", `${this.url} serves no skill at ${uri.slice(0, 300)}.`);
    });
    const entry = skillEntryOf(isPlainObject(result) ? result.skill : null);
    if (typeof entry === "string") throw this.bad(`its ${SKILLS_GET} entry for ${uri} is invalid: ${entry}`);
    if (entry.uri !== uri) throw this.bad(`it answered ${SKILLS_GET} for ${uri} with another skill`);
    const address = skillAddressOf(uri);
    if (typeof address === "string") throw this.bad(`the skill at ${uri.slice(0, 300)} cannot be used: ${address}`);
    if (entry.frontmatter.name !== address.name)
      throw new EngineError(
        "install.skill.name-mismatch",
        `The skill at ${uri} on ${this.url} is named "${entry.frontmatter.name.slice(0, 100)}", not "${address.name}" as the last part of its URI must be; nothing was added.`,
      );
    if (entry.resources === "dynamic")
      throw new EngineError(
        "install.skill.invalid",
        `The skill "${address.name}" on ${this.url} is generated on the fly ("dynamic"), so it has no digests to check its files against; Skillshelf does not install such skills.`,
      );
    this.checkResources(entry.resources, uri, address);
    if ("allowed-tools" in entry.frontmatter && !this.approveToolGrants)
      throw new EngineError(
        "install.skill.invalid",
        `The skill "${address.name}" on ${this.url} asks for tools to be allowed without asking (allowed-tools); a skill from an MCP server gets that only when you approve it (--allow-tools). Nothing was added.`,
      );
    return { entry: { ...entry, resources: entry.resources }, address };
  }

  checkResources(resources: SkillResource[], uri: string, address: SkillAddress): void {
    const total = resources.reduce((sum, r) => sum + r.size, 0);
    if (resources.length > this.limits.maxFilesPerSkill || total > this.limits.maxSkillBytes)
      throw new EngineError(
        "install.download.too-large",
        `The skill "${address.name}" on ${this.url} has ${resources.length} files and ${formatBytes(total)}, over the ${this.limits.maxFilesPerSkill} files or ${formatBytes(this.limits.maxSkillBytes)} a skill may have, so nothing was added.`,
      );
    const seen = new Set<string>();
    for (const r of resources) {
      if (seen.has(r.uri)) throw this.bad(`the skill "${address.name}" lists ${r.uri.slice(0, 300)} twice`);
      seen.add(r.uri);
      if (pathInSkill(address, r.uri) === null)
        throw new EngineError(
          "install.archive.unsafe-entry",
          `The skill "${address.name}" on ${this.url} lists the file ${r.uri.slice(0, 300)}, which is not inside the skill's folder (${address.root.slice(0, 300)}/); nothing was added.`,
        );
    }
    if (!seen.has(uri)) throw this.bad(`the skill "${address.name}" does not list its own SKILL.md among its files`);
  }

  /** Reads every file of the entry into staging under its skill path, SKILL.md first (its frontmatter checked). */
  async fetch(uri: string, staging: RemoteStaging): Promise<StagedMcpSkill> {
    const { entry, address } = await this.get(uri);
    const ordered = [...entry.resources].sort((a, b) => Number(b.uri === uri) - Number(a.uri === uri));
    for (const resource of ordered) {
      const bytes = await this.read(resource, address, staging);
      if (resource.uri === uri && !isDeepStrictEqual(frontmatterOf(bytes.toString("utf8")), entry.frontmatter))
        throw new EngineError(
          "install.download.checksum",
          `The SKILL.md of "${address.name}" on ${this.url} does not carry the frontmatter its entry announced, so nothing was added.`,
        );
    }
    return { name: address.name, uri, path: address.path, resources: entry.resources };
  }

  async read(resource: SkillResource, address: SkillAddress, staging: RemoteStaging): Promise<Buffer> {
    const entryName = staging.claim(address.path, pathInSkill(address, resource.uri)!, resource.size);
    this.watch.exceeded = null;
    this.cap = readCap(resource.size);
    const result = await this.client.readResource({ uri: resource.uri }, { timeout: this.limits.requestTimeoutMs });
    const bytes = contentBytes(ReadResourceResultSchema.parse(result), resource.uri);
    if (typeof bytes === "string") throw this.bad(`${bytes} ("${entryName.slice(0, 300)}")`);
    staging.write(entryName, bytes, { size: resource.size, sha256: resource.digest.slice("sha256:".length) });
    return bytes;
  }

  bad(why: string): EngineError {
    return new EngineError(
      "install.download.failed",
      `${this.url} does not serve skills the way the MCP Skills extension says: ${why}. Nothing was added.`,
    );
  }
}

/** The listed skills that hold no other chosen one's folder above them (a nested skill comes with its enclosing one). */
function outermost(entries: SkillEntry[]): SkillEntry[] {
  const roots = entries.map((e) => e.uri.replace(/\/SKILL\.md$/, "/"));
  return entries.filter((_, i) => !roots.some((root, j) => j !== i && roots[i]!.startsWith(root)));
}

/** The URIs of the skills to fetch: the one asked for (by URI, skill path or name), else every listed one. */
async function chosen(session: Session, want: string | null): Promise<string[]> {
  const url = session.url;
  if (want?.includes("://")) return [want];
  const listing = await session.list();
  const valid = listing.filter((e): e is SkillEntry => !("invalid" in e));
  if (want?.includes("/")) {
    const hit = listing.find((e) => e.uri.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, "") === `${want}/SKILL.md`);
    return [hit?.uri ?? `skill://${want}/SKILL.md`];
  }
  if (want !== null) {
    const named = listing.filter((e) => ("invalid" in e ? e.name : e.frontmatter.name) === want);
    const broken = named.find((e) => "invalid" in e);
    if (broken && "invalid" in broken) throw session.bad(`its entry for "${want}" is invalid: ${broken.invalid}`);
    if (named.length > 1)
      throw new EngineError(
        "install.skill.ambiguous",
        `${url} serves ${named.length} skills named "${want}" (${named
          .map((e) => e.uri)
          .join(", ")
          .slice(0, 600)}); choose one with --skill and its path or URI.`,
      );
    if (named[0]) return [named[0].uri];
    throw new EngineError(
      "install.skill.not-found",
      `${url} lists no skill named "${want.slice(0, 100)}" (it lists ${
        valid
          .map((e) => e.frontmatter.name)
          .slice(0, 20)
          .join(", ") || "none"
      }); a server may serve skills it does not list, which --skill can name by their URI.`,
    );
  }
  const broken = listing.find((e): e is Extract<ListedEntry, { invalid: string }> => "invalid" in e);
  if (broken) throw session.bad(`its entry ${broken.uri || broken.name || "(unnamed)"} is invalid: ${broken.invalid}`);
  if (!valid.length)
    throw new EngineError(
      "install.skill.not-found",
      `${url} lists no skills; a server may serve skills it does not list, which --skill can name by their URI.`,
    );
  const top = outermost(valid);
  if (top.length > session.limits.maxSkills)
    throw new EngineError(
      "install.download.too-large",
      `${url} offers more than ${session.limits.maxSkills} skills; choose one with --skill NAME.`,
    );
  return top.map((e) => e.uri);
}

/** Connects to the server, checks its declarations, runs `work` in the session, and turns every failure into a sentence. */
async function withSession<T>(
  url: string,
  options: McpSkillsOptions,
  work: (session: Session, limits: RemoteLimits) => Promise<T>,
): Promise<T>;
async function withSession<T>(
  url: string,
  options: McpSkillsOptions,
  work: (session: Session | null, limits: RemoteLimits) => Promise<T>,
  requireSkills: false,
): Promise<T>;
async function withSession<T>(
  url: string,
  options: McpSkillsOptions,
  work: (session: Session, limits: RemoteLimits) => Promise<T>,
  requireSkills = true,
): Promise<T> {
  const refused = options.transport ? null : refusedServerUrl(url);
  if (refused) throw new EngineError("install.download.refused-url", refused);
  const limits = { ...REMOTE_LIMITS, ...options.limits };
  const client = new Client({ name: "skillshelf", version: VERSION });
  const watch: CapWatch = { exceeded: null, onExceeded: () => void client.close().catch(() => undefined) };
  const session = new Session(client, url, limits, watch, options.approveToolGrants === true);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => void client.close().catch(() => undefined);
  options.signal?.addEventListener("abort", stop, { once: true });
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      stop();
      reject(new Error("deadline"));
    }, limits.totalTimeoutMs);
  });
  const run = async () => {
    const cap = () => session.cap;
    await client.connect(options.transport?.(watch, cap) ?? httpTransport(url, {}, watch, cap), {
      timeout: limits.requestTimeoutMs,
    });
    const capabilities = client.getServerCapabilities();
    const extensions = capabilities?.extensions;
    const declared = isPlainObject(extensions) && isPlainObject(extensions[SKILLS_EXTENSION]);
    if (!declared && !requireSkills) return (work as (s: Session | null, l: RemoteLimits) => Promise<T>)(null, limits);
    if (!declared)
      throw new EngineError(
        "install.skill.not-found",
        `${url} is an MCP server that does not offer skills (it does not declare the Skills extension), so there is nothing to add from it.`,
      );
    if (!isPlainObject(capabilities?.resources))
      throw session.bad("it declares the Skills extension but not the resources capability the extension requires");
    return work(session, limits);
  };
  try {
    return await Promise.race([run(), deadline]);
  } catch (error) {
    if (options.signal?.aborted)
      throw new EngineError("install.download.cancelled", "The download was cancelled.", "cancelled");
    if (watch.exceeded !== null)
      throw new EngineError(
        "install.download.too-large",
        `${url} sent an answer larger than the ${formatBytes(watch.exceeded)} allowed, so nothing was added.`,
      );
    if (error instanceof EngineError) throw error;
    if (timedOut || /timed out|timeout/i.test((error as Error)?.message ?? ""))
      throw new EngineError(
        "install.download.failed",
        `${url} did not send its skills in time, so nothing was added.`,
        "timeout",
      );
    throw new EngineError(
      "install.download.failed",
      `Skillshelf could not talk to the MCP server at ${url}, so nothing was added.`,
      "offline",
      `${(error as Error)?.name ?? "Error"}: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
    await client.close().catch(() => undefined);
  }
}

/** Fetches the chosen skills into `root/<skill path>/…`; throws EngineError with a sentence for every failure. */
export async function stageMcpSkills(
  url: string,
  root: string,
  options: McpSkillsOptions = {},
): Promise<StagedMcpSkill[]> {
  const want = options.skill ?? null;
  if (want !== null && (!want || want.length > 2048 || /[\u0000-\u001f\u007f]/.test(want)))
    throw new EngineError("manage.source.invalid", `"${want.slice(0, 100)}" cannot name a skill.`);
  return withSession(url, options, async (session, limits) => {
    const staging = new RemoteStaging(root, limits, url);
    const fetched: StagedMcpSkill[] = [];
    for (const uri of await chosen(session, want)) fetched.push(await session.fetch(uri, staging));
    return fetched;
  });
}

/** The server's current resources of the skill at `uri` (`skills/get`, every rule checked), without reading a file. */
export async function currentMcpResources(
  url: string,
  uri: string,
  options: McpSkillsOptions = {},
): Promise<SkillResource[]> {
  return withSession(url, { ...options, approveToolGrants: true }, async (session) => {
    const { entry } = await session.get(uri);
    return entry.resources;
  });
}

/**
 * The server's listing (`skills/list`, paged and bounded), invalid entries kept with their reason; null when the server
 * does not declare the Skills extension. Reads no file.
 */
export async function listMcpSkills(url: string, options: McpSkillsOptions = {}): Promise<ListedEntry[] | null> {
  return withSession(url, options, async (session) => (session ? session.list() : null), false);
}
