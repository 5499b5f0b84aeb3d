// The user's settings file (servers added by URL, a GitHub token, the check interval): read
// leniently (keep what is valid, report the rest, back up what cannot be kept), written atomically with mode 0600.
import { constants } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import {
  POLL_HOURS,
  SETTINGS_LIMITS,
  accountNameProblem,
  accountTreeProblem,
  githubApiProblem,
  githubTokenProblem,
  headerNameProblem,
  headerValueProblem,
  pollHoursProblem,
  serverUrlProblem,
  settingsPatchProblem,
  type PublicSettings,
  type SettingsPatch,
} from "../../shared/settings";
import {
  IGNORE_LIMITS,
  ignoreNameProblem,
  ignoreVersionProblem,
  type UpdateIgnores,
} from "../../shared/update-ignores";
import { readTextFile } from "./fs/safe-fs";
import { backupFile, writeJsonAtomic } from "./fs/write";
import { isPlainObject } from "./plugin/diagnostics";
import { holdsSecrets, openSettingsSecrets, PLAINTEXT_CODEC, sealSecret, type SecretCodec } from "./settings-secrets";
import { parseJsonWithinLimits } from "./fs/json-limits";
import { EngineError } from "./errors";

export { defaultConfigDir, defaultSettingsFile } from "./config-dir";

/** A skill-meta server the user added; header values are secrets. */
export interface SettingsServer {
  url: string;
  headers?: Record<string, string>;
}

/** Everything the settings file holds (version 1). */
export interface Settings {
  version: 1;
  servers: SettingsServer[];
  githubToken?: string;
  /** The GitHub API address the user chose (absent: the environment's, else the public API). */
  githubApi?: string;
  pollHours: number;
  /** False when the user turned the validation cache off (absent: on). */
  validationCache?: boolean;
  /** False when the user lets Update all apply updates that add scripts, hooks or servers (absent: it asks). */
  askBeforeRunning?: boolean;
  /** Names the user gave Claude Desktop account trees, by account tree id. */
  accountNames?: Record<string, string>;
  /** Skill names whose updates are not checked ("Don't check this skill for updates"). */
  ignoredSkills?: string[];
  /** Per skill name, the one version the user ignored (a newer one shows again). */
  ignoredVersions?: Record<string, string>;
}

/** The settings read from disk and what could not be used (sentences without any value quoted). */
export interface LoadedSettings {
  settings: Settings;
  problems: string[];
  /** Where the unusable original was copied, when it was. */
  backupFile?: string;
}

/** A change the settings refuse, in words the renderer may show. */
export class SettingsError extends EngineError {
  override name = "SettingsError";
  constructor(message: string) {
    super("settings.refused", message);
  }
}

const MAX_SETTINGS_BYTES = 1024 * 1024;
// An unusable file is backed up even when it is over the reading limit, up to this size.
const MAX_BACKUP_BYTES = 16 * 1024 * 1024;
// askStdioServers: an old all-or-nothing consent, read and ignored (local servers are now approved one by one).
const KNOWN_KEYS = new Set([
  "version",
  "servers",
  "githubToken",
  "githubApi",
  "pollHours",
  "askStdioServers",
  "accountNames",
  "validationCache",
  "askBeforeRunning",
  "ignoredSkills",
  "ignoredVersions",
]);

/** Settings of a first run. */
export function defaultSettings(): Settings {
  return { version: 1, servers: [], pollHours: POLL_HOURS.default };
}

