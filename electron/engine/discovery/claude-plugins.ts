// Claude Code's installed_plugins.json (version 2: plugins["name@marketplace"] = [{ scope, installPath, version }]).
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { discoveryDiagnostic } from "./diagnostic";
import { readJsonMember } from "./json-member";

/** One install of a Claude Code plugin. */
export interface ClaudePluginInstall {
  key: string;
  installPath: string;
  version: string | null;
  scope: string | null;
}

/** Reads `<plugins>/installed_plugins.json`; missing is empty, corrupt is a diagnostic. */
export async function readInstalledPlugins(pluginsDir: string): Promise<{ installs: ClaudePluginInstall[]; diagnostics: Diagnostic[] }> {
  const file = path.join(pluginsDir, "installed_plugins.json");
  const json = await readJsonMember(file, "plugins");
  if (json.kind === "missing") return { installs: [], diagnostics: [] };
  if (json.kind === "corrupt") {
    const message = `Claude Code's list of installed plugins cannot be used: ${json.why}`;
    return { installs: [], diagnostics: [discoveryDiagnostic("scan.plugins.corrupt", "warning", file, message, "Run `/plugin` in Claude Code to reinstall the plugins; it rewrites installed_plugins.json.")] };
  }
  const installs: ClaudePluginInstall[] = [];
  for (const [key, value] of Object.entries(json.value)) {
    const list = Array.isArray(value) ? value : [value];
    for (const raw of list) {
      if (!raw || typeof raw !== "object") continue;
      const e = raw as Record<string, unknown>;
      if (typeof e.installPath !== "string" || !e.installPath) continue;
      const installPath = path.isAbsolute(e.installPath) ? e.installPath : path.resolve(pluginsDir, e.installPath);
      installs.push({ key, installPath, version: typeof e.version === "string" ? e.version : null, scope: typeof e.scope === "string" ? e.scope : null });
    }
  }
  return { installs, diagnostics: [] };
}
