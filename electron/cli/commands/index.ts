// The registry of sub-commands; each lives in its own file beside this one.
import type { CliCommand } from "../command";
import { validateCommand } from "./validate";
import { promptCommand } from "./prompt";
import { levelsCommand } from "./levels";
import { scanCommand } from "./scan";
import { outdatedCommand } from "./outdated";
import { probeMetaCommand } from "./probe-meta";
import { serveCommand } from "./serve";
import { packCommand } from "./pack";
import { updateCommand } from "./update";
import { rollbackCommand } from "./rollback";

/** Every sub-command, in the order `skillshelf --help` lists them. */
export const commands: CliCommand[] = [
  validateCommand,
  promptCommand,
  levelsCommand,
  scanCommand,
  outdatedCommand,
  updateCommand,
  rollbackCommand,
  probeMetaCommand,
  packCommand,
  serveCommand,
];
