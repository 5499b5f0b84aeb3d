// The two `skillshelf update` branches that do not swap a folder: a Claude Desktop copy (pack the new version as a
// .skill, print where it is and the steps, optionally open/reveal it and wait for it to arrive; the Desktop tree is
// never touched) and a skill-meta recipe (printed as is when clean, escaped on one line when not; run only with --run-recipe after a confirmation or --yes).
//
// Wiring in update.ts: spread UPDATE_HANDOFF_OPTIONS into the command's options, then for a plan of kind
//   "desktop-upload": return (await updateDesktopCopy({ skillDir: obtained.skillDir, name, version: obtained.version, home, platform, env, dataDir, ...handoffFlags(args) }, io)).exitCode;
//   "run-recipe" / "manual": return (await updateByRecipe({ name, recipe: plan.recipe, yes: args.values.yes === true, ...handoffFlags(args) }, io)).exitCode;
import { createInterface } from "node:readline/promises";
import type { Diagnostic } from "../../../shared/model";
import type { ArrivalResult } from "../../engine/desktop-handoff/desktop-arrival";
import {
  openWithSystem,
  revealInFolder,
  type DesktopHandoff,
  type SystemOpenResult,
} from "../../engine/desktop-handoff/desktop-handoff";
import { PackRefusedError } from "../../engine/archive/pack";
import { recipeHandling, recipeProblem, runRecipe, type RecipeResult } from "../../engine/apply/recipe";
import { UsageError, printJson, stringFlag, type CliArgs, type CliIo } from "../command";
import { escapeHidden, hasControlOrBreak } from "../../../shared/terminal-text";
import { formatDiagnostics, safe } from "./report-format";

/** The flags these branches add to `update`. */
export const UPDATE_HANDOFF_OPTIONS = {
  open: { type: "boolean" },
  wait: { type: "boolean" },
  "wait-minutes": { type: "string" },
  "run-recipe": { type: "boolean" },
} as const;

/** Usage text for those flags, to append to update's usage line. */
export const UPDATE_HANDOFF_USAGE = "[--open] [--wait [--wait-minutes N]] [--run-recipe]";

/**
 * The parsed hand-off flags of one `update` invocation.
 * Exported for tests: they call each branch with flags.
 */
export interface HandoffFlags {
  json: boolean;
  open: boolean;
  wait: boolean;
  waitMs: number;
  runRecipe: boolean;
}

/** Reads the hand-off flags (bad values are usage errors). */
export function handoffFlags(args: CliArgs): HandoffFlags {
  const minutes = stringFlag(args, "wait-minutes");
  const n = minutes === undefined ? 10 : Number(minutes);
  if (!Number.isFinite(n) || n <= 0 || n > 24 * 60)
    throw new UsageError("--wait-minutes takes a number of minutes between 0 and 1440.");
  return {
    json: args.values.json === true,
    open: args.values.open === true,
    wait: args.values.wait === true,
    waitMs: Math.round(n * 60_000),
    runRecipe: args.values["run-recipe"] === true,
  };
}

/** Asks a yes/no question on the terminal; null when there is no terminal to ask on. */
export async function askOnTerminal(question: string): Promise<boolean | null> {
  if (!process.stdin.isTTY) return null;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

/**
 * What the Desktop branch did, as printed with --json.
 * Exported for tests: they read the --json report in this shape.
 */
export interface DesktopUpdateReport {
  kind: "desktop-upload";
  name: string;
  done: boolean;
  archive?: string;
  version?: string | null;
  steps?: string[];
  moved?: string[];
  diagnostics: Diagnostic[];
  opened?: SystemOpenResult;
  revealed?: SystemOpenResult;
  arrival?: ArrivalResult;
  error?: string;
}

/** Where the Desktop branch runs and what it was asked to do. */
export interface DesktopUpdateInput extends HandoffFlags {
  name: string;
  /** Packs the new version for Desktop's upload (the lifecycle service, which records it); throws PackRefusedError. */
  handOff: () => Promise<DesktopHandoff>;
  /** Waits until Claude Desktop shows the handed-off version (the lifecycle service's wait). */
  waitForArrival: (
    handoff: DesktopHandoff,
    options: { timeoutMs: number; signal?: AbortSignal },
  ) => Promise<ArrivalResult>;
  signal?: AbortSignal;
}

function printHandoff(handoff: DesktopHandoff, io: CliIo): void {
  const lines = [
    `Claude Desktop rewrites its own skill folders, so "${safe(handoff.name)}" is not changed there. The new version${handoff.version ? ` (${safe(handoff.version)})` : ""} is packed for upload:`,
    `  ${safe(handoff.archive)}`,
  ];
  if (handoff.moved.length > 0)
    lines.push(
      `  (in this copy, ${handoff.moved.map((k) => `\`${safe(k)}\``).join(", ")} moved under \`metadata:\`, as Desktop's upload requires)`,
    );
  lines.push("", "Steps:", ...handoff.steps.map((step, i) => `  ${i + 1}. ${safe(step)}`));
  const notes = handoff.diagnostics.filter((d) => d.severity !== "info");
  if (notes.length > 0) lines.push("", ...formatDiagnostics(notes, io.cwd, ""));
  io.stdout(lines.join("\n") + "\n");
}

