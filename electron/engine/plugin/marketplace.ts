// .claude-plugin/marketplace.json: the marketplace's name, owner and plugin entries, checked as `claude plugin validate`
// does (Claude Code's marketplace reference); entries whose source is a folder here lead to the plugins in the repository.
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { realpathOrNull } from "../fs/safe-fs";
import { hasNoErrors } from "../skill/diagnostics";
import { CLAUDE_MANIFEST_FIELDS, COMPONENT_FIELDS, manifestFieldProblems } from "./claude-fields";
import {
  KEBAB_CASE,
  MAX_MARKETPLACE_BYTES,
  kebabCaseOf,
  readJsonObject,
  unknownClaudeFields,
  type Locate,
} from "./claude-json";
import { entryNames } from "./containment";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import type { TextPosition } from "./json-position";
import { entrySource, type EntrySource } from "./marketplace-source";

/** Names Claude Code keeps for Anthropic's own and community marketplaces. */
const RESERVED_NAMES = new Set([
  "claude-code-marketplace",
  "claude-code-plugins",
  "claude-plugins-official",
  "anthropic-marketplace",
  "anthropic-plugins",
  "agent-skills",
  "anthropic-agent-skills",
  "life-sciences",
  "knowledge-work-plugins",
  "claude-for-legal",
  "claude-for-financial-services",
  "financial-services-plugins",
  "first-party-plugins",
  "claude-tag-plugins",
  "claude-community",
  "claude-plugins-community",
  "healthcare",
  "anthropic-plugin-directory",
  "claude-plugin-directory",
]);
const TOP_LEVEL_FIELDS = new Set([
  "$schema",
  "name",
  "owner",
  "plugins",
  "metadata",
  "description",
  "version",
  "forceRemoveDeletedPlugins",
]);
const ENTRY_FIELDS = new Set([...CLAUDE_MANIFEST_FIELDS, "source", "category", "tags", "strict"]);

/** One plugin entry of a marketplace. */
export interface MarketplaceEntry {
  index: number;
  name: string | null;
  /** The entry as written (an object; entries that are not objects are left out). */
  entry: Record<string, unknown>;
  /** `strict: false`: the entry defines the plugin in place of a manifest. */
  strict: boolean;
  source: EntrySource;
}

/** A marketplace as read: its name, entries and findings. */
export interface MarketplaceReport {
  root: string;
  file: string;
  name: string | null;
  entries: MarketplaceEntry[];
  diagnostics: Diagnostic[];
  /** No error in the marketplace file or its entries. */
  valid: boolean;
}

/** The marketplace file of a folder. */
function marketplaceFile(root: string): string {
  return path.join(root, ".claude-plugin", "marketplace.json");
}

/** Reads and checks `<root>/.claude-plugin/marketplace.json`; never throws on bad input. */
export async function readMarketplace(root: string): Promise<MarketplaceReport> {
  const abs = path.resolve(root);
  const file = marketplaceFile(abs);
  const report: MarketplaceReport = { root: abs, file, name: null, entries: [], diagnostics: [], valid: false };
  const realRoot = await realpathOrNull(abs);
  if (!realRoot || !(await entryNames(path.join(abs, ".claude-plugin")))?.has("marketplace.json")) {
    report.diagnostics.push(
      diagnostic(
        "marketplace.missing",
        "error",
        file,
        "There is no .claude-plugin/marketplace.json here, so this is not a marketplace.",
        { fix: "Create .claude-plugin/marketplace.json with name, owner and plugins." },
      ),
    );
    return report;
  }
  const read = await readJsonObject(
    file,
    realRoot,
    { json: "marketplace.file.json", outside: "marketplace.containment" },
    "marketplace.json",
    "Claude Code cannot add the marketplace",
    MAX_MARKETPLACE_BYTES,
  );
  if (!read.ok) {
    report.diagnostics.push(read.diagnostic);
    return report;
  }
  const market = read.value;
  report.diagnostics.push(...checkTopLevel(market, file, read.at));
  if (typeof market.name === "string") report.name = market.name;
  const pluginRoot =
    isPlainObject(market.metadata) && typeof market.metadata.pluginRoot === "string"
      ? market.metadata.pluginRoot
      : null;
  if (Array.isArray(market.plugins)) {
    const seen = new Set<string>();
    for (const [index, raw] of market.plugins.entries()) {
      const at: Locate = (...keys) => read.at("plugins", index, ...keys);
      if (!isPlainObject(raw)) {
        report.diagnostics.push(
          diagnostic(
            "marketplace.entry.invalid",
            "error",
            file,
            `Plugin entry ${index + 1} is ${kindOf(raw)}, not an object, so Claude Code cannot list it.`,
            { fix: 'Write each entry as { "name": "…", "source": "./…" }.', at: at() },
          ),
        );
        continue;
      }
      const entry: MarketplaceEntry = {
        index,
        name: typeof raw.name === "string" && raw.name.trim() !== "" ? raw.name : null,
        entry: raw,
        strict: raw.strict !== false,
        source: entrySource(raw.source, abs, pluginRoot),
      };
      report.entries.push(entry);
      report.diagnostics.push(...(await checkEntry(entry, file, at, seen)));
    }
  }
  report.valid = hasNoErrors(report.diagnostics);
  return report;
}

