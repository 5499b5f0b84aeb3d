// Claude Code's installed_plugins.json (version 2: plugins["name@marketplace"] = [{ scope, installPath, version }]).
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { readTextFile } from "../fs/safe-fs";
import { discoveryDiagnostic } from "./diagnostic";

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
  const read = await readTextFile(file);
  if (!read.ok && read.reason === "not-found") return { installs: [], diagnostics: [] };
  const corrupt = (why: string) => ({
    installs: [],
    diagnostics: [discoveryDiagnostic("scan.plugins.corrupt", "warning", file, `Claude Code's list of installed plugins cannot be used: ${why}`, "Run `/plugin` in Claude Code to reinstall the plugins; it rewrites installed_plugins.json.")],
  });
  if (!read.ok) return corrupt(read.message);
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch {
    return corrupt("it is not valid JSON.");
  }
  const plugins = (parsed as { plugins?: unknown } | null)?.plugins;
  if (!plugins || typeof plugins !== "object" || Array.isArray(plugins)) return corrupt('it has no "plugins" object.');
  const installs: ClaudePluginInstall[] = [];
  for (const [key, value] of Object.entries(plugins as Record<string, unknown>)) {
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
