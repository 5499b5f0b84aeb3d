// Turns the location table (and --include folders) into concrete locations and what to read in each.
import path from "node:path";
import { readInstalledPlugins } from "./claude-plugins";
import { discoveryDiagnostic } from "./diagnostic";
import { findDesktopTrees, readDesktopTree } from "./desktop";
import { planInclude } from "./include";
import { pathExists } from "./list";
import { resolveLocationTable, type LocationRow } from "./locations";
import { makeLocation, type ScanPlan } from "./scan-plan";
import type { ScanOptions } from "./types";

export type { PluginSource, ScanPlan, SkillSource } from "./scan-plan";

/** Default cap of entries listed per location: far above any real folder (10,000 skills are read in full); a folder
 * over it is reported with scan.location.truncated, which the catalog states at the top of its list. */
const DEFAULT_MAX_ENTRIES = 50_000;

/** How many entries a scan lists per location. */
export function locationCap(options: Pick<ScanOptions, "maxEntriesPerLocation">): number {
  return options.maxEntriesPerLocation ?? DEFAULT_MAX_ENTRIES;
}

const shortPart = (s: string) => (s.length > 12 ? `${s.slice(0, 8)}…` : s);

async function planDesktopRoot(row: LocationRow, root: string, cap: number, plan: ScanPlan): Promise<void> {
  const present = await pathExists(root);
  plan.locations.push(
    makeLocation({
      client: row.client,
      scope: row.scope,
      path: root,
      exists: present,
      readOnly: true,
      label: `${row.label} (skills-plugin root)`,
      note: row.note,
      desktop: { variant: row.label, root, accountTree: null, lastUpdated: null },
    }),
  );
  if (!present) return;
  const found = await findDesktopTrees(root, cap);
  if (found.error) {
    plan.diagnostics.push(
      discoveryDiagnostic(
        "scan.location.unreadable",
        "warning",
        root,
        `Claude Desktop's skills folder ${root} cannot be read (${found.error}), so its account trees are not listed.`,
        "Check the folder's permissions.",
      ),
    );
  }
  for (const treePath of found.trees) {
    const tree = await readDesktopTree(treePath, root);
    const [a = "", b = ""] = tree.accountTree.split("/");
    const location = makeLocation({
      client: "claude-desktop",
      scope: "desktop-account",
      path: treePath,
      exists: true,
      readOnly: true,
      label: `${row.label} — account ${shortPart(a)}/${shortPart(b)}`,
      note: row.note,
      desktop: {
        variant: row.label,
        root,
        accountTree: tree.accountTree,
        lastUpdated: tree.manifest?.lastUpdated ?? null,
      },
    });
    plan.locations.push(location);
    plan.diagnostics.push(...tree.diagnostics);
    plan.skillSources.push({
      location,
      dir: path.join(treePath, "skills"),
      mode: "children",
      depth: 1,
      exclude: [],
      desktop: tree,
    });
  }
}

async function planClaudePlugins(row: LocationRow, dir: string, plan: ScanPlan): Promise<void> {
  const present = await pathExists(dir);
  plan.locations.push(
    makeLocation({
      client: row.client,
      scope: row.scope,
      path: dir,
      exists: present,
      readOnly: row.readOnly,
      label: row.label,
      note: row.note,
    }),
  );
  if (!present) return;
  const { installs, diagnostics } = await readInstalledPlugins(dir);
  plan.diagnostics.push(...diagnostics);
  for (const install of installs) {
    const here = await pathExists(install.installPath);
    const location = makeLocation({
      client: "claude-code",
      scope: "plugin",
      path: install.installPath,
      exists: here,
      readOnly: true,
      label: `Claude Code plugin ${install.key}`,
      note: row.note,
    });
    plan.locations.push(location);
    if (!here) {
      plan.diagnostics.push(
        discoveryDiagnostic(
          "scan.plugin.missing",
          "warning",
          path.join(dir, "installed_plugins.json"),
          `Claude Code lists the plugin ${install.key} as installed at ${install.installPath}, but that folder does not exist.`,
          "Reinstall the plugin with `/plugin` in Claude Code.",
        ),
      );
      continue;
    }
    plan.pluginSources.push({
      location,
      root: install.installPath,
      installVersion: install.version,
      installName: install.key.replace(/@[^@]*$/, ""),
      claudeCode: install.claudeCode,
    });
  }
}

/** Plans a scan: every table location for the home (unless homeLocations is false), then each --include folder. */
export async function planScan(options: ScanOptions): Promise<ScanPlan> {
  const plan: ScanPlan = { locations: [], skillSources: [], pluginSources: [], diagnostics: [] };
  const cap = locationCap(options);
  if (options.homeLocations !== false) {
    for (const { row, path: p } of resolveLocationTable(options)) {
      if (row.kind === "desktop-root") await planDesktopRoot(row, p, cap, plan);
      else if (row.kind === "claude-plugins") await planClaudePlugins(row, p, plan);
      else {
        const location = makeLocation({
          client: row.client,
          scope: row.scope,
          path: p,
          exists: await pathExists(p),
          readOnly: row.readOnly,
          label: row.label,
          note: row.note,
          ...(row.readBy ? { readBy: row.readBy } : {}),
        });
        plan.locations.push(location);
        if (location.exists)
          plan.skillSources.push({
            location,
            dir: p,
            mode: "children",
            depth: row.depth ?? 1,
            exclude: row.exclude ?? [],
          });
      }
    }
  }
  for (const dir of options.include ?? []) await planInclude(path.resolve(dir), cap, plan);
  return plan;
}
