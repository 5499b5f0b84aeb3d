// The origin record's part in an update of a skill from an MCP server or a site: the new digests written before the
// swap (put back if it fails), the old ones put back before an Undo's swap, and the kept one forgotten after an
// update from elsewhere. Written before the files move, so a check the swap wakes compares with the right digests.
import type { Skill } from "../../../shared/model";
import {
  forgetPreviousOrigin,
  originOfFolder,
  recordOrigin,
  restorePreviousOrigin,
  type RemoteOrigin,
} from "../mcp-skills/origins";

/** What an update fetched from its recorded origin: the record's folder key, the origin it held and the new one. */
export interface FetchedOrigin {
  key: string;
  previous: RemoteOrigin;
  origin: RemoteOrigin;
}

type Log = ((line: string) => void) | undefined;

/** Records `origin` for `key` again (after a failed swap); a failure is logged, never thrown over the first one. */
async function putOrigin(dataDir: string, key: string, origin: RemoteOrigin, log: Log, previous?: RemoteOrigin) {
  await recordOrigin(dataDir, key, origin, previous).catch((error: unknown) =>
    log?.(`Skillshelf: where ${key} came from could not be recorded: ${(error as Error)?.message ?? error}`),
  );
}

/** Runs the swap of an update with its origin: recorded first when fetched from it, else the kept one forgotten. */
export async function swapWithOrigin<T>(
  dataDir: string,
  skill: Skill,
  from: FetchedOrigin | null,
  swap: () => Promise<T>,
  log: Log,
): Promise<T> {
  if (!from) {
    const result = await swap();
    const recorded = await originOfFolder(dataDir, skill.realDir, skill.dir).catch(() => null);
    if (recorded?.origin.previous)
      await forgetPreviousOrigin(dataDir, recorded.key).catch((error: unknown) =>
        log?.(`Skillshelf: the origin of ${skill.name} could not be rewritten: ${String(error)}`),
      );
    return result;
  }
  await recordOrigin(dataDir, from.key, from.origin, from.previous);
  try {
    return await swap();
  } catch (error) {
    await putOrigin(dataDir, from.key, from.previous, log);
    throw error;
  }
}

/** Runs an Undo's swap with the origin the undone update replaced put back first (and restored if the swap fails). */
export async function undoWithOrigin<T>(
  dataDir: string,
  skill: Pick<Skill, "dir" | "realDir">,
  undo: () => Promise<T>,
  log: Log,
): Promise<T> {
  const recorded = await originOfFolder(dataDir, skill.realDir, skill.dir).catch(() => null);
  const put = recorded?.origin.previous ? await restorePreviousOrigin(dataDir, recorded.key) : false;
  try {
    return await undo();
  } catch (error) {
    if (put && recorded) {
      const { recordedAt: _at, previous, ...origin } = recorded.origin;
      await putOrigin(dataDir, recorded.key, origin, log, previous);
    }
    throw error;
  }
}
