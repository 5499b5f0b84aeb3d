// Claude Code's installed_plugins.json (version 2: plugins["name@marketplace"] = [{ scope, installPath, version }]), and
// what each plugin's marketplace (known_marketplaces.json, marketplaces/<name>/) says about where it comes from.
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { isPlainObject } from "../plugin/diagnostics";
import { readMarketplace, type MarketplaceReport } from "../plugin/marketplace";
import type { ClaudeCodeContext } from "../plugin/types";
import { discoveryDiagnostic } from "./diagnostic";
import { readJsonMember } from "./json-member";
import { pathExists } from "./list";

/** One install of a Claude Code plugin. */
export interface ClaudePluginInstall {
  key: string;
  installPath: string;
  version: string | null;
  scope: string | null;
  /** How Claude Code reads it: the installed name, and the marketplace entry's definition and repository when known. */
  claudeCode: ClaudeCodeContext;
}

/** Reads `<plugins>/installed_plugins.json`; missing is empty, corrupt is a diagnostic. */
export async function readInstalledPlugins(
  pluginsDir: string,
): Promise<{ installs: ClaudePluginInstall[]; diagnostics: Diagnostic[] }> {
  const file = path.join(pluginsDir, "installed_plugins.json");
  const json = await readJsonMember(file, "plugins");
  if (json.kind === "missing") return { installs: [], diagnostics: [] };
  if (json.kind === "corrupt") {
    const message = `Claude Code's list of installed plugins cannot be used: ${json.why}`;
    return {
      installs: [],
      diagnostics: [
        discoveryDiagnostic(
          "scan.plugins.corrupt",
          "warning",
          file,
          message,
          "Run `/plugin` in Claude Code to reinstall the plugins; it rewrites installed_plugins.json.",
        ),
      ],
    };
  }
  const installs: ClaudePluginInstall[] = [];
  const markets = new Map<string, Promise<MarketFacts | null>>();
  for (const [key, value] of Object.entries(json.value)) {
    const list = Array.isArray(value) ? value : [value];
    const name = key.replace(/@[^@]*$/, "");
    const market = key.includes("@") ? key.slice(key.lastIndexOf("@") + 1) : "";
    for (const raw of list) {
      if (!raw || typeof raw !== "object") continue;
      const e = raw as Record<string, unknown>;
      if (typeof e.installPath !== "string" || !e.installPath) continue;
      const installPath = path.isAbsolute(e.installPath) ? e.installPath : path.resolve(pluginsDir, e.installPath);
      if (market && !markets.has(market)) markets.set(market, marketFacts(pluginsDir, market));
      const facts = market ? await markets.get(market)! : null;
      installs.push({
        key,
        installPath,
        version: typeof e.version === "string" ? e.version : null,
        scope: typeof e.scope === "string" ? e.scope : null,
        claudeCode: contextFor(name, facts),
      });
    }
  }
  return { installs, diagnostics: [] };
}

interface MarketFacts {
  report: MarketplaceReport;
  /** The repository the marketplace itself comes from (known_marketplaces.json's source), when it is one. */
  repository: string | null;
}

/** The marketplace a plugin was installed from, read from where Claude Code keeps it; null when it is not there. */
async function marketFacts(pluginsDir: string, market: string): Promise<MarketFacts | null> {
  const known = await readJsonMember(path.join(pluginsDir, "known_marketplaces.json"), market);
  const record = known.kind === "ok" ? known.value : {};
  const root =
    typeof record.installLocation === "string" && path.isAbsolute(record.installLocation)
      ? record.installLocation
      : path.join(pluginsDir, "marketplaces", market);
  if (!(await pathExists(path.join(root, ".claude-plugin", "marketplace.json")))) return null;
  return { report: await readMarketplace(root), repository: sourceRepository(record.source) };
}

/** A repository URL from a github/git/url source object; null for anything else. */
function sourceRepository(source: unknown): string | null {
  if (!isPlainObject(source)) return null;
  if (source.source === "github" && typeof source.repo === "string" && /^[\w.-]+\/[\w.-]+$/.test(source.repo))
    return `https://github.com/${source.repo}`;
  if (typeof source.url === "string" && /^https?:\/\//i.test(source.url)) return source.url.slice(0, 2048);
  return null;
}

function contextFor(name: string, facts: MarketFacts | null): ClaudeCodeContext {
  const entry = facts?.report.entries.find((e) => e.name === name);
  if (!entry) return { name };
  const repository = entry.source.kind === "relative" ? facts!.repository : sourceRepository(entry.entry.source);
  return { name, ...(entry.strict ? {} : { entry: entry.entry }), ...(repository ? { repository } : {}) };
}