function readServer(raw: unknown, index: number, problems: string[]): SettingsServer | null {
  const label = `Server ${index + 1} in the settings file`;
  if (!isPlainObject(raw)) {
    problems.push(`${label} is not a server entry, so it was left out.`);
    return null;
  }
  if (serverUrlProblem(raw.url) !== null) {
    problems.push(`${label} has no usable http(s) address, so it was left out.`);
    return null;
  }
  const server: SettingsServer = { url: raw.url as string };
  if (raw.headers !== undefined) {
    if (!isPlainObject(raw.headers)) {
      problems.push(`${label} has headers that are not a list of names and values; they were left out.`);
    } else {
      const kept = Object.entries(raw.headers).filter(([name, value], i, all) => {
        const bad =
          headerNameProblem(name) ??
          headerValueProblem(value) ??
          (all.findIndex(([n]) => n.toLowerCase() === name.toLowerCase()) !== i ? "duplicate" : null);
        if (bad) problems.push(`${label} has a header that cannot be sent (number ${i + 1}); it was left out.`);
        return bad === null;
      });
      if (kept.length > SETTINGS_LIMITS.headers)
        problems.push(`${label} has more than ${SETTINGS_LIMITS.headers} headers; the rest were left out.`);
      const headers = Object.fromEntries(kept.slice(0, SETTINGS_LIMITS.headers)) as Record<string, string>;
      if (Object.keys(headers).length > 0) server.headers = headers;
    }
  }
  return server;
}

function readAccountNames(raw: unknown, problems: string[]): Record<string, string> {
  if (!isPlainObject(raw)) {
    problems.push("The names of Claude Desktop accounts are not a list of names, so they were left out.");
    return {};
  }
  const kept = Object.entries(raw).filter(
    ([tree, name]) =>
      accountTreeProblem(tree) === null &&
      typeof name === "string" &&
      name.trim() !== "" &&
      accountNameProblem(name) === null,
  );
  if (kept.length < Object.keys(raw).length)
    problems.push("Some names of Claude Desktop accounts cannot be used; they were left out.");
  if (kept.length > SETTINGS_LIMITS.accountNames)
    problems.push(
      `More than ${SETTINGS_LIMITS.accountNames} Claude Desktop accounts are named; the rest were left out.`,
    );
  return Object.fromEntries(
    kept.slice(0, SETTINGS_LIMITS.accountNames).map(([tree, name]) => [tree, (name as string).trim()]),
  );
}

/** The ignore lists of a parsed file: valid entries up to the limits; what was left out is said. */
function readIgnores(raw: Record<string, unknown>, settings: Settings, problems: string[]): void {
  if (raw.ignoredSkills !== undefined) {
    const list = Array.isArray(raw.ignoredSkills) ? raw.ignoredSkills : null;
    const kept = [...new Set((list ?? []).filter((n): n is string => ignoreNameProblem(n) === null))];
    if (!list || kept.length < list.length)
      problems.push("Some skills whose updates are not checked cannot be read; they are checked again.");
    if (kept.length > IGNORE_LIMITS.skills)
      problems.push(
        `More than ${IGNORE_LIMITS.skills} skills are not checked for updates; the rest are checked again.`,
      );
    if (kept.length > 0) settings.ignoredSkills = kept.slice(0, IGNORE_LIMITS.skills);
  }
  if (raw.ignoredVersions !== undefined) {
    const entries = isPlainObject(raw.ignoredVersions) ? Object.entries(raw.ignoredVersions) : null;
    const kept = (entries ?? []).filter(([n, v]) => ignoreNameProblem(n) === null && ignoreVersionProblem(v) === null);
    if (!entries || kept.length < entries.length)
      problems.push("Some ignored versions cannot be read; they show again.");
    if (kept.length > IGNORE_LIMITS.versions)
      problems.push(`More than ${IGNORE_LIMITS.versions} versions are ignored; the rest show again.`);
    if (kept.length > 0)
      settings.ignoredVersions = Object.fromEntries(kept.slice(0, IGNORE_LIMITS.versions)) as Record<string, string>;
  }
}

/** The updates the settings say not to show (skill names and ignored versions). */
export function ignoresOf(settings: Settings): UpdateIgnores {
  return { skills: [...(settings.ignoredSkills ?? [])], versions: { ...settings.ignoredVersions } };
}

