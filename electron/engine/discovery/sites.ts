// Finds the skill folders of a location: each child holding a SKILL.md, through links, with broken links reported.
import { lstat } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { realpathOrNull } from "../fs/safe-fs";
import { discoveryDiagnostic } from "./diagnostic";
import { findSkillFile, listCapped, resolveChild, type ChildKind } from "./list";
import type { SkillSource } from "./plan";
import { mapBounded } from "../fs/bounded";

/** One place a skill folder was found: the path in its location and the real folder behind it. */
export interface SkillSite {
  source: SkillSource;
  path: string;
  realDir: string;
  link: boolean;
}

/** The skill folders of one location and what went wrong listing it. */
export interface SourceSites {
  sites: SkillSite[];
  diagnostics: Diagnostic[];
}

/** Examines one child path of a location: a skill site, a diagnostic, or nothing. `known` skips re-stating a plain folder. */
export async function examineChild(
  source: SkillSource,
  p: string,
  depthLeft: number,
  cap: number,
  known?: { realParent: string },
): Promise<SourceSites> {
  let child: ChildKind;
  if (known) child = { kind: "dir", realDir: path.join(known.realParent, path.basename(p)), link: false };
  else {
    const info = await lstat(p).catch(() => null);
    if (!info) return { sites: [], diagnostics: [] };
    child = await resolveChild(p, info.isSymbolicLink());
  }
  if (child.kind === "broken-link") {
    return {
      sites: [],
      diagnostics: [
        discoveryDiagnostic(
          "scan.link.broken",
          "warning",
          p,
          `The link "${path.basename(p)}" in ${source.location.label ?? source.location.path} is broken: ${child.reason}. No skill is read through it.`,
          "Remove the link, or reinstall the skill it pointed to.",
        ),
      ],
    };
  }
  if (child.kind !== "dir") return { sites: [], diagnostics: [] };
  if (await findSkillFile(p))
    return { sites: [{ source, path: p, realDir: child.realDir, link: child.link }], diagnostics: [] };
  if (depthLeft <= 1) return { sites: [], diagnostics: [] };
  return listSites(source, p, depthLeft - 1, cap);
}

async function listSites(source: SkillSource, dir: string, depth: number, cap: number): Promise<SourceSites> {
  const out: SourceSites = { sites: [], diagnostics: [] };
  const listing = await listCapped(dir, cap);
  if (listing.error) {
    if (listing.error !== "ENOENT" || dir !== source.dir || !source.desktop) {
      const why =
        listing.error === "EACCES" || listing.error === "EPERM"
          ? "you do not have permission to open it"
          : listing.error === "ENOTDIR"
            ? "it is not a folder"
            : listing.error === "ENOENT"
              ? "it does not exist"
              : `the system refused (${listing.error})`;
      out.diagnostics.push(
        discoveryDiagnostic(
          "scan.location.unreadable",
          "warning",
          dir,
          `The folder ${dir} cannot be read: ${why}. Its skills are not listed.`,
          "Check the folder's permissions.",
        ),
      );
    }
    return out;
  }
  if (listing.truncated) {
    out.diagnostics.push(
      discoveryDiagnostic(
        "scan.location.truncated",
        "warning",
        dir,
        `The folder ${dir} holds more than ${cap} entries; only the first ${cap} were read.`,
        "Move what is not a skill out of this folder.",
      ),
    );
  }
  const realParent = await realpathOrNull(dir);
  const entries = listing.entries.filter(
    (e) => !e.name.startsWith(".") && !e.isFile() && !(dir === source.dir && source.exclude.includes(e.name)),
  );
  const results = await mapBounded(entries, 8, (entry) =>
    examineChild(
      source,
      path.join(dir, entry.name),
      depth,
      cap,
      entry.isDirectory() && realParent ? { realParent } : undefined,
    ),
  );
  for (const found of results) {
    out.sites.push(...found.sites);
    out.diagnostics.push(...found.diagnostics);
  }
  return out;
}

/** Finds every skill site of a location (its children, or the folder itself for a single skill). */
export async function findSites(source: SkillSource, cap: number): Promise<SourceSites> {
  if (source.mode === "single") {
    const real = await realpathOrNull(source.dir);
    if (!real || !(await findSkillFile(source.dir))) return { sites: [], diagnostics: [] };
    return {
      sites: [{ source, path: source.dir, realDir: real, link: real !== path.resolve(source.dir) }],
      diagnostics: [],
    };
  }
  return listSites(source, source.dir, source.depth, cap);
}
