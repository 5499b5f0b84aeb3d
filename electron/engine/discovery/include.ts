// Folders the user adds (--include): a skill, a folder of skills, a plugin root, a folder of plugins, or a project.
import { stat } from "node:fs/promises";
import path from "node:path";
import { discoveryDiagnostic } from "./diagnostic";
import { findSkillFile, hasPluginManifest, isDirectory, listCapped } from "./list";
import { PROJECT_SKILL_FOLDERS } from "./locations";
import { makeLocation, type ScanPlan } from "./scan-plan";

/** Adds one --include folder to the plan, deciding what it holds. */
export async function planInclude(given: string, cap: number, plan: ScanPlan): Promise<void> {
  let dir = given;
  let info;
  try {
    info = await stat(given);
  } catch {
    plan.locations.push(makeLocation({ client: "custom", scope: "custom", path: given, exists: false, label: `Added folder ${path.basename(given)}` }));
    plan.diagnostics.push(discoveryDiagnostic("scan.include.missing", "error", given, "The folder you added does not exist, so nothing was read from it.", "Check the path, or remove it from the added folders."));
    return;
  }
  if (info.isFile() && path.basename(given).toLowerCase() === "skill.md") dir = path.dirname(given);
  const name = path.basename(dir);
  if (await findSkillFile(dir)) {
    const location = makeLocation({ client: "custom", scope: "custom", path: dir, exists: true, label: `Added skill ${name}` });
    plan.locations.push(location);
    plan.skillSources.push({ location, dir, mode: "single", depth: 1, exclude: [] });
    return;
  }
  if (await hasPluginManifest(dir)) {
    const location = makeLocation({ client: "custom", scope: "plugin", path: dir, exists: true, label: `Added plugin ${name}` });
    plan.locations.push(location);
    plan.pluginSources.push({ location, root: dir, installVersion: null });
    return;
  }
  let found = false;
  for (const folder of PROJECT_SKILL_FOLDERS) {
    const p = path.join(dir, ...folder.rel.split("/"));
    if (!(await isDirectory(p))) continue;
    found = true;
    const location = makeLocation({ client: folder.client, scope: "project", path: p, exists: true, label: `${folder.label} in project ${name}` });
    plan.locations.push(location);
    plan.skillSources.push({ location, dir: p, mode: "children", depth: 1, exclude: [] });
  }
  if (found) return;
  const children = await listCapped(dir, cap);
  let plugins = 0;
  for (const child of children.entries) {
    const p = path.join(dir, child.name);
    if (child.name.startsWith(".") || !(await isDirectory(p)) || (await findSkillFile(p))) continue;
    if (await hasPluginManifest(p)) {
      plugins++;
      const location = makeLocation({ client: "custom", scope: "plugin", path: p, exists: true, label: `Added plugin ${child.name}` });
      plan.locations.push(location);
      plan.pluginSources.push({ location, root: p, installVersion: null });
    }
  }
  const hasSkills = await anySkillChild(dir, children.entries.map((e) => e.name));
  if (plugins > 0 && !hasSkills) return;
  if (!hasSkills) {
    plan.diagnostics.push(discoveryDiagnostic("scan.include.unknown", "info", dir, "The folder you added holds no skill, plugin or project skills folder yet; it is watched as a folder of skills.", "Add a skill folder with a SKILL.md inside it, or pick another folder."));
  }
  const location = makeLocation({ client: "custom", scope: "custom", path: dir, exists: true, label: `Added folder ${name}` });
  plan.locations.push(location);
  plan.skillSources.push({ location, dir, mode: "children", depth: 1, exclude: [] });
}

async function anySkillChild(dir: string, names: string[]): Promise<boolean> {
  for (const n of names) if (!n.startsWith(".") && (await findSkillFile(path.join(dir, n)))) return true;
  return false;
}
