// The rules of one update, written once for every front end: whether a copy may be updated now and from what, which
// file to take, what the new version changes in the installed folder, and applying it with the user's files kept.
import type { Skill, UpdateDownload, UpdateInfo, UpdatePlan } from "../../../shared/model";
import type { UpdateProblem } from "../../../shared/update-flow";
import { treeSourceOf } from "../fetch/content-update";
import { diffFolders, type FolderDiff } from "../apply/diff";
import { readManifest } from "../transaction/manifest";
import { fromRecordedOrigin, planUpdate } from "../apply/plan";
import { unkeepableError } from "../transaction/kept-conflict";
import { applyFolderUpdate, type ApplyResult } from "../transaction/swap";
import { refusal } from "./problems";

/** A file or address the user named instead of the release (the CLI's --from). */
export type GivenSource = { url: string } | { file: string };

/**
 * Where the new version comes from: the release's file, the skill's folder on GitHub, the MCP server or site it was
 * added from (its recorded origin), or what the user named.
 */
export type UpdateOrigin =
  | { kind: "release"; file: UpdateDownload }
  | { kind: "tree" }
  | { kind: "recorded" }
  | { kind: "given"; source: GivenSource };

/** What may be done for a copy now: its plan and origin, or why not (up to date is a calm refusal, not a failure). */
export type UpdateDecision =
  | { ok: true; plan: UpdatePlan; origin: UpdateOrigin; overwritesLocalEdits: boolean }
  | { ok: false; plan: UpdatePlan; problem: UpdateProblem; resting: boolean };

/** The release file an update takes: the best one the check found (a `.skill` or `.zip` holding the skill first). */
function chooseDownload(info: UpdateInfo | undefined): UpdateDownload | null {
  return info?.downloads?.[0] ?? null;
}

const stateWords = (state: string) =>
  state === "up-to-date"
    ? "up to date"
    : state === "ahead"
      ? "newer than the latest release"
      : state === "changed-locally"
        ? "changed locally"
        : "of unknown update state";

/**
 * The one rule of what may be updated: an outdated copy, or a copy changed locally whose folder on GitHub or whose
 * MCP server or site is known (applying then needs the overwrite confirmation), in a place Skillshelf changes (a folder, or Claude Desktop's
 * hand-off); or any such place from a source the user named.
 */
export function decideUpdate(skill: Skill, info: UpdateInfo | undefined, given?: GivenSource): UpdateDecision {
  const plan = planUpdate(skill, info);
  const refuse = (problem: UpdateProblem, resting = false): UpdateDecision => ({ ok: false, plan, problem, resting });
  const placeOk = plan.kind === "replace-folder" || plan.kind === "desktop-upload";
  if (given) {
    if (!placeOk) return refuse(refusal("install.not-updatable", plan.nextStep));
    return { ok: true, plan, origin: { kind: "given", source: given }, overwritesLocalEdits: false };
  }
  const state = info?.state ?? "unknown";
  const tree = plan.kind === "replace-folder" && treeSourceOf(info) !== null;
  const recorded = plan.kind === "replace-folder" && fromRecordedOrigin(info);
  const due = state === "outdated" || (state === "changed-locally" && (tree || recorded));
  if (!due) {
    const message = `"${skill.name}" is ${stateWords(state)}. ${plan.nextStep}`;
    return refuse(
      refusal("install.not-due", message, state === "unknown" ? (info?.cause ?? "unknown") : "refused"),
      state === "up-to-date" || state === "ahead",
    );
  }
  if (!placeOk) return refuse(refusal("install.not-updatable", plan.nextStep));
  const overwritesLocalEdits = state === "changed-locally";
  if (tree) return { ok: true, plan, origin: { kind: "tree" }, overwritesLocalEdits };
  if (recorded) return { ok: true, plan, origin: { kind: "recorded" }, overwritesLocalEdits };
  const file = chooseDownload(info);
  if (!file)
    return refuse(refusal("install.no-download", `The release of "${skill.name}" offers nothing to download.`));
  return { ok: true, plan, origin: { kind: "release", file }, overwritesLocalEdits };
}

/** What the new version (in staging) changes in the installed folder, judged against what Skillshelf installed there. */
export async function diffForUpdate(realDir: string, newSkillDir: string, dataDir: string): Promise<FolderDiff> {
  return diffFolders(realDir, newSkillDir, { manifest: await readManifest(dataDir, realDir) });
}

/**
 * Swaps the reviewed version into place, carrying over the user's files the review found. When some of the user's
 * files cannot be kept (diff.unkeepable), nothing moves unless the caller lets exactly those go (after asking).
 */
export async function applyReviewed(
  realDir: string,
  newSkillDir: string,
  diff: FolderDiff,
  dataDir: string,
  options: { letGo?: string[] } = {},
): Promise<ApplyResult> {
  const lost = diff.unkeepable.filter((rel) => !options.letGo?.includes(rel));
  if (lost.length > 0) throw unkeepableError(lost);
  return applyFolderUpdate(realDir, newSkillDir, { dataDir, keep: diff.kept });
}
