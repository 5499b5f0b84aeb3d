// Entry point of the `skillshelf` command: wires process I/O to the dispatcher.
import { runCli } from "./run";

const write = (stream: NodeJS.WriteStream) => (text: string) => void stream.write(text);

runCli(process.argv.slice(2), {
  stdout: write(process.stdout),
  stdoutBytes: (bytes) => void process.stdout.write(bytes),
  stderr: write(process.stderr),
  env: process.env,
  cwd: process.cwd(),
  stdoutIsTerminal: process.stdout.isTTY === true,
  passthrough: { stdout: write(process.stdout), stderr: write(process.stderr) },
}).then((code) => {
  process.exitCode = code;
});
