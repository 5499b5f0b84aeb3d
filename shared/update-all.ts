// What "Update all" does with each copy, decided before anything runs, in words: a copy is updated only when the one
// action that can succeed for it is a download into a folder Skillshelf replaces and it needs no yes of its own.
import type { UpdateInfo } from "./model";

/** One copy Update all leaves alone, and why in a sentence. */
export interface UpdateAllSkip {
  skillId: string;
  name: string;
  why: string;
}

/** What Update all will do: the copies it updates and the ones it skips. */
export interface UpdateAllPreview {
  will: UpdateInfo[];
  skipped: UpdateAllSkip[];
}

const PLUGIN_SKIP = "a plugin is updated in the app that installed it, once for all the skills it carries.";

/** Why Update all leaves this copy alone, or null when it updates it. */
export function updateAllSkipReason(info: UpdateInfo): string | null {
  const plan = info.plan;
  if (info.plugin)
    return `it comes with the plugin ${info.plugin.name}, which is updated in the app that installed it.`;
  if (info.state === "changed-locally")
    return "it was changed here; update it on its own to see your changes and what would replace them.";
  if (plan?.action === "download" && plan.kind === "replace-folder") return null;
  if (plan?.kind === "desktop-upload" && plan.action === "download")
    return "Claude Desktop takes a new version only through a file you upload there; update it on its own.";
  if (plan?.action === "recipe") return "its update runs a command from its server, which you confirm on its own.";
  if (plan?.kind === "replace-folder" || plan?.kind === "desktop-upload")
    return "its update source offers nothing to download.";
  return plan?.nextStep ?? "Skillshelf cannot update it here.";
}

/**
 * The preview of Update all over the copies a person may act on (outdated or changed here; ignored ones left out),
 * in the rows every count uses: a plugin is skipped once, named as the plugin, however many skills it carries.
 */
export function previewUpdateAll(list: readonly UpdateInfo[]): UpdateAllPreview {
  const will: UpdateInfo[] = [];
  const skipped: UpdateAllSkip[] = [];
  const plugins = new Set<string>();
  for (const info of list) {
    if (info.ignored || (info.state !== "outdated" && info.state !== "changed-locally")) continue;
    if (info.state === "changed-locally" && info.plan?.action !== "download") continue;
    if (info.plugin) {
      if (!plugins.has(info.plugin.id))
        skipped.push({ skillId: info.skillId, name: info.plugin.name, why: PLUGIN_SKIP });
      plugins.add(info.plugin.id);
      continue;
    }
    const why = updateAllSkipReason(info);
    if (why === null) will.push(info);
    else skipped.push({ skillId: info.skillId, name: info.name, why });
  }
  return { will, skipped };
}
