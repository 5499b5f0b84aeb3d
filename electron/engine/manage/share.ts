// "Also use in…": makes a skill that is already installed available to more clients — a link to its one copy (or a
// copy with `copy`), with the same look-first rules as add; the copy itself and the lock are left as they are.
import path from "node:path";
import { EngineError } from "../errors";
import { checkClientFolder, clientPlace, type ClientId } from "./clients";
import { placeJournaled } from "./journaled-place";
import { decide, inspectPlace, type AppliedPlacement, type PlannedPlacement } from "./place";
import { planRemove, type RemoveOptions } from "./remove";

/** Options of shareSkill. */
export interface ShareOptions extends RemoveOptions {
  clients: ClientId[];
  copy?: boolean;
  replace?: boolean;
  dryRun?: boolean;
}

/** What share found and did. */
export interface ShareResult {
  name: string;
  from: string;
  places: Array<PlannedPlacement & { client: ClientId; applied?: AppliedPlacement }>;
  applied: boolean;
}

/** Links (or copies) the installed skill `name` into each client's folder; throws EngineError for a refusal. */
export async function shareSkill(name: string, options: ShareOptions): Promise<ShareResult> {
  if (options.clients.includes("claude-desktop"))
    throw new EngineError(
      "manage.client.unknown",
      "Claude Desktop takes skills only through its own upload; use `skillshelf pack NAME --for claude-desktop` and its steps.",
    );
  const found = await planRemove(name, { ...options, clients: undefined }).catch(() => null);
  const copy = found?.items.find((i) => i.kind === "copy");
  if (!copy) throw new EngineError("manage.not-installed", `No installed copy of "${name}" was found to share.`);
  const places: ShareResult["places"] = [];
  for (const id of options.clients) {
    const dir = clientPlace(id, options).dir!;
    await checkClientFolder(dir, options);
    const at = path.join(dir, name);
    if (path.resolve(at) === path.resolve(copy.path)) continue;
    const place = {
      path: at,
      mode: options.copy ? ("copy" as const) : ("link" as const),
      ...(options.copy ? {} : { linkTo: copy.path }),
    };
    places.push({ ...decide(place, await inspectPlace(place, copy.path), options.replace === true, name), client: id });
  }
  const result: ShareResult = { name, from: copy.path, places, applied: false };
  if (options.dryRun) return result;
  const conflicts = places.filter((p) => p.action === "conflict");
  if (conflicts.length)
    throw Object.assign(
      new EngineError("manage.conflict", `Nothing was shared: ${conflicts.map((c) => c.question).join(" ")}`),
      {
        result,
      },
    );
  const done = await placeJournaled({ name, places, skillDir: copy.path, dataDir: options.dataDir, scope: options });
  for (const [i, place] of places.entries()) place.applied = done.applied[i];
  result.applied = true;
  return result;
}
