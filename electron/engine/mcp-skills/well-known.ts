// Reads a site's well-known skills index (discovery RFC v0.2.0 at `/.well-known/agent-skills/index.json`, then the
// older `/.well-known/skills/index.json`) and fetches what it names into staging: SKILL.md files, archives (through
// the archive reader) and `files` lists, every digest checked, everything bounded.
import { createHash } from "node:crypto";
import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { extractArchive } from "../archive/extract";
import { EngineError } from "../errors";
import { createNewFile } from "../fs/write";
import { isValidSkillName } from "../skill/name-rules";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readCappedBytes } from "../updates/capped-body";
import { isPlainObject } from "../plugin/diagnostics";
import { VERSION } from "../version";
import { isSpecDigest } from "./protocol";
import { refusedServerUrl } from "./server-url";
import { REMOTE_LIMITS, RemoteStaging, type RemoteLimits } from "./staged-files";

/** The index paths tried, newest first (the RFC's v0.2.0 path, then its v0.1.0 one the `skills` installer also reads). */
export const WELL_KNOWN_INDEXES = [".well-known/agent-skills/index.json", ".well-known/skills/index.json"];
/** The one `$schema` the discovery RFC v0.2.0 defines. Exported for tests: they publish indexes that name it. */
export const DISCOVERY_SCHEMA = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";
/** Largest index read. */
const MAX_INDEX_BYTES = 1024 * 1024;
/** A path the superseded v0.2.0 draft's `files` allowed: printable ASCII without `\ ? # [ ]`, relative, no `..`. */
const DRAFT_PATH = /^[\x20-\x7e]+$/;

/** One file to fetch for a skill: where it goes in the skill's folder, its address, its digest if the index gave one. */
interface IndexedFile {
  path: string;
  url: URL;
  sha256: string | null;
}

/** How one index entry is fetched: its files one by one (with the draft's skill-level digest), or one archive. */
type EntryPlan = { files: IndexedFile[]; skillDigest: string | null } | { archive: URL; sha256: string };

/** How a site serves a skill: one SKILL.md, a list of files (the draft's skill-level digest) or one archive. */
export type SiteSkillForm = "skill-md" | "files" | "archive";

/** A skill fetched from a site: its index, how it is served and the digest a later check compares. */
export interface StagedSiteSkill {
  name: string;
  index: string;
  digest: string | null;
  form: SiteSkillForm;
}

