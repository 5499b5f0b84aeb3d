// The dispatcher behind the `skillshelf` bin: parses argv, runs the command, maps failures to exit codes.
import { parseArgs } from "node:util";
import { commands } from "./commands/index";
import { UsageError, type CliIo } from "./command";
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
    "Every command takes --json for machine output. Run `skillshelf <command> --help` for its options.",
    "Exit codes: 0 success, 1 failed operation (validate: an error was found), 2 bad usage or unreadable input.",
  ];
  return lines.join("\n") + "\n";
}

/** Runs one invocation and returns its exit code; never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout(helpText());
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-v") {
    io.stdout(VERSION + "\n");
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`skillshelf: unknown command "${name}".\n\n${helpText()}`);
    return 2;
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
