// Runs `pack --for claude-desktop`'s checks on a skill folder into a throwaway archive, so the author mode can answer
// "Would Claude Desktop accept this?" without leaving a file behind.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { DesktopCheck } from "../../../shared/desktop-check";
import type { Diagnostic } from "../../../shared/model";
import { packSkill, PackRefusedError } from "./pack";

/** Points findings about the throwaway archive back at the skill's own files. */
function intoFolder(diagnostics: Diagnostic[], archive: string, name: string | null, dir: string): Diagnostic[] {
  const prefixes = [name ? path.join(archive, name) : null, archive].filter((p): p is string => p !== null);
  return diagnostics.map((d) => {
    const prefix = prefixes.find((p) => d.file === p || d.file.startsWith(p + path.sep) || d.file.startsWith(p + "/"));
    return prefix ? { ...d, file: path.join(dir, d.file.slice(prefix.length)) } : d;
  });
}

/** The name the archive's folder would take, read from a refusal's findings when the pack stopped early. */
function nameFrom(diagnostics: Diagnostic[], archive: string): string | null {
  for (const d of diagnostics) {
    if (!d.file.startsWith(archive + "/") && !d.file.startsWith(archive + path.sep)) continue;
    const first = d.file.slice(archive.length + 1).split(/[\\/]/)[0];
    if (first) return first;
  }
  return null;
}

/** Packs `dir` for Claude Desktop into a temporary folder, removed afterwards, and reports what the upload would say. */
export async function checkForDesktop(dir: string): Promise<DesktopCheck> {
  const root = path.resolve(dir);
  const temp = await mkdtemp(path.join(os.tmpdir(), "skillshelf-desktop-check-"));
  const archive = path.join(temp, "check.skill");
  try {
    const result = await packSkill(root, { out: archive, forDesktop: true });
    return {
      accepted: true,
      name: result.name,
      diagnostics: intoFolder(result.diagnostics, archive, result.name, root),
      moved: result.moved,
    };
  } catch (error) {
    if (!(error instanceof PackRefusedError)) throw error;
    const name = nameFrom(error.diagnostics, archive);
    return { accepted: false, name, diagnostics: intoFolder(error.diagnostics, archive, name, root), moved: [] };
  } finally {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
  }
}