/** Keeps the valid parts of a parsed settings file and says what was dropped. */
function validateSettings(raw: unknown): { settings: Settings; problems: string[] } {
  const settings = defaultSettings();
  const problems: string[] = [];
  if (!isPlainObject(raw))
    return { settings, problems: ["The settings file does not hold settings, so the defaults are used."] };
  if (raw.version !== 1)
    problems.push("The settings file has an unknown version; the settings Skillshelf understands were kept.");
  for (const key of Object.keys(raw))
    if (!KNOWN_KEYS.has(key)) problems.push(`The setting "${key.slice(0, 40)}" is unknown and was ignored.`);
  if (raw.servers !== undefined) {
    if (!Array.isArray(raw.servers)) {
      problems.push("The list of added servers is not a list, so it was left out.");
    } else {
      raw.servers.forEach((entry, i) => {
        const server = readServer(entry, i, problems);
        if (!server) return;
        if (settings.servers.some((s) => s.url === server.url))
          problems.push(`Server ${i + 1} in the settings file repeats an address already listed; it was left out.`);
        else if (settings.servers.length >= SETTINGS_LIMITS.servers)
          problems.push(
            `Server ${i + 1} in the settings file is over the limit of ${SETTINGS_LIMITS.servers} servers; it was left out.`,
          );
        else settings.servers.push(server);
      });
    }
  }
  if (raw.githubToken !== undefined) {
    if (githubTokenProblem(raw.githubToken) === null) settings.githubToken = raw.githubToken as string;
    else problems.push("The saved GitHub token is not a valid token, so it is not used.");
  }
  if (raw.githubApi !== undefined) {
    if (githubApiProblem(raw.githubApi) === null) settings.githubApi = raw.githubApi as string;
    else
      problems.push(
        "The saved GitHub API address cannot be used (https, or http on this computer only); the usual one is used.",
      );
  }
  if (raw.pollHours !== undefined) {
    if (pollHoursProblem(raw.pollHours) === null) settings.pollHours = raw.pollHours as number;
    else
      problems.push(
        `The check interval is not a whole number of hours from ${POLL_HOURS.min} to ${POLL_HOURS.max}; ${POLL_HOURS.default} hours is used.`,
      );
  }
  if (raw.validationCache !== undefined) {
    if (typeof raw.validationCache === "boolean") {
      if (!raw.validationCache) settings.validationCache = false;
    } else problems.push("The validation cache setting is not on or off; it is on.");
  }
  if (raw.askBeforeRunning !== undefined) {
    if (typeof raw.askBeforeRunning === "boolean") {
      if (!raw.askBeforeRunning) settings.askBeforeRunning = false;
    } else
      problems.push("The setting to ask before an update adds scripts, hooks or servers is not on or off; it is on.");
  }
  if (raw.accountNames !== undefined) {
    const names = readAccountNames(raw.accountNames, problems);
    if (Object.keys(names).length > 0) settings.accountNames = names;
  }
  readIgnores(raw, settings, problems);
  return { settings, problems };
}

/** Copies an unusable settings file to `.bak` (0600, links at neither end followed); a problem when that fails. */
async function backUp(file: string, problems: string[]): Promise<LoadedSettings["backupFile"]> {
  const backup = `${file}.bak`;
  try {
    await backupFile(file, backup, { mode: 0o600, maxBytes: MAX_BACKUP_BYTES });
    return backup;
  } catch (error) {
    problems.push(
      `The settings file could not be copied to ${path.basename(backup)} (${error instanceof Error ? error.message : "unknown error"}); keep a copy yourself before changing settings.`,
    );
    return undefined;
  }
}

/**
 * Makes a settings file that other users could read or change readable by its owner only (POSIX; a link is not
 * followed). Returns a sentence saying so, or null when nothing changed.
 */
