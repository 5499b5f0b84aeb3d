// Fetches skills from an MCP server that offers the Skills extension: connect over streamable HTTP (the skill-meta
// client's origin-bound, capped transport), check the extension, `skills/list`, `skills/get`, read each `skill://` file.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ResultSchema, ReadResourceResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { EngineError } from "../errors";
import { httpTransport, type CapWatch } from "../updates/meta-client";
import { isPlainObject } from "../plugin/diagnostics";
import { VERSION } from "../version";
import {
  describedSkillOf,
  listedSkillsOf,
  SKILL_SCHEME,
  SKILLS_EXTENSION,
  SKILLS_GET,
  SKILLS_LIST,
  type ListedSkill,
  type SkillFile,
} from "./protocol";
import { refusedServerUrl } from "./server-url";
import { REMOTE_LIMITS, RemoteStaging, type RemoteLimits } from "./staged-files";

/** Options of one fetch from a server. */
export interface McpSkillsOptions {
  /** Only this skill (else every skill the server lists, up to the limit). */
  skill?: string | null;
  limits?: Partial<RemoteLimits>;
  signal?: AbortSignal;
}

const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const MAX_LIST_PAGES = 20;

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
  constructor(
    readonly client: Client,
    readonly url: string,
    readonly limits: RemoteLimits,
    readonly watch: CapWatch,
  ) {}

  async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    const request = { method, params } as never;
    return this.client.request(request, ResultSchema, { timeout: this.limits.requestTimeoutMs });
  }

  async list(): Promise<ListedSkill[]> {
    const skills: ListedSkill[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < MAX_LIST_PAGES; page++) {
      const listed = listedSkillsOf(await this.call(SKILLS_LIST, cursor ? { cursor } : {}));
      if (!listed) throw this.bad(`its answer to ${SKILLS_LIST} is not a list of skills`);
      skills.push(...listed.skills);
      if (skills.length > this.limits.maxSkills * 4) break;
      if (!(cursor = listed.nextCursor)) break;
    }
    return skills;
  }

  async fetch(name: string, staging: RemoteStaging): Promise<void> {
    const described = describedSkillOf(await this.call(SKILLS_GET, { name }));
    if (typeof described === "string")
      throw this.bad(`its answer to ${SKILLS_GET} for "${name}" cannot be used: ${described}`);
    if (described.name !== name) throw this.bad(`it answered ${SKILLS_GET} for "${name}" with another skill`);
    if (described.files.length > this.limits.maxFilesPerSkill)
      throw new EngineError(
        "install.download.too-large",
        `The skill "${name}" on ${this.url} has more than ${this.limits.maxFilesPerSkill} files, so nothing was added.`,
      );
    for (const file of described.files) await this.readFile(name, file, staging);
  }

  async readFile(skill: string, file: SkillFile, staging: RemoteStaging): Promise<void> {
    const entry = staging.claim(skill, file.path, file.size);
    if (!file.uri.startsWith(`${SKILL_SCHEME}//`))
      throw this.bad(`it names the file "${entry.slice(0, 300)}" with an address that is not a skill:// resource`);
    this.watch.exceeded = null;
    const result = await this.client.readResource({ uri: file.uri }, { timeout: this.limits.requestTimeoutMs });
    const bytes = contentBytes(ReadResourceResultSchema.parse(result), file.uri);
    if (typeof bytes === "string") throw this.bad(`${bytes} ("${entry.slice(0, 300)}")`);
    staging.write(entry, bytes, { size: file.size, sha256: file.sha256 });
  }

  bad(why: string): EngineError {
    return new EngineError(
      "install.download.failed",
      `${this.url} does not serve skills the way the MCP Skills extension says: ${why}. Nothing was added.`,
    );
  }
}

/** The skills to fetch: the one asked for, else all that are listed (refused past the limit). */
function chosen(listed: ListedSkill[], want: string | null, url: string, limits: RemoteLimits): string[] {
  const names = [...new Set(listed.map((s) => s.name))];
  const bad = names.find((n) => !SKILL_NAME.test(n));
  if (want) {
    if (names.includes(want)) return [want];
    throw new EngineError(
      "install.skill.not-found",
      `${url} offers no skill named "${want.slice(0, 100)}"; it offers ${names.slice(0, 20).join(", ") || "none"}.`,
    );
  }
  if (bad !== undefined)
    throw new EngineError(
      "install.archive.unsafe-entry",
      `${url} lists a skill named "${bad.slice(0, 100)}", which cannot be a folder name; nothing was added.`,
    );
  if (!names.length) throw new EngineError("install.skill.not-found", `${url} offers no skills.`);
  if (names.length > limits.maxSkills)
    throw new EngineError(
      "install.download.too-large",
      `${url} offers more than ${limits.maxSkills} skills; choose one with --skill NAME.`,
    );
  return names;
}

/** Fetches the chosen skills into `root/<name>/…`; throws EngineError with a sentence for every failure. */
export async function stageMcpSkills(url: string, root: string, options: McpSkillsOptions = {}): Promise<string[]> {
  const refused = refusedServerUrl(url);
  if (refused) throw new EngineError("install.download.refused-url", refused);
  const limits = { ...REMOTE_LIMITS, ...options.limits };
  const want = options.skill ?? null;
  if (want !== null && !SKILL_NAME.test(want))
    throw new EngineError("manage.source.invalid", `"${want.slice(0, 100)}" cannot be a skill's name.`);
  const client = new Client({ name: "skillshelf", version: VERSION });
  const watch: CapWatch = { exceeded: null, onExceeded: () => void client.close().catch(() => undefined) };
  const session = new Session(client, url, limits, watch);
  const staging = new RemoteStaging(root, limits, url);
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
  const work = async () => {
    await client.connect(httpTransport(url, {}, watch, limits.maxFileBytes * 2 + 64 * 1024), {
      timeout: limits.requestTimeoutMs,
    });
    const extensions = client.getServerCapabilities()?.extensions;
    if (!isPlainObject(extensions) || !isPlainObject(extensions[SKILLS_EXTENSION]))
      throw new EngineError(
        "install.skill.not-found",
        `${url} is an MCP server that does not offer skills (it does not declare the Skills extension), so there is nothing to add from it.`,
      );
    const names = chosen(await session.list(), want, url, limits);
    for (const name of names) await session.fetch(name, staging);
    return names;
  };
  try {
    return await Promise.race([work(), deadline]);
  } catch (error) {
    if (options.signal?.aborted)
      throw new EngineError("install.download.cancelled", "The download was cancelled.", "cancelled");
    if (watch.exceeded !== null)
      throw new EngineError(
        "install.download.too-large",
        `${url} sent an answer larger than the ${Math.round(watch.exceeded / 1024)} KiB allowed, so nothing was added.`,
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
