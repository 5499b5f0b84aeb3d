// Folders the user adds (--include): a skill, a folder of skills, a plugin root, a folder of plugins, a Claude Code
// marketplace, or a project.
import { stat } from "node:fs/promises";
import path from "node:path";
import { localPlugins, readMarketplace } from "../plugin/marketplace";
import { discoveryDiagnostic } from "./diagnostic";
import { findSkillFile, hasPluginManifest, hasStandardSkills, isDirectory, listCapped, pathExists } from "./list";
import { PROJECT_SKILL_FOLDERS } from "./locations";
import { makeLocation, type ScanPlan } from "./scan-plan";

/** Adds one --include folder to the plan, deciding what it holds. */
export async function planInclude(given: string, cap: number, plan: ScanPlan): Promise<void> {
  let dir = given;
  let info;
  try {
    info = await stat(given);
  } catch {
    plan.locations.push(
      makeLocation({
        client: "custom",
        scope: "custom",
        path: given,
        exists: false,
        label: `Added folder ${path.basename(given)}`,
      }),
    );
    plan.diagnostics.push(
      discoveryDiagnostic(
        "scan.include.missing",
        "error",
        given,
        "The folder you added does not exist, so nothing was read from it.",
        "Check the path, or remove it from the added folders.",
      ),
    );
    return;
  }
  if (info.isFile() && path.basename(given).toLowerCase() === "skill.md") dir = path.dirname(given);
  const name = path.basename(dir);
  if (await findSkillFile(dir)) {
    const location = makeLocation({
      client: "custom",
      scope: "custom",
      path: dir,
      exists: true,
      label: `Added skill ${name}`,
    });
    plan.locations.push(location);
    plan.skillSources.push({ location, dir, mode: "single", depth: 1, exclude: [] });
    return;
  }
  if (await hasPluginManifest(dir)) {
    const location = makeLocation({
      client: "custom",
      scope: "plugin",
      path: dir,
      exists: true,
      label: `Added plugin ${name}`,
    });
    plan.locations.push(location);
    plan.pluginSources.push({ location, root: dir, installVersion: null });
    return;
  }
  if (await pathExists(path.join(dir, ".claude-plugin", "marketplace.json"))) {
    await planMarketplace(dir, plan);
    return;
  }
  let found = false;
  for (const folder of PROJECT_SKILL_FOLDERS) {
    const p = path.join(dir, ...folder.rel.split("/"));
    if (!(await isDirectory(p))) continue;
    found = true;
    const location = makeLocation({
      client: folder.client,
      scope: "project",
      path: p,
      exists: true,
      label: `${folder.label} in project ${name}`,
      ...(folder.readBy ? { readBy: folder.readBy } : {}),
    });
    plan.locations.push(location);
    plan.skillSources.push({ location, dir: p, mode: "children", depth: 1, exclude: [] });
  }
  if (found) return;
  const children = await listCapped(dir, cap);
  let plugins = 0;
  for (const child of children.entries) {
    const p = path.join(dir, child.name);
    if (child.name.startsWith(".") || !(await isDirectory(p)) || (await findSkillFile(p))) continue;
    const manifest = await hasPluginManifest(p);
    if (manifest || (await hasStandardSkills(p, cap))) {
      plugins++;
      const location = makeLocation({
        client: "custom",
        scope: "plugin",
        path: p,
        exists: true,
        label: `Added plugin ${child.name}`,
      });
      plan.locations.push(location);
      // Without a manifest, Claude Code loads the standard layout and names the plugin after its folder.
      plan.pluginSources.push(
        manifest
          ? { location, root: p, installVersion: null }
          : { location, root: p, installVersion: null, claudeCode: { name: child.name } },
      );
    }
  }
  const hasSkills = await anySkillChild(
    dir,
    children.entries.map((e) => e.name),
  );
  if (plugins > 0 && !hasSkills) return;
  if (!hasSkills) {
    plan.diagnostics.push(
      discoveryDiagnostic(
        "scan.include.unknown",
        "info",
        dir,
        "The folder you added holds no skill, plugin or project skills folder yet; it is watched as a folder of skills.",
        "Add a skill folder with a SKILL.md inside it, or pick another folder.",
      ),
    );
  }
  const location = makeLocation({
    client: "custom",
    scope: "custom",
    path: dir,
    exists: true,
    label: `Added folder ${name}`,
  });
  plan.locations.push(location);
  plan.skillSources.push({ location, dir, mode: "children", depth: 1, exclude: [] });
}

/** A marketplace's plugins that live in it: each folder an entry names, read as Claude Code reads it. */
async function planMarketplace(dir: string, plan: ScanPlan): Promise<void> {
  const market = await readMarketplace(dir);
  plan.diagnostics.push(...market.diagnostics.filter((d) => d.severity !== "info"));
  const marketLocation = makeLocation({
    client: "custom",
    scope: "custom",
    path: dir,
    exists: true,
    label: `Added marketplace ${market.name ?? path.basename(dir)}`,
  });
  plan.locations.push(marketLocation);
  const seen = new Set<string>();
  for (const listed of localPlugins(market)) {
    if (seen.has(listed.dir) || !(await isDirectory(listed.dir))) continue;
    seen.add(listed.dir);
    const name = listed.name ?? path.basename(listed.dir);
    const location = makeLocation({
      client: "custom",
      scope: "plugin",
      path: listed.dir,
      exists: true,
      label: `Added plugin ${name} of marketplace ${market.name ?? path.basename(dir)}`,
    });
    plan.locations.push(location);
    plan.pluginSources.push({
      location,
      root: listed.dir,
      installVersion: null,
      claudeCode: { name, ...(listed.entry ? { entry: listed.entry } : {}) },
    });
  }
}

async function anySkillChild(dir: string, names: string[]): Promise<boolean> {
  for (const n of names) if (!n.startsWith(".") && (await findSkillFile(path.join(dir, n)))) return true;
  return false;
}
