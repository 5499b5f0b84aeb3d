// `skillshelf add SOURCE`: stages the source, lists its skills, validates each, shows where each goes (the canonical
// copy, a link per client) and any conflict, then adds after --yes or a yes on the terminal; --dry-run never writes.
// For Claude Desktop it prints the .skill and the steps, and with --wait waits for it to arrive, as `update` does.
import path from "node:path";
import { EngineError } from "../../engine/errors";
import type { ArrivalResult } from "../../engine/desktop-handoff/desktop-arrival";
import type { AddResult } from "../../engine/manage/add";
import type { LifecycleService } from "../../engine/lifecycle/service";
import { UsageError, listFlag, printJson, type CliArgs, type CliCommand, type CliIo } from "../command";
import { SCAN_FLAGS_USAGE } from "../scan-flags";
import {
  CLIENT_USAGE,
  lifecycleOf,
  manageFlagOptions,
  readManageSetup,
  recoverBeforeManage,
  type ManageSetup,
} from "./manage-flags";
import { addProgressPrinter, cancellableBySigint } from "./add-progress";
import { formatDiagnostics, safe } from "./report-format";
import { askOnTerminal, handoffFlags } from "./update-handoff";

function printPlan(io: CliIo, result: AddResult, cwd: string): void {
  io.stdout(`Source: ${safe(result.source)}\n`);
  if (result.candidates.length > 1) {
    io.stdout(`It holds ${result.candidates.length} skills:\n`);
    for (const c of result.candidates)
      io.stdout(
        `  ${safe(c.name)}${c.valid ? "" : " (invalid)"}  ${safe(c.skillPath)}  ${safe(c.description.slice(0, 100))}\n`,
      );
  }
  for (const skill of result.skills) {
    io.stdout(
      `\n${safe(skill.name)} ${safe(skill.version ?? "")}${skill.forced ? " — INVALID, added because of --force" : ""}\n`,
    );
    for (const line of formatDiagnostics(skill.diagnostics, cwd, "    ")) io.stdout(`${line}\n`);
    for (const place of skill.places) {
      const what = place.mode === "link" ? `link → ${safe(place.linkTo)}` : "copy";
      const who = place.client.length ? ` (${place.client.join(", ")})` : " (the one copy)";
      const done = place.applied ? place.applied.done : place.action;
      io.stdout(`  ${done.padEnd(9)} ${safe(place.path)}  ${what}${who}\n`);
      if (place.question) io.stdout(`            ? ${safe(place.question)}\n`);
      if (place.applied?.backup) io.stdout(`            the replaced copy is kept at ${safe(place.applied.backup)}\n`);
    }
    const lock = skill.lock;
    io.stdout(
      "why" in lock
        ? `  lock      not written: ${safe(lock.why)}\n`
        : `  lock      ${safe(lock.file)} (${lock.written ? "entry written" : "entry to write"})\n`,
    );
    if (skill.handoff) {
      io.stdout(`  Claude Desktop: ${safe(skill.handoff.archive)}\n`);
      for (const step of skill.handoff.steps) io.stdout(`    - ${safe(step)}\n`);
    }
  }
}

/** With --wait: waits for each skill handed off to Claude Desktop to arrive there; true when every one did. */
async function waitForDesktop(
  io: CliIo,
  result: AddResult,
  where: { service: LifecycleService; waitMs: number; json: boolean },
): Promise<{ ok: boolean; arrivals: Array<{ name: string; arrival: ArrivalResult }> }> {
  const arrivals: Array<{ name: string; arrival: ArrivalResult }> = [];
  for (const { handoff } of result.skills) {
    if (!handoff) continue;
    const name = safe(handoff.name);
    if (!where.json)
      io.stdout(
        `\nWaiting for Claude Desktop to show "${name}" (up to ${Math.round(where.waitMs / 60_000)} min; Ctrl+C stops waiting)…\n`,
      );
    const arrival = await cancellableBySigint((signal) =>
      where.service.waitForDesktop(handoff, { timeoutMs: where.waitMs, signal }),
    );
    arrivals.push({ name: handoff.name, arrival });
    if (where.json) continue;
    if (arrival.status === "arrived")
      io.stdout(
        `Added to Claude Desktop (account ${safe(path.relative(path.dirname(path.dirname(arrival.tree)), arrival.tree))})${arrival.version ? `: version ${safe(arrival.version)}` : ""}.\n`,
      );
    else if (arrival.status === "cancelled") io.stderr("Stopped waiting; the .skill file is still there to upload.\n");
    else
      io.stderr(
        [
          arrival.status === "stale" ? safe(arrival.message) : `Claude Desktop does not show "${name}" yet.`,
          ...arrival.advice.map((a) => `  - ${safe(a)}`),
        ].join("\n") + "\n",
      );
  }
  return { ok: arrivals.every((a) => a.arrival.status === "arrived"), arrivals };
}

