// The new version of a skill installed from an MCP server or a site: the copy the origin recorded in the data folder
// now serves, fetched through the same protocol readers as an add (every digest, size and path checked) into a fresh
// staging folder and validated, with the origin to record once the update is applied.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { EngineError } from "../errors";
import { stageSkill, type ObtainedSkill } from "../fetch/obtain";
import { stageMcpSkills } from "./client";
import { originOfFolder, type OriginRecord, type RemoteOrigin } from "./origins";
import { stageSiteSkills } from "./well-known";

/** The staged new version, its recorded origin (the record's folder key and what it held) and the origin it brings. */
export interface ObtainedFromOrigin {
  obtained: ObtainedSkill;
  key: string;
  previous: OriginRecord;
  origin: RemoteOrigin;
}

/** Where the server's or site's copy is shown as coming from. */
const shownOf = (origin: OriginRecord) => (origin.kind === "mcp" ? `mcp:${origin.server}` : origin.index);

/**
 * Stages the current copy of the skill installed at `realDir` (added at `dir`) from the server or site its recorded
 * origin names; throws install.no-download when no origin is recorded for that folder.
 */
export async function obtainFromOrigin(
  skill: { name: string; realDir: string; dir: string },
  options: { dataDir: string; signal?: AbortSignal },
): Promise<ObtainedFromOrigin> {
  const found = await originOfFolder(options.dataDir, skill.realDir, skill.dir);
  if (!found)
    throw new EngineError(
      "install.no-download",
      `Skillshelf has no record of the server or site "${skill.name}" was added from, so it cannot fetch it again.`,
    );
  const previous = found.origin;
  let origin: RemoteOrigin | null = null;
  const signal = options.signal ? { signal: options.signal } : {};
  const obtained = await stageSkill(options.dataDir, skill.name, async (stagingDir) => {
    const root = path.join(stagingDir, "unpacked");
    await mkdir(root, { recursive: true, mode: 0o700 });
    if (previous.kind === "mcp") {
      // The grants were approved when it was added; the update's capability review names any the new copy adds.
      const [got] = await stageMcpSkills(previous.server, root, {
        skill: previous.uri,
        approveToolGrants: true,
        ...signal,
      });
      if (!got) throw new EngineError("install.skill.not-found", `The server at ${previous.server} sent no skill.`);
      origin = { kind: "mcp", server: previous.server, uri: got.uri, resources: got.resources };
      return { unpacked: path.join(root, ...got.path.split("/")), source: shownOf(previous) };
    }
    const staged = await stageSiteSkills(previous.index, root, { skill: previous.name, exactIndex: true, ...signal });
    const got = staged?.find((s) => s.name === previous.name);
    if (!got) throw new EngineError("install.skill.not-found", `${previous.index} no longer lists "${previous.name}".`);
    origin = { kind: "site", ...got };
    return { unpacked: path.join(root, got.name), source: shownOf(previous) };
  });
  if (!origin) {
    await obtained.cleanup();
    throw new EngineError("install.skill.not-found", `Nothing was fetched for "${skill.name}".`);
  }
  return { obtained, key: found.key, previous, origin };
}