async function tightenMode(file: string): Promise<string | null> {
  if (process.platform === "win32") return null;
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || (info.mode & 0o077) === 0) return null;
    await handle.chmod(info.mode & 0o700);
    return "Other users of this computer could read the settings file; it is now readable by you only.";
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Reads the settings file; a missing file gives the defaults, an unusable one is copied to `.bak` and reported. */
export async function loadSettings(file: string, codec: SecretCodec = PLAINTEXT_CODEC): Promise<LoadedSettings> {
  const tightened = await tightenMode(file);
  const notes = tightened ? [tightened] : [];
  const loaded = await readSettings(file, codec);
  return notes.length === 0 ? loaded : { ...loaded, problems: [...loaded.problems, ...notes] };
}

async function readSettings(file: string, codec: SecretCodec): Promise<LoadedSettings> {
  const read = await readTextFile(file, { maxBytes: MAX_SETTINGS_BYTES });
  if (!read.ok) {
    if (read.reason === "not-found") return { settings: defaultSettings(), problems: [] };
    const problems = [`The settings file could not be read: ${read.message} The defaults are used.`];
    const backup =
      read.reason === "not-regular" || read.reason === "unreadable" ? undefined : await backUp(file, problems);
    return { settings: defaultSettings(), problems, backupFile: backup };
  }
  let parsed: unknown;
  try {
    const limited = parseJsonWithinLimits(read.text);
    if (!limited.ok) throw new Error(limited.why);
    parsed = limited.value;
  } catch {
    const problems = ["The settings file is not valid JSON, so the defaults are used."];
    return { settings: defaultSettings(), problems, backupFile: await backUp(file, problems) };
  }
  const opened = openSettingsSecrets(parsed, codec);
  const validated = validateSettings(opened.raw);
  const settings = validated.settings;
  const problems = [...opened.problems, ...validated.problems];
  return problems.length === 0
    ? { settings, problems }
    : { settings, problems, backupFile: await backUp(file, problems) };
}

/**
 * Writes the settings atomically with mode 0600 (a crash never leaves half a file; no one else can read it). A
 * settings file that is a symbolic link is refused (WriteRefusedError), never written through.
 */
export async function saveSettings(
  file: string,
  settings: Settings,
  codec: SecretCodec = PLAINTEXT_CODEC,
): Promise<void> {
  const refusal = holdsSecrets(settings) ? codec.unavailable() : null;
  if (refusal)
    throw new SettingsError(
      `Skillshelf cannot keep the token or header values safely on this computer: ${refusal} Nothing was saved.`,
    );
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const named =
    settings.accountNames && Object.keys(settings.accountNames).length > 0
      ? { accountNames: settings.accountNames }
      : {};
  const servers = settings.servers.map((s) =>
    s.headers
      ? {
          ...s,
          headers: Object.fromEntries(
            Object.entries(s.headers).map(([name, value]) => [name, sealSecret(codec, value)]),
          ),
        }
      : s,
  );
  const body: Settings = {
    version: 1,
    servers,
    ...(settings.githubToken ? { githubToken: sealSecret(codec, settings.githubToken) } : {}),
    ...(settings.githubApi ? { githubApi: settings.githubApi } : {}),
    pollHours: settings.pollHours,
    ...(settings.validationCache === false ? { validationCache: false } : {}),
    ...(settings.askBeforeRunning === false ? { askBeforeRunning: false } : {}),
    ...named,
    ...(settings.ignoredSkills?.length ? { ignoredSkills: settings.ignoredSkills } : {}),
    ...(settings.ignoredVersions && Object.keys(settings.ignoredVersions).length
      ? { ignoredVersions: settings.ignoredVersions }
      : {}),
  };
  await writeJsonAtomic(file, body, { mode: 0o600 });
}

/** What the renderer may see: server addresses and header names, whether a token is saved, the plain settings. */
export function toPublicSettings(settings: Settings, problems: string[] = []): PublicSettings {
  return {
    servers: settings.servers.map((s) => ({ url: s.url, headerNames: Object.keys(s.headers ?? {}) })),
    hasGithubToken: settings.githubToken !== undefined,
    githubApi: settings.githubApi ?? null,
    pollHours: settings.pollHours,
    validationCache: settings.validationCache !== false,
    askBeforeRunning: settings.askBeforeRunning !== false,
    accountNames: { ...settings.accountNames },
    ignoredUpdates: ignoresOf(settings),
    problems: [...problems],
  };
}