/** The Desktop branch of `update`: archive + steps, --open to open and reveal it, --wait to wait for its arrival. Exit 0 done, 1 refused or not arrived. */
export async function updateDesktopCopy(
  input: DesktopUpdateInput,
  io: CliIo,
): Promise<{ exitCode: number; report: DesktopUpdateReport }> {
  const report: DesktopUpdateReport = { kind: "desktop-upload", name: input.name, done: false, diagnostics: [] };
  const finish = (exitCode: number) => {
    if (input.json) printJson(io, report);
    return { exitCode, report };
  };
  let handoff: DesktopHandoff;
  try {
    handoff = await input.handOff();
  } catch (error) {
    if (!(error instanceof PackRefusedError)) throw error;
    report.error = `The new version cannot be packed for Claude Desktop: ${error.message}`;
    report.diagnostics = error.diagnostics;
    if (!input.json)
      io.stderr(
        [
          safe(report.error),
          ...formatDiagnostics(
            error.diagnostics.filter((d) => d.severity !== "info"),
            io.cwd,
            "",
          ),
        ].join("\n") + "\n",
      );
    return finish(1);
  }
  Object.assign(report, {
    done: true,
    archive: handoff.archive,
    version: handoff.version,
    steps: handoff.steps,
    moved: handoff.moved,
    diagnostics: handoff.diagnostics,
  });
  if (!input.json) printHandoff(handoff, io);
  if (input.open) {
    report.opened = await openWithSystem(handoff.archive, { env: io.env });
    report.revealed = await revealInFolder(handoff.archive, { env: io.env });
    if (!input.json)
      for (const r of [report.opened, report.revealed])
        (r.ok ? io.stdout : io.stderr)(`${safe(r.message)}\n${r.detail ? `  ${safe(r.detail)}\n` : ""}`);
  }
  if (!input.wait) return finish(0);
  if (!input.json)
    io.stdout(
      `\nWaiting for Claude Desktop to show ${handoff.version ? `version ${safe(handoff.version)}` : "the new copy"} of "${safe(handoff.name)}" (up to ${Math.round(input.waitMs / 60_000)} min; Ctrl+C stops waiting)…\n`,
    );
  const arrival = await input.waitForArrival(handoff, {
    timeoutMs: input.waitMs,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  report.arrival = arrival;
  if (arrival.status === "arrived") {
    if (!input.json)
      io.stdout(
        `Updated — Claude Desktop now has ${arrival.version ? `version ${safe(arrival.version)}` : "the new copy"} (${safe(arrival.tree)}).\n`,
      );
    return finish(0);
  }
  if (!input.json) {
    if (arrival.status === "cancelled") io.stderr("Stopped waiting; the archive is still there to upload.\n");
    else
      io.stderr(
        [
          arrival.status === "stale" ? safe(arrival.message) : "Claude Desktop does not show the new version yet.",
          ...arrival.advice.map((a) => `  - ${safe(a)}`),
        ].join("\n") + "\n",
      );
  }
  return finish(1);
}

/**
 * What the recipe branch did, as printed with --json.
 * Exported for tests: they read the --json report in this shape.
 */
export interface RecipeUpdateReport {
  kind: "run-recipe" | "manual";
  name: string;
  recipe: { kind: string; command: string };
  runnable: boolean;
  ran: boolean;
  refused?: string;
  result?: RecipeResult;
}

/** What the recipe branch was given. */
export interface RecipeUpdateInput extends HandoffFlags {
  name: string;
  recipe: { kind: string; command: string };
  /** Run without asking (`--yes`). */
  yes: boolean;
  cwd?: string;
  signal?: AbortSignal;
  /** How to ask for confirmation (default: on the terminal; null = no terminal). */
  ask?: (question: string) => Promise<boolean | null>;
}

/** The recipe branch of `update`: printed verbatim; with --run-recipe run after a confirmation (or --yes), output streamed. Exit 0 done or shown, 1 refused, declined or failed. */
export async function updateByRecipe(
  input: RecipeUpdateInput,
  io: CliIo,
): Promise<{ exitCode: number; report: RecipeUpdateReport }> {
  const handling = recipeHandling(input.recipe.kind);
  const report: RecipeUpdateReport = {
    kind: handling.runnable ? "run-recipe" : "manual",
    name: input.name,
    recipe: { kind: input.recipe.kind, command: input.recipe.command },
    runnable: handling.runnable,
    ran: false,
  };
  const finish = (exitCode: number) => {
    if (input.json) printJson(io, report);
    return { exitCode, report };
  };
  const problem = recipeProblem(input.recipe.command);
  const say = (text: string) => (input.json ? undefined : io.stdout(text));
  if (!handling.runnable) {
    // Instructions holding control characters or line breaks may not read as they are: shown escaped on one line.
    if (hasControlOrBreak(input.recipe.command))
      say(
        `"${safe(input.name)}" is updated by hand. ${safe(handling.note)}\n\n  recipe: ${escapeHidden(input.recipe.command)}\n          suspicious: holds control characters — not offered\n`,
      );
    else say(`"${safe(input.name)}" is updated by hand. ${safe(handling.note)}\n\n${input.recipe.command}\n`);
    return finish(0);
  }
  if (problem) {
    report.refused = problem;
    if (!input.json)
      io.stderr(
        `The update command for "${safe(input.name)}" is not offered: ${safe(problem)}\n  as received: ${escapeHidden(input.recipe.command)}\n`,
      );
    return finish(1);
  }
  say(`"${safe(input.name)}" is updated by its own command:\n\n  ${input.recipe.command}\n\n`);
  if (!input.runRecipe) {
    say(
      "Run it in a terminal, or pass --run-recipe to have Skillshelf run it (it asks first; --yes skips the question).\n",
    );
    return finish(0);
  }
  if (!input.yes) {
    const answer = await (input.ask ?? askOnTerminal)("Run this command now through your shell?");
    if (answer !== true) {
      report.refused =
        answer === null
          ? "There is no terminal to confirm on, so the command was not run; pass --yes to run it."
          : "Not confirmed, so the command was not run.";
      if (!input.json) io.stderr(`${report.refused}\n`);
      return finish(1);
    }
  }
  // With --json, stdout carries only the report: the command's output goes to stderr. The output is the confirmed
  // program's own and passes through unescaped where the host offers it (see CliIo.passthrough).
  const sink = io.passthrough ?? io;
  const out = (chunk: string, stream: "stdout" | "stderr") =>
    (input.json || stream === "stderr" ? sink.stderr : sink.stdout)(chunk);
  // The command runs in its own process group, so Ctrl+C reaches only Skillshelf: pass it on instead of leaving the command running.
  const controller = new AbortController();
  const stop = () => controller.abort();
  input.signal?.addEventListener("abort", stop, { once: true });
  if (input.signal?.aborted) stop();
  process.on("SIGINT", stop);
  let result: RecipeResult;
  try {
    result = await runRecipe(input.recipe.command, {
      cwd: input.cwd,
      onOutput: out,
      signal: controller.signal,
      env: io.env,
    });
  } finally {
    process.off("SIGINT", stop);
    input.signal?.removeEventListener("abort", stop);
  }
  report.ran = true;
  report.result = result;
  const ok = result.exitCode === 0 && !result.cancelled;
  if (!input.json) {
    const how = result.cancelled
      ? "was stopped"
      : result.exitCode !== null
        ? `exited with code ${result.exitCode}`
        : `was ended by ${result.signal ?? "a signal"}`;
    (ok ? io.stdout : io.stderr)(
      `\nThe command ${how}.${ok ? "" : " The skill may not be updated; check the output above."}\n`,
    );
  }
  return finish(ok ? 0 : 1);
}
