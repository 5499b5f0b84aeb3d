// The registry of sub-commands; each lives in its own file beside this one.
import type { CliCommand } from "../command";

/** Every sub-command, in the order `skillshelf --help` lists them. */
export const commands: CliCommand[] = [];
