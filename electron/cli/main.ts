// Entry point of the `skillshelf` command: wires process I/O to the dispatcher.
import { exitCodeWithOutput, guardOutput } from "./process-output";
import { runCli } from "./run";

const stdout = guardOutput(process.stdout);
const stderr = guardOutput(process.stderr);

runCli(process.argv.slice(2), {
  stdout: stdout.write,
  stdoutBytes: stdout.write,
  stderr: stderr.write,
  env: process.env,
  cwd: process.cwd(),
  stdoutIsTerminal: process.stdout.isTTY === true,
  passthrough: { stdout: stdout.write, stderr: stderr.write },
}).then(async (code) => {
  await stdout.settled();
  process.exitCode = exitCodeWithOutput(code, stdout, stderr);
});
