// The decision per installed copy: how it is updated (decided by where it lives and what the update server offers)
// and the next step for people. The CLI's `outdated`, the app and `update` all branch on this one plan. Its words are
// the app's: never a command line or a flag (the CLI adds its own commands); a server's recipe stays in `recipe`, shown
// apart as the server's instructions.
import type { Skill, UpdateAction, UpdateInfo, UpdatePlan, UpdatePlanKind } from "../../../shared/model";
import { hasControlOrBreak } from "../../../shared/terminal-text";
import { DESKTOP_UPLOAD_PLACES, desktopUploadSteps } from "../desktop-handoff/desktop-handoff";
import { clientLabel } from "../../../shared/ui-catalog";
import { treeSourceOf } from "../fetch/content-update";

export type { UpdatePlan, UpdatePlanKind } from "../../../shared/model";

/** Claude Desktop's place for uploading skills, in the words of current and earlier versions (one source: the hand-off). */
const DESKTOP_UPLOAD_PLACE = `${DESKTOP_UPLOAD_PLACES.current} (in earlier versions: ${DESKTOP_UPLOAD_PLACES.earlier})`;

function isDesktop(skill: Skill): boolean {
  return skill.client === "claude-desktop" || skill.desktop !== undefined;
}

/** Where the copy lives decides the kind; a shell or manual recipe from the update server wins for folders the user owns. */
function kindOf(skill: Skill, info: UpdateInfo | undefined): UpdatePlanKind {
  if (isDesktop(skill)) return "desktop-upload";
  if (info?.recipe?.kind === "shell") return "run-recipe";
  if (info?.recipe) return "manual";
  if (skill.pluginId) return "manual";
  if (!skill.userOwned) return "not-updatable";
  return "replace-folder";
}

function versionText(info: UpdateInfo | undefined): string {
  return info?.latest ? `version ${info.latest}` : "the new version";
}

function desktopSteps(skill: Skill, info: UpdateInfo | undefined): string[] {
  return [
    `Get ${versionText(info)} as a .skill archive that Claude Desktop accepts (Skillshelf can build it from the release).`,
    ...desktopUploadSteps("the .skill file", skill.name, info?.latest ?? null),
  ];
}

function linkNote(skill: Skill): string[] {
  const others = skill.links.length;
  return others
    ? [
        `The same folder is linked from ${others} other place${others === 1 ? "" : "s"}; updating its real folder (${skill.realDir}) updates ${others === 1 ? "it" : "them all"}.`,
      ]
    : [];
}

const SUSPICIOUS_STEP =
  "The update command the update server gives holds control characters or line breaks, so it may not be what it shows and is never run; update this copy by hand instead.";

/** Suspicious when marked so or when the command itself holds a control character or line break (a stored or
 * hand-made `suspicious: false` never vouches for such a command). */
function isSuspicious(recipe: NonNullable<UpdateInfo["recipe"]>): boolean {
  return recipe.suspicious === true || hasControlOrBreak(recipe.command);
}

/** The next step when an update is due, by kind. */
function outdatedStep(
  kind: UpdatePlanKind,
  skill: Skill,
  info: UpdateInfo | undefined,
): { nextStep: string; steps: string[] } {
  const recipe = info?.recipe;
  if (kind === "desktop-upload" && !downloadable(kind, info))
    return {
      nextStep: `Claude Desktop's sync would undo changes made in this folder. ${nothingToDownloadStep(info)} Once you have it as a .skill file, upload it in Claude Desktop (${DESKTOP_UPLOAD_PLACE}) to replace this skill.`,
      steps: desktopUploadSteps("the .skill file", skill.name, info?.latest ?? null),
    };
  if (kind === "replace-folder" && fromRecordedOrigin(info))
    return {
      nextStep: `Run \`skillshelf update ${skill.name}\`: it fetches the ${info?.source === "site-skills" ? "site's" : "server's"} current copy, shows what changes and replaces the folder, keeping the old copy as a backup.`,
      steps: linkNote(skill),
    };
  if (kind === "replace-folder" && !downloadable(kind, info))
    return { nextStep: nothingToDownloadStep(info), steps: linkNote(skill) };
  switch (kind) {
    case "desktop-upload":
      return {
        nextStep: `Claude Desktop's sync would undo changes made in this folder: download the new version (see notes or docs below), then upload it in Claude Desktop (${DESKTOP_UPLOAD_PLACE}) to replace this skill.`,
        steps: desktopSteps(skill, info),
      };
    case "run-recipe":
      if (recipe && isSuspicious(recipe)) return { nextStep: SUSPICIOUS_STEP, steps: [] };
      return {
        nextStep:
          "Its update server gives a command that updates this copy, shown as the server's instructions; it runs only once you confirm it.",
        steps: [],
      };
    case "manual":
      if (recipe && isSuspicious(recipe)) return { nextStep: SUSPICIOUS_STEP, steps: [] };
      if (recipe)
        return { nextStep: "Its update server says how to update this copy: follow its instructions.", steps: [] };
      return {
        nextStep: "This skill comes with a plugin: update the plugin through the client that installed it.",
        steps: [],
      };
    case "not-updatable":
      return {
        nextStep: `This copy is managed by its client, ${clientLabel(skill.client)}: update it in ${clientLabel(skill.client)}, which replaces its copy with the new version.`,
        steps: [],
      };
    case "replace-folder":
      if (info?.source === "github-tree" && info.repository) {
        return {
          nextStep: `Skillshelf fetches this folder from ${info.repository}${info.branch ? ` (${info.branch})` : ""}, shows what changes and replaces the folder, keeping the old copy as a backup.`,
          steps: linkNote(skill),
        };
      }
      return {
        nextStep: `Download ${versionText(info)} (see notes or docs below) and replace this folder with it; keep the old copy until the new one works.`,
        steps: linkNote(skill),
      };
  }
}