/** The `add` command. */
export const addCommand: CliCommand = {
  name: "add",
  summary:
    "Add skills from a repository, address, folder or archive to clients (the skills installer's layout and lock).",
  usage: `skillshelf add SOURCE|mcp:URL [--skill NAME]... [--all] ${CLIENT_USAGE} [--copy] [--force] [--replace] [--allow-tools] [--yes] [--dry-run] [--wait [--wait-minutes N]] [--json] [--github-api URL] ${SCAN_FLAGS_USAGE}`,
  options: {
    ...manageFlagOptions,
    skill: { type: "string", multiple: true },
    all: { type: "boolean" },
    copy: { type: "boolean" },
    force: { type: "boolean" },
    replace: { type: "boolean" },
    "allow-tools": { type: "boolean" },
    wait: { type: "boolean" },
    "wait-minutes": { type: "string" },
  },
  run: async (args, io) => {
    if (args.positionals.length !== 1)
      throw new UsageError("give one SOURCE (owner/repo, an address, a folder or an archive).");
    const raw = args.positionals[0]!;
    const json = args.values.json === true;
    const dryRun = args.values["dry-run"] === true;
    const setup = await readManageSetup(args, io, ["claude-code"], true);
    const waiting = handoffFlags(args);
    if (waiting.wait && !setup.clients.includes("claude-desktop"))
      throw new UsageError("--wait waits for Claude Desktop: use it with --client claude-desktop.");
    const fail = (code: string, message: string, result?: unknown) => {
      if (json) printJson(io, { source: raw, applied: false, ...(result ?? {}), error: { code, message } });
      else io.stderr(`skillshelf add: ${safe(message)}\n`);
      return 1;
    };
    const progress = addProgressPrinter(io, process.stderr.isTTY === true);
    const service = lifecycleOf(setup, json ? undefined : progress.onProgress);
    try {
      return await addWith({ service, setup, args, raw, json, dryRun, waiting, fail, progress }, io);
    } finally {
      await service.dispose();
    }
  },
};

/** One `add` invocation: its flags read, its service made. */
interface AddRun {
  service: LifecycleService;
  setup: ManageSetup;
  args: CliArgs;
  raw: string;
  json: boolean;
  dryRun: boolean;
  waiting: ReturnType<typeof handoffFlags>;
  fail: (code: string, message: string, result?: unknown) => number;
  progress: ReturnType<typeof addProgressPrinter>;
}

/** Plans the add through the service, shows it, asks, applies, and waits for Claude Desktop when asked to. */
async function addWith(run: AddRun, io: CliIo): Promise<number> {
  const { service, setup, args, raw, json, dryRun, waiting, fail, progress } = run;
  await recoverBeforeManage(service, io, "add");
  const options = {
    ...(setup.project ? { project: setup.project } : {}),
    clients: setup.clients,
    cwd: io.cwd,
    skills: listFlag(args, "skill"),
    all: args.values.all === true,
    copy: args.values.copy === true,
    force: args.values.force === true,
    replace: args.values.replace === true,
    allowTools: args.values["allow-tools"] === true,
    dryRun,
  };
  let plan;
  try {
    plan = await cancellableBySigint((signal) => service.planAdd(raw, { ...options, signal }));
  } catch (error) {
    if (error instanceof EngineError) return fail(error.code, error.message);
    throw error;
  } finally {
    progress.done();
  }
  try {
    if (!json) printPlan(io, plan.result, io.cwd);
    if (dryRun) {
      if (json) printJson(io, plan.result);
      else io.stdout("\nDry run: nothing was changed.\n");
      return 0;
    }
    if (plan.conflicts.length)
      return fail("manage.conflict", `Nothing was added: ${plan.conflicts.join(" ")}`, plan.result);
    if (args.values.yes !== true) {
      const answer = await askOnTerminal(
        `Add ${plan.result.skills.map((s) => `"${safe(s.name)}"`).join(", ")} as shown?`,
      );
      if (answer !== true)
        return fail(
          "manage.not-confirmed",
          answer === null
            ? "There is no terminal to confirm on, so nothing was changed; add --yes to add."
            : "Not confirmed, so nothing was changed.",
          plan.result,
        );
    }
    const result = await plan.apply();
    if (!json) {
      for (const place of result.skills.flatMap((sk) => sk.places))
        if (place.applied?.backup)
          io.stdout(
            `The replaced copy at ${safe(place.path)} is kept at ${safe(place.applied.backup)}; \`skillshelf rollback ${safe(place.path)}\` puts it back.\n`,
          );
      io.stdout(
        `\nAdded ${result.skills.map((sk) => `"${safe(sk.name)}"`).join(", ")}. \`skillshelf remove NAME\` takes one away again.\n`,
      );
      for (const { handoff } of result.skills)
        if (handoff)
          io.stdout(
            [
              `\nFor Claude Desktop, upload ${safe(handoff.archive)} (its folders are never written to):`,
              ...handoff.steps.map((step, i) => `  ${i + 1}. ${safe(step)}`),
              "",
            ].join("\n"),
          );
    }
    const waited = waiting.wait ? await waitForDesktop(io, result, { service, waitMs: waiting.waitMs, json }) : null;
    if (json) printJson(io, waited ? { ...result, arrivals: waited.arrivals } : result);
    return waited && !waited.ok ? 1 : 0;
  } catch (error) {
    if (error instanceof EngineError) return fail(error.code, error.message, plan.result);
    throw error;
  } finally {
    await plan.cleanup();
  }
}
