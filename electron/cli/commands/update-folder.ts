// The `skillshelf update` branch for a folder the user owns: show what the update service's review found (files
// added, removed, changed, the user's files kept, text diffs), then have the service apply it after --yes or a yes on
// the terminal; --dry-run never writes.
import type { CapabilityReview } from "../../../shared/capabilities";
import type { UpdateInfo, UpdatePlan } from "../../../shared/model";
import type { FolderDiff } from "../../engine/apply/diff";
import type { ServiceApplied } from "../../engine/lifecycle/tasks";
import { printJson, type CliIo } from "../command";
import { safe, safeBlock } from "./report-format";

/** What the folder branch was given. */
export interface FolderUpdateInput {
  plan: UpdatePlan;
  info: UpdateInfo | undefined;
  installed: string | null;
  /** The new version and where it came from, as the service's review says. */
  version: string | null;
  source: string;
  diff: FolderDiff;
  /** What the archive held that is never installed (macOS metadata), as the review says. */
  leftOut: string[];
  /** What the new version can do that the installed one could not, as the review says. */
  capabilities?: CapabilityReview;
  /** Applies the reviewed task through the service. */
  apply: () => Promise<ServiceApplied>;
  dryRun: boolean;
  yes: boolean;
  json: boolean;
  /** Other places the folder is linked from (they see the new version too). */
  links: string[];
  ask: (question: string) => Promise<boolean | null>;
}

/** What the folder branch did, as printed with --json. */
export interface FolderUpdateReport {
  kind: "replace-folder";
  name: string;
  dir: string;
  realDir: string;
  from: string;
  installed: string | null;
  version: string | null;
  dryRun: boolean;
  applied: boolean;
  diff: FolderDiff;
  /** What the archive held that was never installed (macOS metadata). */
  leftOut: string[];
  /** What the new version adds that the installed one could not do (scripts, hooks, tools, servers, hosts…). */
  capabilities?: CapabilityReview;
  backup?: string;
  kept?: string[];
  refused?: string;
}

const MARKS = { added: "+", removed: "-", changed: "~", kept: "=" } as const;

/** Prints an update's refusal (escaped text on stderr, or one JSON document) and returns exit code 1. */
export function refuseUpdate(
  io: CliIo,
  json: boolean,
  name: string,
  error: { code: string; message: string; cause?: string; detail?: string },
): number {
  const detail = error.detail && error.detail !== `${error.code}: ${error.message}` ? error.detail : undefined;
  if (json)
    printJson(io, {
      name,
      error: {
        code: error.code,
        message: error.message,
        ...(error.cause ? { cause: error.cause } : {}),
        ...(detail ? { detail } : {}),
      },
    });
  else io.stderr(`skillshelf update: ${safe(error.message)}\n${detail ? `${safeBlock(detail)}\n` : ""}`);
  return 1;
}

/** The plan for people: versions, where, the counts, one line per file, then the text diffs. */
export function formatFolderPlan(report: FolderUpdateReport, links: string[]): string {
  const { diff } = report;
  const lines = [
    `Update "${safe(report.name)}" in ${safe(report.realDir)}`,
    `  version: ${safe(report.installed ?? "no version")} → ${safe(report.version ?? "no version")}`,
    `  from:    ${safe(report.from)}`,
  ];
  if (links.length)
    lines.push(
      `  linked from ${links.length} other place${links.length === 1 ? "" : "s"} (${links.map(safe).join(", ")}): updated once, in the real folder`,
    );
  lines.push(
    `  changes: ${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed, ${diff.kept.length} of yours kept, ${diff.unchanged} unchanged`,
  );
  if (report.leftOut.length)
    lines.push(`  left out: ${report.leftOut.map(safe).join(", ")} (macOS metadata in the archive; never installed)`);
  const added = report.capabilities?.added ?? [];
  if (added.length) {
    lines.push("  what the new version adds that the installed one could not do:");
    for (const c of added) lines.push(`    ! ${safe(c.text)}`);
  }
  if (report.capabilities?.capabilities.capped) lines.push(`  (${safe(report.capabilities.capabilities.capped)})`);
  if (added.length) lines.push("  files:");
  for (const file of diff.files)
    lines.push(`    ${MARKS[file.change]} ${safe(file.path)}${file.note ? `  — ${safe(file.note)}` : ""}`);
  if (diff.diffsTruncated) lines.push("  (some text diffs were left out to keep this readable; see the notes above)");
  const patches = diff.files.filter((f) => f.diff);
  if (patches.length) lines.push("", ...patches.map((f) => safeBlock(f.diff!).trimEnd()));
  return lines.join("\n") + "\n";
}

/** Shows the plan and, when confirmed, applies it. Exit 0 applied or dry run; 1 not confirmed or failed. */
export async function updateFolderCopy(input: FolderUpdateInput, io: CliIo): Promise<number> {
  const { plan, diff } = input;
  const report: FolderUpdateReport = {
    kind: "replace-folder",
    name: plan.name,
    dir: plan.dir,
    realDir: plan.realDir,
    from: input.source,
    installed: input.installed,
    version: input.version,
    dryRun: input.dryRun,
    applied: false,
    diff,
    leftOut: input.leftOut,
    ...(input.capabilities ? { capabilities: input.capabilities } : {}),
  };
  const finish = (code: number) => {
    if (input.json) printJson(io, report);
    return code;
  };
  if (!input.json) io.stdout(formatFolderPlan(report, input.links));
  if (!diff.added.length && !diff.removed.length && !diff.changed.length) {
    if (!input.json) io.stdout("\nThe installed copy already holds exactly these files; nothing to do.\n");
    return finish(0);
  }
  if (input.dryRun) {
    if (!input.json) io.stdout("\nDry run: nothing was changed.\n");
    return finish(0);
  }
  if (!input.yes) {
    const answer = await input.ask(`Replace ${plan.realDir} with this version (the current copy is kept as a backup)?`);
    if (answer !== true) {
      report.refused =
        answer === null
          ? "There is no terminal to confirm on, so nothing was changed; add --yes to apply the update."
          : "Not confirmed, so nothing was changed.";
      if (!input.json) io.stderr(`${report.refused}\n`);
      return finish(1);
    }
  }
  const result = await input.apply();
  if (!result.ok) return refuseUpdate(io, input.json, plan.name, result.problem);
  if (result.kind !== "replace-folder") return finish(1);
  Object.assign(report, { applied: true, backup: result.backup, kept: result.kept });
  if (!input.json) {
    io.stdout(
      `\nUpdated "${safe(plan.name)}" to ${safe(result.version ?? "the new version")}. The previous copy is kept at ${safe(result.backup)}; \`skillshelf rollback ${safe(plan.name)}\` puts it back.\n`,
    );
  }
  if (result.lock)
    io.stderr(
      result.lock.ok
        ? `The installer's lock (${safe(result.lock.file)}) now records this folder's hash ${safe(input.info?.upstreamHash?.slice(0, 7))}, as \`npx skills\` would.\n`
        : `skillshelf update: ${safe(result.lock.reason)}\n`,
    );
  return finish(0);
}