/** The settings after one change; throws SettingsError (with a sentence to show) when the change is refused. */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  const problem = settingsPatchProblem(patch);
  if (problem) throw new SettingsError(problem);
  const next: Settings = { ...settings, servers: [...settings.servers] };
  if (patch.addServer) {
    const { url } = patch.addServer;
    const headers = Object.fromEntries(Object.entries(patch.addServer.headers ?? {})) as Record<string, string>;
    const server: SettingsServer = Object.keys(headers).length > 0 ? { url, headers } : { url };
    const at = next.servers.findIndex((s) => s.url === url);
    if (at >= 0) next.servers[at] = server;
    else if (next.servers.length >= SETTINGS_LIMITS.servers)
      throw new SettingsError(`At most ${SETTINGS_LIMITS.servers} servers can be added; remove one first.`);
    else next.servers.push(server);
  } else if (patch.removeServer !== undefined) {
    next.servers = next.servers.filter((s) => s.url !== patch.removeServer);
  } else if (patch.githubToken !== undefined) {
    if (patch.githubToken === null) delete next.githubToken;
    else next.githubToken = patch.githubToken;
  } else if (patch.githubApi !== undefined) {
    if (patch.githubApi === null) delete next.githubApi;
    else next.githubApi = patch.githubApi;
  } else if (patch.pollHours !== undefined) {
    next.pollHours = patch.pollHours;
  } else if (patch.validationCache !== undefined) {
    if (patch.validationCache) delete next.validationCache;
    else next.validationCache = false;
  } else if (patch.askBeforeRunning !== undefined) {
    if (patch.askBeforeRunning) delete next.askBeforeRunning;
    else next.askBeforeRunning = false;
  } else if (patch.nameAccount !== undefined) {
    const names = { ...next.accountNames };
    const name = patch.nameAccount.name?.trim() ?? "";
    if (name === "") delete names[patch.nameAccount.tree];
    else if (!(patch.nameAccount.tree in names) && Object.keys(names).length >= SETTINGS_LIMITS.accountNames)
      throw new SettingsError(`At most ${SETTINGS_LIMITS.accountNames} accounts can be named.`);
    else names[patch.nameAccount.tree] = name;
    next.accountNames = names;
  } else if (patch.ignoreUpdates !== undefined) {
    Object.assign(next, withIgnore(next, patch.ignoreUpdates.name, patch.ignoreUpdates.version));
  } else if (patch.unignoreUpdates !== undefined) {
    Object.assign(next, withoutIgnore(next, patch.unignoreUpdates));
  }
  return next;
}

/** The settings with one skill's updates (version null) or one version ignored, within the limits. */
function withIgnore(settings: Settings, name: string, version: string | null): Partial<Settings> {
  if (version === null) {
    const skills = settings.ignoredSkills ?? [];
    if (skills.includes(name)) return {};
    if (skills.length >= IGNORE_LIMITS.skills)
      throw new SettingsError(`At most ${IGNORE_LIMITS.skills} skills can be left unchecked; check one again first.`);
    return { ignoredSkills: [...skills, name] };
  }
  const versions = { ...settings.ignoredVersions };
  if (!Object.hasOwn(versions, name) && Object.keys(versions).length >= IGNORE_LIMITS.versions)
    throw new SettingsError(`At most ${IGNORE_LIMITS.versions} versions can be ignored; show one again first.`);
  versions[name] = version;
  return { ignoredVersions: versions };
}

/** The settings with one skill's updates shown again. */
function withoutIgnore(settings: Settings, name: string): Partial<Settings> {
  const versions = { ...settings.ignoredVersions };
  delete versions[name];
  return { ignoredSkills: (settings.ignoredSkills ?? []).filter((n) => n !== name), ignoredVersions: versions };
}
