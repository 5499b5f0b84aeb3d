// The shape a stored catalog must have to be shown: every field the page reads, of the right type, strings bounded.
// Anything else (a file damaged, truncated, or written by someone else) is refused as a whole.
import { CLIENT_IDS, type ScanResult } from "../../../shared/model";
import { isDiagnostic } from "../validate-cache/format";

type Obj = Record<string, unknown>;
const LONGEST = 64 * 1024;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => typeof v === "string" && v.length <= LONGEST;
const strOrNull = (v: unknown) => v === null || str(v);
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);
const bool = (v: unknown) => typeof v === "boolean";
const boolOrNull = (v: unknown) => v === null || bool(v);
const arrayOf = (v: unknown, check: (v: unknown) => boolean, max: number) =>
  Array.isArray(v) && v.length <= max && v.every(check);
const oneOf = (values: readonly string[]) => {
  const set = new Set(values);
  return (v: unknown) => typeof v === "string" && set.has(v);
};

const CLIENTS = oneOf(CLIENT_IDS);
const SCOPES = oneOf(["user", "project", "desktop-account", "plugin", "custom"]);
const VERSION_SOURCES = oneOf(["metadata.version", "frontmatter.version", "plugin.version"]);
const FORMATS = oneOf(["agent-plugins", "claude-code"]);
/** Most rows of each kind and most diagnostics per row a stored catalog may hold. */
const MAX_ROWS = 200_000;
const MAX_DIAGNOSTICS = 10_000;
const MAX_LINKS = 10_000;

const isDiagnostics = (v: unknown) => arrayOf(v, isDiagnostic, MAX_DIAGNOSTICS);

function isLocation(v: unknown): boolean {
  if (!isObj(v)) return false;
  const d = v.desktop;
  return (
    str(v.id) &&
    CLIENTS(v.client) &&
    SCOPES(v.scope) &&
    str(v.path) &&
    bool(v.exists) &&
    optional(v.readOnly, bool) &&
    optional(v.label, str) &&
    optional(v.note, str) &&
    (d === undefined ||
      (isObj(d) && str(d.variant) && str(d.root) && strOrNull(d.accountTree) && strOrNull(d.lastUpdated)))
  );
}

const isPlacement = (v: unknown) => isObj(v) && str(v.locationId) && CLIENTS(v.client) && str(v.path) && bool(v.link);

const isLock = (v: unknown) =>
  isObj(v) &&
  str(v.lockFile) &&
  strOrNull(v.source) &&
  strOrNull(v.sourceType) &&
  strOrNull(v.sourceUrl) &&
  strOrNull(v.skillPath) &&
  strOrNull(v.skillFolderHash);

const isDesktopFacts = (v: unknown) =>
  isObj(v) &&
  strOrNull(v.skillId) &&
  strOrNull(v.creatorType) &&
  boolOrNull(v.enabled) &&
  boolOrNull(v.syncManaged) &&
  optional(v.updatedAt, strOrNull) &&
  str(v.accountTree);

function isSkill(v: unknown): boolean {
  if (!isObj(v)) return false;
  return (
    str(v.id) &&
    str(v.name) &&
    str(v.description) &&
    str(v.dir) &&
    str(v.realDir) &&
    CLIENTS(v.client) &&
    str(v.locationId) &&
    strOrNull(v.version) &&
    (v.versionSource === null || VERSION_SOURCES(v.versionSource)) &&
    str(v.contentHash) &&
    isDiagnostics(v.diagnostics) &&
    bool(v.valid) &&
    arrayOf(v.links, str, MAX_LINKS) &&
    bool(v.userOwned) &&
    optional(v.drift, (d) => arrayOf(d, str, MAX_LINKS)) &&
    optional(v.repository, strOrNull) &&
    optional(v.pluginId, str) &&
    optional(v.desktop, isDesktopFacts) &&
    optional(v.placements, (p) => arrayOf(p, isPlacement, MAX_LINKS)) &&
    optional(v.lock, isLock) &&
    optional(v.disableModelInvocation, (d) => d === true)
  );
}

const isMcpServer = (v: unknown) =>
  isObj(v) && str(v.name) && str(v.type) && bool(v.valid) && optional(v.command, str) && optional(v.url, str);

function isPlugin(v: unknown): boolean {
  if (!isObj(v)) return false;
  return (
    str(v.id) &&
    str(v.name) &&
    FORMATS(v.format) &&
    str(v.root) &&
    (v.manifest === null || isObj(v.manifest)) &&
    strOrNull(v.version) &&
    strOrNull(v.description) &&
    strOrNull(v.repository) &&
    arrayOf(v.skills, isSkill, MAX_ROWS) &&
    arrayOf(v.mcpServers, isMcpServer, MAX_LINKS) &&
    isDiagnostics(v.diagnostics) &&
    bool(v.valid) &&
    bool(v.loads) &&
    optional(v.client, CLIENTS) &&
    optional(v.locationId, str)
  );
}

/** True when v has the shape of a catalog the page can show. */
export function isScanResult(v: unknown): v is ScanResult {
  return (
    isObj(v) &&
    arrayOf(v.locations, isLocation, MAX_ROWS) &&
    arrayOf(v.skills, isSkill, MAX_ROWS) &&
    arrayOf(v.plugins, isPlugin, MAX_ROWS) &&
    isDiagnostics(v.diagnostics)
  );
}
