// Reads a site's well-known skills index (`/.well-known/agent-skills/index.json`, then the older
// `/.well-known/skills/index.json`) and fetches the skill files it names into staging, bounded and checked.
import { EngineError } from "../errors";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readCappedBytes } from "../updates/capped-body";
import { isPlainObject } from "../plugin/diagnostics";
import { VERSION } from "../version";
import { isSpecDigest } from "./protocol";
import { refusedServerUrl } from "./server-url";
import { REMOTE_LIMITS, RemoteStaging, type RemoteLimits } from "./staged-files";

/** The index paths tried, newest first (from issue #36's text). */
export const WELL_KNOWN_INDEXES = [".well-known/agent-skills/index.json", ".well-known/skills/index.json"];
/** Largest index read. */
const MAX_INDEX_BYTES = 1024 * 1024;
const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** One file to fetch for a skill: where it goes in the skill's folder, its address, its digest if the index gave one. */
interface IndexedFile {
  path: string;
  url: URL;
  sha256: string | null;
}

/** Options of one fetch from a site. */
export interface SiteSkillsOptions {
  skill?: string | null;
  limits?: Partial<RemoteLimits>;
  signal?: AbortSignal;
}

async function get(
  url: URL,
  limits: RemoteLimits,
  signal?: AbortSignal,
): Promise<{ status: number; body: Buffer | null }> {
  const timeout = AbortSignal.timeout(limits.requestTimeoutMs);
  const response = await fetch(url, {
    redirect: "manual",
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    headers: { "user-agent": `skillshelf/${VERSION}`, accept: "application/json, text/plain, */*" },
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, body: null };
  }
  const max = limits.maxFileBytes;
  const read = await readCappedBytes(response, max);
  if (!read.ok)
    throw new EngineError(
      "install.download.too-large",
      `${url.host}${url.pathname.slice(0, 200)} is over the ${Math.round(max / 1024)} KiB limit for one file, so nothing was added.`,
    );
  return { status: response.status, body: read.bytes };
}

/** The index's base addresses: the given path's folder first (a site under a path), then the origin. */
function indexUrls(site: URL): URL[] {
  const bases = [new URL(site.pathname.replace(/\/?$/, "/"), site.origin), new URL("/", site.origin)];
  const urls = bases.flatMap((base) => WELL_KNOWN_INDEXES.map((p) => new URL(p, base)));
  return urls.filter((u, i) => urls.findIndex((o) => o.href === u.href) === i);
}

/** The files of one index entry: its `files` list (the older index) or its one `url` (a SKILL.md), same-origin only. */
function filesOf(entry: Record<string, unknown>, name: string, index: URL): IndexedFile[] | string {
  const sameOrigin = (u: URL) => u.origin === index.origin;
  if (Array.isArray(entry.files)) {
    const folder = new URL(`${encodeURIComponent(name)}/`, index);
    const files: IndexedFile[] = [];
    for (const f of entry.files) {
      if (typeof f !== "string" || !f) return "a file in it has no name";
      files.push({ path: f, url: new URL(f.split("/").map(encodeURIComponent).join("/"), folder), sha256: null });
    }
    return files;
  }
  if (entry.type === "archive")
    return "it is published as an archive, which Skillshelf does not read from an index yet";
  if (typeof entry.url !== "string" || !URL.canParse(entry.url, index.href))
    return "it gives no address for its SKILL.md";
  const url = new URL(entry.url, index);
  if (!sameOrigin(url)) return "its SKILL.md is on another site than the index";
  return [{ path: "SKILL.md", url, sha256: isSpecDigest(entry.digest) ? entry.digest.slice(7) : null }];
}

/** Fetches the chosen skills of the site's index into `root/<name>/…`; null when the site publishes no index. */
export async function stageSiteSkills(
  raw: string,
  root: string,
  options: SiteSkillsOptions = {},
): Promise<string[] | null> {
  const refused = refusedServerUrl(raw);
  if (refused) throw new EngineError("install.download.refused-url", refused);
  const limits = { ...REMOTE_LIMITS, ...options.limits };
  const site = new URL(raw);
  const deadline = AbortSignal.timeout(limits.totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    for (const index of indexUrls(site)) {
      const answer = await get(index, { ...limits, maxFileBytes: MAX_INDEX_BYTES }, signal);
      if (answer.status === 404 || answer.status === 410) continue;
      const broken = (why: string) =>
        new EngineError("install.download.failed", `The skills index at ${index.href} cannot be used: ${why}.`);
      if (!answer.body) throw broken(`the site answered ${answer.status}`);
      const parsed = parseJsonWithinLimits(answer.body.toString("utf8"));
      if (!parsed.ok || !isPlainObject(parsed.value) || !Array.isArray(parsed.value.skills))
        throw broken("it is not a JSON object with a list of skills");
      const entries = parsed.value.skills.filter(isPlainObject);
      const names = entries.map((e) => (typeof e.name === "string" ? e.name : ""));
      const chosen = options.skill ? entries.filter((e) => e.name === options.skill) : entries;
      if (!chosen.length)
        throw new EngineError(
          "install.skill.not-found",
          options.skill
            ? `${site.host} offers no skill named "${options.skill.slice(0, 100)}"; it offers ${names.slice(0, 20).join(", ") || "none"}.`
            : `${site.host}'s skills index lists no skills.`,
        );
      if (chosen.length > limits.maxSkills)
        throw new EngineError(
          "install.download.too-large",
          `${site.host} offers more than ${limits.maxSkills} skills; choose one with --skill NAME.`,
        );
      const staging = new RemoteStaging(root, limits, site.host);
      for (const entry of chosen) {
        const name = String(entry.name ?? "");
        if (!SKILL_NAME.test(name))
          throw broken(`it lists a skill named "${name.slice(0, 100)}", which cannot be a folder name`);
        const files = filesOf(entry, name, index);
        if (typeof files === "string") throw broken(`the skill "${name}": ${files}`);
        if (files.length > limits.maxFilesPerSkill)
          throw broken(`the skill "${name}" has more than ${limits.maxFilesPerSkill} files`);
        for (const file of files) {
          const entryName = staging.claim(name, file.path, null);
          const got = await get(file.url, limits, signal);
          if (!got.body) throw broken(`the site answered ${got.status} for "${entryName.slice(0, 300)}"`);
          staging.write(entryName, got.body, { sha256: file.sha256 });
        }
      }
      return chosen.map((e) => String(e.name));
    }
    return null;
  } catch (error) {
    if (error instanceof EngineError) throw error;
    if (options.signal?.aborted)
      throw new EngineError("install.download.cancelled", "The download was cancelled.", "cancelled");
    const timedOut = (error as Error)?.name === "TimeoutError";
    throw new EngineError(
      "install.download.failed",
      timedOut
        ? `${site.host} did not send its skills in time, so nothing was added.`
        : `${site.host} could not be reached, so nothing was added.`,
      timedOut ? "timeout" : "offline",
      `${(error as Error)?.name ?? "Error"}: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
    );
  }
}
