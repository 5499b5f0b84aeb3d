// Entry point of the `skillshelf` command: wires process I/O to the dispatcher. `validate` first asks its kept run,
// before the dispatcher and the validator load: over unchanged folders, the run's output is printed again as it was;
// where only some skills changed, those are read again and their pieces of it replaced.
import { exitCodeWithOutput, guardOutput } from "./process-output";

const stdout = guardOutput(process.stdout);
const stderr = guardOutput(process.stderr);
const argv = process.argv.slice(2);
const place = { env: process.env, cwd: process.cwd(), stdoutIsTerminal: process.stdout.isTTY === true };

/** Runs the command; a kept `validate` run is printed again, or kept once a run printed it. */
async function main(): Promise<number> {
  const validate = argv[0] === "validate" ? await import("./validate-run") : null;
  const plan = validate?.planValidateRun(argv.slice(1), place) ?? null;
  if (plan?.check?.kind === "same") {
    stdout.write(plan.check.output);
    return plan.check.code;
  }
  if (validate && plan?.check?.kind === "stale" && plan.check.run.marks) {
    const spliced = await (await import("./validate-splice")).spliceRun(plan, plan.check, place.cwd);
    if (spliced) {
      for (const part of spliced.output) stdout.write(part);
      await stdout.settled();
      if (!stdout.failure) validate.keepValidateRun(plan, spliced.output, spliced.code);
      return spliced.code;
    }
  }
  const output = validate && plan ? new validate.KeptOutput() : null;
  // Text is encoded once, for the kept output and stdout alike.
  const write = output
    ? (chunk: string | Uint8Array) => {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        output.add(bytes);
        stdout.write(bytes);
      }
    : stdout.write;
  let warned = false;
  const { runCli } = await import("./run");
  const code = await runCli(argv, {
    stdout: write,
    stdoutBytes: write,
    stderr: (text) => ((warned = true), stderr.write(text)),
    ...place,
    passthrough: { stdout: stdout.write, stderr: stderr.write },
    ...(plan ? { validateRun: plan } : {}),
  });
  await stdout.settled();
  // Kept only when everything went to stdout as printed: no note or warning on stderr, no failed write.
  if (validate && plan && output?.whole && !warned && !stdout.failure)
    validate.keepValidateRun(plan, output.parts, code);
  return code;
}

void main().then(async (code) => {
  await stdout.settled();
  process.exitCode = exitCodeWithOutput(code, stdout, stderr);
});
