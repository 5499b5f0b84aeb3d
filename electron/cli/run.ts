// The dispatcher behind the `skillshelf` bin: parses argv, runs the command, maps failures to exit codes.
import { parseArgs } from "node:util";
import { commands } from "./commands/index";
import { UsageError, type CliCommand, type CliIo } from "./command";
import { escapeControl } from "../../shared/terminal-text";
import { VERSION } from "../engine/version";

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 8);
  const lines = [
    `skillshelf ${VERSION} — find, check, preview and update Agent Skills and Agent Plugins.`,
    "",
    "Usage: skillshelf <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Every command takes --json for machine output. Run `skillshelf <command> --help` (or `skillshelf help <command>`) for its options.",
    "Exit codes: 0 success, 1 failed operation (validate: an error was found), 2 bad usage or unreadable input.",
  ];
  return lines.join("\n") + "\n";
}

/**
 * The last guard of text output: whatever a command prints for people (and every message on stderr) reaches the
 * terminal with its control characters shown as escapes. Commands escape each untrusted field themselves too, because
 * only they know which line breaks are theirs; JSON and prompt's byte-exact stdout pass through unchanged.
 */
function terminalSafeIo(io: CliIo, command: CliCommand | null, json: boolean): CliIo {
  const safe = (write: (text: string) => void) => (text: string) => write(escapeControl(text, { keepNewlines: true }));
  const rawStdout = json || command?.ownsTerminalEscaping === true;
  return rawStdout
    ? { ...io, stderr: safe(io.stderr) }
    : { ...io, stdout: safe(io.stdout), stdoutBytes: undefined, stderr: safe(io.stderr) };
}

/** Runs one invocation and returns its exit code; never throws. */
export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  let io = terminalSafeIo(rawIo, null, false);
  // `help COMMAND` is `COMMAND --help`, as in git and npm.
  if (argv[0] === "help" && argv.length > 1) return runCli([argv[1]!, "--help"], rawIo);
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout(helpText());
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-v") {
    io.stdout(VERSION + "\n");
    return 0;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    io.stderr(`skillshelf: unknown command "${name}".\n\n${helpText()}`);
    return 2;
  }
  let command: CliCommand;
  try {
    command = await entry.load();
  } catch (error) {
    io.stderr(
      `skillshelf ${name}: the command could not be loaded (${(error as Error)?.message ?? String(error)}); rebuild with \`npm run build\`.\n`,
    );
    return 1;
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: true, strict: true });
  } catch (error) {
    io.stderr(`skillshelf ${name}: ${(error as Error).message}\nUsage: ${command.usage}\n`);
    return 2;
  }
  io = terminalSafeIo(rawIo, command, parsed.values.json === true);
  try {
    return await command.run(parsed as never, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`skillshelf ${name}: ${error.message}\nUsage: ${command.usage}\n`);
      return 2;
    }
    io.stderr(`skillshelf ${name}: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}