/** Whether the check compared the copy with the MCP server or the site it was added from (its origin is recorded). */
export function fromRecordedOrigin(info: UpdateInfo | undefined): boolean {
  return info?.source === "mcp-skills" || info?.source === "site-skills";
}

/**
 * Whether Skillshelf has something to fetch for this place: the folder on GitHub or the server or site it was added
 * from (a folder it replaces), or a file.
 */
function downloadable(kind: UpdatePlanKind, info: UpdateInfo | undefined): boolean {
  if (kind === "replace-folder" && (treeSourceOf(info) !== null || fromRecordedOrigin(info))) return true;
  return (info?.downloads?.length ?? 0) > 0;
}

/** A newer version is named but no file comes with it: the server's own page when it has one, else who to ask. */
function nothingToDownloadStep(info: UpdateInfo | undefined): string {
  const named = `The update source names ${versionText(info)} but offers no file to download, so Skillshelf cannot fetch it.`;
  if (info?.updateDocUrl) return `${named} Its update page says how to get it.`;
  if (info?.releaseNotesUrl) return `${named} Its release page may say where to get it.`;
  return `${named} Get it where you got this skill, or ask its author.`;
}

/**
 * The one action that can succeed for this copy now (the same rule as the update service's decideUpdate): a download
 * for an outdated copy (or one changed locally whose folder on GitHub is known) in a place Skillshelf changes and with
 * something to fetch; the server's command when it is not suspicious; else none (the steps are words only).
 */
function actionOf(kind: UpdatePlanKind, info: UpdateInfo | undefined, plan: UpdatePlan): UpdateAction {
  const state = info?.state;
  if (kind === "run-recipe") return state === "outdated" && plan.recipe && !plan.recipe.suspicious ? "recipe" : "none";
  if (kind !== "replace-folder" && kind !== "desktop-upload") return "none";
  const due = state === "outdated" || (state === "changed-locally" && kind === "replace-folder");
  const refetchable = treeSourceOf(info) !== null || fromRecordedOrigin(info);
  return due && downloadable(kind, info) && (state === "outdated" || refetchable) ? "download" : "none";
}

/** What to do when nothing is due, by state. */
function restingStep(info: UpdateInfo | undefined): string {
  switch (info?.state) {
    case "up-to-date":
      return "Nothing to do: this copy is the latest version.";
    case "ahead":
      return "Nothing to do: this copy is newer than the latest release.";
    case "changed-locally":
      return `This copy was changed here since it was installed${info.changedFiles?.length ? ` (${info.changedFiles.slice(0, 5).join(", ")}${info.changedFiles.length > 5 ? ", …" : ""})` : ""}; an update would replace them. Look at your changes first, then update anyway (your version is kept as a backup) or keep yours.`;
    case "unknown":
      return info.reason
        ? `Nothing can be planned yet. ${info.reason}`
        : "Nothing can be planned yet: the update state is not known.";
    default:
      return "Nothing can be planned yet: no update check has run.";
  }
}

/** The plan for one installed copy; `info` is its last update state (absent before any check). */
export function planUpdate(skill: Skill, info: UpdateInfo | undefined): UpdatePlan {
  const kind = kindOf(skill, info);
  const { nextStep, steps } =
    info?.state === "outdated" ? outdatedStep(kind, skill, info) : { nextStep: restingStep(info), steps: [] };
  const plan: UpdatePlan = {
    kind,
    skillId: skill.id,
    name: skill.name,
    dir: skill.dir,
    realDir: skill.realDir,
    nextStep,
    steps,
  };
  if (info?.recipe)
    plan.recipe = { kind: info.recipe.kind, command: info.recipe.command, suspicious: isSuspicious(info.recipe) };
  plan.action = actionOf(kind, info, plan);
  return plan;
}