/** Options of one fetch from a site. */
export interface SiteSkillsOptions {
  skill?: string | null;
  /** The address is the index itself (an update reads the index the skill was added from), not a site to search. */
  exactIndex?: boolean;
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

/** Why an index's `$schema` or `version` is not one Skillshelf reads, or null when it is (absent means v0.1.0). */
function unknownIndexVersion(index: Record<string, unknown>): string | null {
  if ("$schema" in index)
    return index.$schema === DISCOVERY_SCHEMA
      ? null
      : `it names the schema "${String(index.$schema).slice(0, 200)}", which Skillshelf does not know`;
  if (!("version" in index)) return null;
  return typeof index.version === "string" && /^0\.[12]\.\d+$/.test(index.version)
    ? null
    : `it is version "${String(index.version).slice(0, 50)}", which Skillshelf does not know`;
}

/**
 * The skill-level digest of the superseded v0.2.0 draft: SHA-256 of the sorted `{path}\0{hex}\n` lines.
 * Exported for tests: they check the draft's worked example.
 */
export function skillLevelDigest(files: Array<{ path: string; sha256: string }>): string {
  const lines = [...files]
    .sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
    .map((f) => `${f.path}\0${f.sha256}\n`);
  return `sha256:${createHash("sha256").update(lines.join("")).digest("hex")}`;
}

/** The draft's `{ path, digest }` files of an entry, or why they cannot be used. */
function draftFilesOf(entry: Record<string, unknown>, files: unknown[], folder: URL): EntryPlan | string {
  const out: IndexedFile[] = [];
  for (const f of files) {
    if (!isPlainObject(f) || typeof f.path !== "string") return "a file in it has no path";
    const p = f.path;
    if (!DRAFT_PATH.test(p) || /[\\?#[\]]/.test(p) || p.startsWith("/") || p.split("/").includes(".."))
      return `the file "${p.slice(0, 200)}" has a path the index format does not allow`;
    if (!isSpecDigest(f.digest)) return `the file "${p.slice(0, 200)}" has no sha256:{hex} digest`;
    out.push({
      path: p,
      url: new URL(p.split("/").map(encodeURIComponent).join("/"), folder),
      sha256: f.digest.slice(7),
    });
  }
  if (!out.some((f) => f.path === "SKILL.md")) return "its files do not include SKILL.md";
  if (!isSpecDigest(entry.digest)) return "it has no skill-level sha256:{hex} digest";
  return { files: out, skillDigest: entry.digest };
}

/** How to fetch one index entry, why it cannot be used, or null for a `type` the RFC says to skip. */
function planOf(entry: Record<string, unknown>, name: string, index: URL): EntryPlan | string | null {
  if (Array.isArray(entry.files)) {
    const folder = new URL(`${encodeURIComponent(name)}/`, index);
    if (entry.files.some((f) => typeof f !== "string")) return draftFilesOf(entry, entry.files, folder);
    const files = (entry.files as string[]).map((f) => ({
      path: f,
      url: new URL(f.split("/").map(encodeURIComponent).join("/"), folder),
      sha256: null,
    }));
    return files.every((f) => f.path) ? { files, skillDigest: null } : "a file in it has no name";
  }
  if (entry.type !== "skill-md" && entry.type !== "archive") return null;
  if (typeof entry.url !== "string" || !URL.canParse(entry.url, index.href)) return "it gives no address";
  if (!isSpecDigest(entry.digest)) return "it has no sha256:{hex} digest";
  const url = new URL(entry.url, index);
  if (url.origin !== index.origin) return "its file is on another site than the index";
  if (entry.type === "archive") return { archive: url, sha256: entry.digest.slice(7) };
  return { files: [{ path: "SKILL.md", url, sha256: entry.digest.slice(7) }], skillDigest: null };
}

/** Fetches one entry's files (or its archive, unpacked through the archive reader) into `root/<name>/`. */
async function fetchEntry(
  plan: EntryPlan,
  name: string,
  at: { root: string; staging: RemoteStaging; limits: RemoteLimits; signal: AbortSignal },
  broken: (why: string) => EngineError,
): Promise<void> {
  if ("archive" in plan) {
    const got = await get(plan.archive, { ...at.limits, maxFileBytes: at.limits.maxSkillBytes }, at.signal);
    if (!got.body) throw broken(`the site answered ${got.status} for the archive of "${name}"`);
    if (createHash("sha256").update(got.body).digest("hex") !== plan.sha256)
      throw new EngineError(
        "install.download.checksum",
        `The archive of "${name}" is not the one its SHA-256 digest names (it was changed or damaged on the way); nothing was added.`,
      );
    const file = path.join(at.root, `.${name}.download`);
    try {
      const sink = await createNewFile(file);
      await sink.write(got.body).finally(() => sink.finish());
      const limits = { maxFiles: at.limits.maxFilesPerSkill, maxTotalBytes: at.limits.maxSkillBytes };
      await extractArchive(file, path.join(at.root, name), { limits });
    } finally {
      await rm(file, { force: true });
    }
    if (!(await stat(path.join(at.root, name, "SKILL.md")).catch(() => null))?.isFile())
      throw broken(`the archive of "${name}" holds no SKILL.md at its root`);
    return;
  }
  if (plan.files.length > at.limits.maxFilesPerSkill)
    throw broken(`the skill "${name}" has more than ${at.limits.maxFilesPerSkill} files`);
  const fetched: Array<{ path: string; sha256: string }> = [];
  for (const file of plan.files) {
    const entryName = at.staging.claim(name, file.path, null);
    const got = await get(file.url, at.limits, at.signal);
    if (!got.body) throw broken(`the site answered ${got.status} for "${entryName.slice(0, 300)}"`);
    at.staging.write(entryName, got.body, { sha256: file.sha256 });
    fetched.push({ path: file.path, sha256: createHash("sha256").update(got.body).digest("hex") });
  }
  if (plan.skillDigest && skillLevelDigest(fetched) !== plan.skillDigest)
    throw new EngineError(
      "install.download.checksum",
      `The files of "${name}" are not the ones the index's skill digest names (the index and the files disagree); nothing was added.`,
    );
}

/** The digest a later check compares: the artifact's, or the draft's skill-level one. */
const digestOfPlan = (plan: EntryPlan) =>
  "archive" in plan
    ? `sha256:${plan.sha256}`
    : (plan.skillDigest ??
      (plan.files.length === 1 && plan.files[0]!.sha256 ? `sha256:${plan.files[0]!.sha256}` : null));

/** The refusal of an index that cannot be used, with why. */
const brokenIndex = (index: URL) => (why: string) =>
  new EngineError("install.download.failed", `The skills index at ${index.href} cannot be used: ${why}.`);

/** The entries of the index at `index`, or null when the site has none there (404, 410); throws when it is unusable. */
async function indexEntries(
  index: URL,
  limits: RemoteLimits,
  signal: AbortSignal,
): Promise<Array<Record<string, unknown>> | null> {
  const answer = await get(index, { ...limits, maxFileBytes: MAX_INDEX_BYTES }, signal);
  if (answer.status === 404 || answer.status === 410) return null;
  const broken = brokenIndex(index);
  if (!answer.body) throw broken(`the site answered ${answer.status}`);
  const parsed = parseJsonWithinLimits(answer.body.toString("utf8"));
  if (!parsed.ok || !isPlainObject(parsed.value) || !Array.isArray(parsed.value.skills))
    throw broken("it is not a JSON object with a list of skills");
  const unknown = unknownIndexVersion(parsed.value);
  if (unknown) throw broken(unknown);
  return parsed.value.skills.filter(isPlainObject);
}

/** How an entry's plan serves the skill. */
const formOfPlan = (plan: EntryPlan): SiteSkillForm =>
  "archive" in plan ? "archive" : plan.skillDigest || plan.files.length !== 1 ? "files" : "skill-md";

/** Fetches the chosen skills of the site's index into `root/<name>/…` (each digest checked); null when there is no index. */
export async function stageSiteSkills(
  raw: string,
  root: string,
  options: SiteSkillsOptions = {},
): Promise<StagedSiteSkill[] | null> {
  const refused = refusedServerUrl(raw);
  if (refused) throw new EngineError("install.download.refused-url", refused);
  const limits = { ...REMOTE_LIMITS, ...options.limits };
  const site = new URL(raw);
  const deadline = AbortSignal.timeout(limits.totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    for (const index of options.exactIndex ? [site] : indexUrls(site)) {
      const entries = await indexEntries(index, limits, signal);
      if (!entries) continue;
      const broken = brokenIndex(index);
      const names = entries.map((e) => (typeof e.name === "string" ? e.name : ""));
      const chosen = options.skill ? entries.filter((e) => e.name === options.skill) : entries;
      const plans: Array<{ name: string; plan: EntryPlan }> = [];
      for (const entry of chosen) {
        const name = String(entry.name ?? "");
        if (!isValidSkillName(name))
          throw broken(`it lists a skill named "${name.slice(0, 100)}", which is not a valid skill name`);
        const plan = planOf(entry, name, index);
        if (typeof plan === "string") throw broken(`the skill "${name}": ${plan}`);
        if (plan) plans.push({ name, plan });
        else if (options.skill)
          throw broken(
            `the skill "${name}" is of the type "${String(entry.type).slice(0, 50)}", which Skillshelf does not know`,
          );
      }
      if (!plans.length)
        throw new EngineError(
          "install.skill.not-found",
          options.skill
            ? `${site.host} offers no skill named "${options.skill.slice(0, 100)}"; it offers ${names.slice(0, 20).join(", ") || "none"}.`
            : `${site.host}'s skills index lists no skills Skillshelf can read.`,
        );
      if (plans.length > limits.maxSkills)
        throw new EngineError(
          "install.download.too-large",
          `${site.host} offers more than ${limits.maxSkills} skills; choose one with --skill NAME.`,
        );
      const staging = new RemoteStaging(root, limits, site.host);
      for (const { name, plan } of plans) await fetchEntry(plan, name, { root, staging, limits, signal }, broken);
      return plans.map(({ name, plan }) => ({
        name,
        index: index.href,
        digest: digestOfPlan(plan),
        form: formOfPlan(plan),
      }));
    }
    return null;
  } catch (error) {
    throw siteFailure(error, site, options.signal);
  }
}

/** A failure talking to the site as an EngineError (an EngineError as it is). */
function siteFailure(error: unknown, site: URL, given: AbortSignal | undefined): EngineError {
  if (error instanceof EngineError) return error;
  if (given?.aborted) return new EngineError("install.download.cancelled", "The download was cancelled.", "cancelled");
  const timedOut = (error as Error)?.name === "TimeoutError";
  return new EngineError(
    "install.download.failed",
    timedOut
      ? `${site.host} did not send its skills in time, so nothing was added.`
      : `${site.host} could not be reached, so nothing was added.`,
    timedOut ? "timeout" : "offline",
    `${(error as Error)?.name ?? "Error"}: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
  );
}

/**
 * The digest and form the index at `index` now gives the skill `name` (the index only, no file read); throws an
 * EngineError when the index or the entry is gone or unusable.
 */
export async function currentSiteSkill(
  index: string,
  name: string,
  options: Pick<SiteSkillsOptions, "limits" | "signal"> = {},
): Promise<{ digest: string | null; form: SiteSkillForm }> {
  const refused = refusedServerUrl(index);
  if (refused) throw new EngineError("install.download.refused-url", refused);
  const limits = { ...REMOTE_LIMITS, ...options.limits };
  const url = new URL(index);
  const deadline = AbortSignal.timeout(limits.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    const entries = await indexEntries(url, limits, signal);
    if (!entries)
      throw new EngineError("install.skill.not-found", `${url.host} no longer publishes the skills index ${url.href}.`);
    const entry = entries.find((e) => e.name === name);
    if (!entry)
      throw new EngineError("install.skill.not-found", `${url.host}'s skills index no longer lists "${name}".`);
    const plan = planOf(entry, name, url);
    if (typeof plan === "string") throw brokenIndex(url)(`the skill "${name}": ${plan}`);
    if (!plan) throw brokenIndex(url)(`the skill "${name}" is of a type Skillshelf does not know`);
    return { digest: digestOfPlan(plan), form: formOfPlan(plan) };
  } catch (error) {
    throw siteFailure(error, url, options.signal);
  }
}
