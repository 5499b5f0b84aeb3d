// What every run of `validate` needs whatever its format: the formats it knows, paths as CI tools show them, and the
// summary of each searched folder (the machine formats load only when asked for).
import path from "node:path";
import type { SearchSummary } from "../../engine/skill/target-search";
import { relativeWhenInside } from "./report-format";

/** The output formats `validate` knows. */
export const VALIDATE_FORMATS = ["text", "json", "sarif", "github", "junit", "gitlab"] as const;
/** One of VALIDATE_FORMATS. */
export type ValidateFormat = (typeof VALIDATE_FORMATS)[number];

/** A path as CI tools want it: relative to the working folder with "/" separators when inside it, else absolute. */
export function artifactPath(file: string, cwd: string): string {
  return relativeWhenInside(file, cwd).split(path.sep).join("/");
}

const kindWords: Record<string, [string, string]> = {
  skill: ["skill", "skills"],
  plugin: ["plugin", "plugins"],
  marketplace: ["marketplace", "marketplaces"],
};

/** One line per searched folder: how many skills, plugins and marketplaces were found where, and any limit reached. */
export function searchSummaryLines(
  summaries: readonly SearchSummary[],
  cwd: string,
  show: (text: string) => string,
): string[] {
  return summaries.map((s) => {
    const where = show(artifactPath(s.root, cwd) || ".");
    const byKind = new Map<string, string[]>();
    for (const f of s.found) {
      const list = byKind.get(f.kind) ?? [];
      list.push(
        f.parent === "" ? "the folder itself" : `${f.count} in ${f.parent === "." ? "./" : `${show(f.parent)}/`}`,
      );
      byKind.set(f.kind, list);
    }
    const parts = [...byKind].map(([kind, places]) => {
      const total = s.found.filter((f) => f.kind === kind).reduce((n, f) => n + f.count, 0);
      const [one, many] = kindWords[kind] ?? [kind, `${kind}s`];
      return `${total} ${total === 1 ? one : many} (${places.join(", ")})`;
    });
    const found = parts.length > 0 ? `found ${parts.join("; ")}` : "found no skill, plugin or marketplace";
    const skipped = [
      s.skippedFolders > 0 ? `${s.skippedFolders} dependency or version-control folders skipped` : "",
      s.linksOutside > 0 ? `${s.linksOutside} links leading outside not followed` : "",
    ].filter(Boolean);
    const limit = s.limit ? ` Limit reached: ${s.limit}.` : "";
    return `Searched ${where} (${s.foldersSearched} folders): ${found}.${skipped.length ? ` ${skipped.join(", ")}.` : ""}${limit}`;
  });
}
