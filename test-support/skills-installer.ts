// A home as the `skills` installer leaves it after `npx skills add acme/skills`: the skills copied from an upstream
// folder into ~/.agents/skills and its v3 lock with each folder's git tree hash, for the content-check tests.
import { cp } from "node:fs/promises";
import path from "node:path";
import { gitTreeOf } from "../electron/engine/updates/git-tree";
import { writeTree } from "./tmp";

/** Copies `skills/NAME` of `upstream` into `<home>/.agents/skills/NAME` and writes the lock (`extra`: more top-level keys). */
export async function installFromUpstream(
  home: string,
  upstream: string,
  names: string[],
  extra: Record<string, unknown> = {},
): Promise<void> {
  const skills: Record<string, unknown> = {};
  for (const name of names) {
    const dir = path.join(home, ".agents", "skills", name);
    await cp(path.join(upstream, "skills", name), dir, { recursive: true });
    skills[name] = {
      source: "acme/skills",
      sourceType: "github",
      sourceUrl: "https://github.com/acme/skills.git",
      skillPath: `skills/${name}/SKILL.md`,
      skillFolderHash: (await gitTreeOf(dir)).sha,
      installedAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
  }
  await writeTree(home, { ".agents/.skill-lock.json": JSON.stringify({ version: 3, skills, ...extra }, null, 2) });
}