function checkTopLevel(market: Record<string, unknown>, file: string, at: Locate): Diagnostic[] {
  const found: Diagnostic[] = [];
  const error = (code: string, message: string, fix: string, where?: TextPosition) =>
    found.push(diagnostic(code, "error", file, message, { fix, at: where }));
  const name = market.name;
  if (typeof name !== "string" || name.trim() === "") {
    error(
      "marketplace.name.invalid",
      `marketplace.json ${name === undefined ? 'has no "name"' : `has a "name" that is ${typeof name === "string" ? "empty" : kindOf(name)}`}, so Claude Code cannot add it.`,
      'Add "name": "my-marketplace" (kebab-case).',
      at("name"),
    );
  } else if (/\s/.test(name)) {
    error(
      "marketplace.name.spaces",
      `The marketplace name ${quote(name)} contains spaces, so Claude Code refuses the marketplace.`,
      `Use ${quote(kebabCaseOf(name))}.`,
      at("name"),
    );
  } else if (!KEBAB_CASE.test(name)) {
    found.push(
      diagnostic(
        "marketplace.name.kebab-case",
        "warning",
        file,
        `The marketplace name ${quote(name)} is not kebab-case; users type it in /plugin install NAME@${name}.`,
        { fix: `Use ${quote(kebabCaseOf(name))}.`, at: at("name") },
      ),
    );
  }
  if (typeof name === "string" && RESERVED_NAMES.has(name)) {
    found.push(
      diagnostic(
        "marketplace.name.reserved",
        "warning",
        file,
        `The marketplace name ${quote(name)} is reserved for Anthropic's own marketplaces; Claude Code refuses it unless the marketplace comes from github.com/anthropics/.`,
        { fix: "Choose a name of your own.", at: at("name") },
      ),
    );
  }
  const owner = market.owner;
  if (!isPlainObject(owner) || typeof owner.name !== "string" || owner.name.trim() === "") {
    const what =
      owner === undefined
        ? 'has no "owner"'
        : !isPlainObject(owner)
          ? `has an "owner" that is ${kindOf(owner)}`
          : 'has an "owner" without a "name" string';
    error(
      "marketplace.owner.invalid",
      `marketplace.json ${what}, so Claude Code cannot add it.`,
      'Add "owner": { "name": "Your team", "email": "…" }.',
      at("owner"),
    );
  }
  if (!Array.isArray(market.plugins)) {
    error(
      "marketplace.plugins.invalid",
      `marketplace.json ${market.plugins === undefined ? 'has no "plugins"' : `has "plugins" that is ${kindOf(market.plugins)}`}; it must be a list of plugin entries.`,
      'Add "plugins": [ { "name": "…", "source": "./…" } ].',
      at("plugins"),
    );
  } else if (market.plugins.length === 0) {
    found.push(
      diagnostic("marketplace.plugins.empty", "warning", file, "The marketplace lists no plugins.", {
        fix: 'Add at least one entry to "plugins".',
        at: at("plugins"),
      }),
    );
  }
  if (market.metadata !== undefined && !isPlainObject(market.metadata)) {
    error(
      "marketplace.type",
      `"metadata" must be an object, but it is ${kindOf(market.metadata)}.`,
      'Write "metadata": { "description": "…", "version": "…" }.',
      at("metadata"),
    );
  }
  const fix = "Remove it, or check its spelling.";
  found.push(
    ...unknownClaudeFields(market, TOP_LEVEL_FIELDS, {
      code: "marketplace.unknown-field",
      file,
      what: "marketplace.json",
      fix,
      at,
    }),
  );
  return found;
}

