// Drift: compares two copies of a skill the catalog knows (never an arbitrary folder), file by file, with text diffs.
import path from "node:path";
import type { CommandHandlers, CopyComparison } from "../../shared/ipc";
import type { ScanResult } from "../../shared/model";
import { allSkills } from "../../shared/scan-result";
import { diffFolders } from "../engine/apply/diff";
import { EngineError } from "../engine/errors";

type CompareHandlers = Pick<CommandHandlers, "skill:compare">;

/** The compare command over the session's catalog. */
export function createCompareHandlers(options: { catalog: () => ScanResult }): CompareHandlers {
  const knownDir = (dir: string) => {
    const wanted = path.resolve(dir);
    return (
      allSkills(options.catalog()).find((s) => path.resolve(s.dir) === wanted || path.resolve(s.realDir) === wanted) ??
      null
    );
  };
  return {
    "skill:compare": async (here, there): Promise<CopyComparison> => {
      const a = knownDir(here);
      const b = knownDir(there);
      if (!a || !b)
        throw new EngineError(
          "app.refused",
          "Only copies of skills in the catalog can be compared; scan again if a copy was just added.",
        );
      if (a.name !== b.name)
        throw new EngineError(
          "app.refused",
          `These are different skills (${a.name} and ${b.name}); only copies of the same skill are compared.`,
        );
      const diff = await diffFolders(a.realDir, b.realDir);
      const status = { changed: "changed", removed: "only-here", added: "only-there", kept: "only-here" } as const;
      return {
        here: a.dir,
        there: b.dir,
        files: diff.files.map((f) => ({
          path: f.path,
          status: status[f.change],
          binary: f.binary,
          ...(f.oldBytes !== undefined ? { hereBytes: f.oldBytes } : {}),
          ...(f.newBytes !== undefined ? { thereBytes: f.newBytes } : {}),
          ...(f.diff ? { diff: f.diff } : {}),
          ...(f.note ? { note: f.note } : {}),
        })),
        unchanged: diff.unchanged,
        truncated: diff.diffsTruncated,
      };
    },
  };
}