async function checkEntry(entry: MarketplaceEntry, file: string, at: Locate, seen: Set<string>): Promise<Diagnostic[]> {
  const found: Diagnostic[] = [];
  const raw = entry.entry;
  const label = entry.name ? `The plugin entry ${quote(entry.name)}` : `Plugin entry ${entry.index + 1}`;
  const error = (code: string, message: string, fix: string, keys: Array<string | number> = []) =>
    found.push(diagnostic(code, "error", file, message, { fix, at: at(...keys) }));
  if (!entry.name)
    error(
      "marketplace.entry.name",
      `${label} has no "name" string, so Claude Code cannot list it.`,
      'Add "name": "my-plugin".',
      ["name"],
    );
  else if (seen.has(entry.name))
    error(
      "marketplace.entry.duplicate",
      `Duplicate plugin name ${quote(entry.name)} in the marketplace; Claude Code installs plugins by name.`,
      "Give each plugin a unique name.",
      ["name"],
    );
  else if (/\s/.test(entry.name))
    error(
      "marketplace.entry.name-spaces",
      `${label}'s name contains spaces, so Claude Code refuses the marketplace.`,
      `Use ${quote(kebabCaseOf(entry.name))}.`,
      ["name"],
    );
  else if (!KEBAB_CASE.test(entry.name))
    found.push(
      diagnostic("marketplace.entry.name-kebab-case", "warning", file, `${label}'s name is not kebab-case.`, {
        fix: `Use ${quote(kebabCaseOf(entry.name))}.`,
        at: at("name"),
      }),
    );
  if (entry.name) seen.add(entry.name);
  if (entry.source.kind === "invalid")
    error("marketplace.entry.source", `${label} ${entry.source.message}.`, entry.source.fix, ["source"]);
  else if (entry.source.kind === "relative") found.push(...(await checkLocalSource(entry, label, file, at)));
  for (const problem of manifestFieldProblems(raw)) {
    error(
      problem.kind === "type" ? "marketplace.entry.type" : "marketplace.entry.path",
      `${label}: ${problem.message}`,
      problem.fix,
      problem.keys,
    );
  }
  if (raw.strict !== undefined && typeof raw.strict !== "boolean")
    error(
      "marketplace.entry.type",
      `${label}: "strict" must be true or false, but it is ${kindOf(raw.strict)}.`,
      'Write "strict": false or remove it.',
      ["strict"],
    );
  if (raw.category !== undefined && typeof raw.category !== "string")
    error(
      "marketplace.entry.type",
      `${label}: "category" must be a string, but it is ${kindOf(raw.category)}.`,
      'Write "category": "…".',
      ["category"],
    );
  if (raw.tags !== undefined && !(Array.isArray(raw.tags) && raw.tags.every((t) => typeof t === "string")))
    error("marketplace.entry.type", `${label}: "tags" must be a list of strings.`, 'Write "tags": ["…"].', ["tags"]);
  const fix = "Remove it, or check its spelling.";
  found.push(
    ...unknownClaudeFields(raw, ENTRY_FIELDS, { code: "marketplace.entry.unknown-field", file, what: label, fix, at }),
  );
  return found;
}

/** What a relative source's folder says against its entry: missing, conflicting manifests, a different version. */
async function checkLocalSource(
  entry: MarketplaceEntry,
  label: string,
  file: string,
  at: Locate,
): Promise<Diagnostic[]> {
  if (entry.source.kind !== "relative") return [];
  const raw = entry.entry;
  const error = (code: string, message: string, fix: string, key: string) =>
    diagnostic(code, "error", file, message, { fix, at: at(key) });
  const info = await stat(entry.source.dir).catch(() => null);
  if (!info?.isDirectory())
    return [
      error(
        "marketplace.entry.source-missing",
        `${label}'s source ${quote(entry.source.given)} is not a folder in the marketplace: Claude Code reports "Plugin directory not found" and cannot install it.`,
        "Correct the path, or add the plugin's folder.",
        "source",
      ),
    ];
  const own = await pluginManifestOf(entry.source.dir);
  const found: Diagnostic[] = [];
  if (
    !entry.strict &&
    own !== null &&
    COMPONENT_FIELDS.some((f) => own[f] !== undefined) &&
    COMPONENT_FIELDS.some((f) => raw[f] !== undefined)
  )
    found.push(
      error(
        "marketplace.entry.conflict",
        `${label} has "strict": false and lists components, and its plugin's own manifest lists components too: Claude Code reports conflicting manifests.`,
        'Keep the components in one place: remove them from the entry, or set "strict": true.',
        "strict",
      ),
    );
  if (typeof raw.version === "string" && typeof own?.version === "string" && raw.version !== own.version)
    found.push(
      diagnostic(
        "marketplace.entry.version-mismatch",
        "warning",
        file,
        `${label} says version ${quote(raw.version)} but its plugin.json says ${quote(own.version)}; Claude Code installs the plugin.json version and ignores the entry's.`,
        { fix: `Write "version": ${JSON.stringify(own.version)} in the entry, or remove it.`, at: at("version") },
      ),
    );
  return found;
}

/** The plugin's own .claude-plugin/plugin.json object, or null when it has none or it cannot be read. */
async function pluginManifestOf(dir: string): Promise<Record<string, unknown> | null> {
  const root = (await realpathOrNull(dir)) ?? dir;
  const names = await entryNames(path.join(dir, ".claude-plugin"));
  if (!names?.has("plugin.json")) return null;
  const read = await readJsonObject(
    path.join(dir, ".claude-plugin", "plugin.json"),
    root,
    { json: "marketplace.file.json", outside: "marketplace.containment" },
    "plugin.json",
    "it is ignored",
  );
  return read.ok ? read.value : null;
}

/** The folders inside the marketplace that its entries name, with what Claude Code knows of each plugin from its entry. */
export function localPlugins(
  report: MarketplaceReport,
): Array<{ dir: string; name: string | null; entry?: Record<string, unknown> }> {
  return report.entries.flatMap((e) =>
    e.source.kind === "relative" ? [{ dir: e.source.dir, name: e.name, ...(e.strict ? {} : { entry: e.entry }) }] : [],
  );
}
