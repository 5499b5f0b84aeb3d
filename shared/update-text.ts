// Words for an update state that every view shares (the skill's overview, the Updates view, the guided update): one
// sentence per state, the source the check used, and what a content check (git tree SHAs on GitHub) found.
import type { UpdateInfo } from "./model";

/** Where the check looked, for "Checked with …". */
export function updateSourceLabel(source: UpdateInfo["source"]): string {
  switch (source) {
    case "skill-meta":
      return "the skill's update server";
    case "github-release":
      return "GitHub releases";
    case "github-tree":
      return "the skill's folder on GitHub";
    case "mcp-skills":
      return "the MCP server it was added from";
    case "site-skills":
      return "the site it was added from";
    default:
      return "no source";
  }
}

/** One sentence for the state; a content check's own reason where it has one (it names the folder and the files). */
export function updateStateSentence(update: UpdateInfo): string {
  switch (update.state) {
    case "up-to-date":
      return (update.source === "github-tree" || update.source === "mcp-skills" || update.source === "site-skills") &&
        update.reason
        ? update.reason
        : "This is the latest version.";
    case "outdated":
      if (update.source === "github-tree" && update.installed === null)
        return update.reason ?? "The skill's folder on GitHub has changed since this copy was installed.";
      if (update.source === "mcp-skills")
        return update.reason ?? "The MCP server it was added from serves a changed copy.";
      if (update.source === "site-skills")
        return update.reason ?? "The site it was added from publishes a changed copy.";
      return `Version ${update.latest ?? "(unknown)"} is available (you have ${update.installed ?? "an unknown version"}).`;
    case "ahead":
      return `This copy (${update.installed ?? "?"}) is newer than the latest release (${update.latest ?? "?"}).`;
    case "changed-locally":
      return (
        update.reason ??
        "This copy was changed here since it was installed; an update would overwrite those changes, so look at the difference first."
      );
    default:
      return update.reason ?? "Skillshelf could not find out whether a newer version exists.";
  }
}

/** The badge of an outdated copy: "update 2.1.0", or "update" when a content check found new files but no version. */
export function updateBadgeText(update: UpdateInfo): string {
  return update.latest ? `update ${update.latest}` : "update";
}

/** What a content check found, for people: the folder upstream, the two hashes, and the files that differ (capped). */
export interface ContentFacts {
  /** "skills/x on acme/skills (main)", or null when the check did not get that far. */
  where: string | null;
  /** "installed 1a2b3c4, upstream 5d6e7f8" (git's short ids). */
  hashes: string | null;
  files: string[];
  /** Files left out of `files` to keep the view readable. */
  more: number;
  /** The files are the user's edits (changed-locally) rather than upstream's changes. */
  local: boolean;
}

/** The content facts of a result, or null when it was not a content check. */
export function contentFacts(update: UpdateInfo, maxFiles = 20): ContentFacts | null {
  if (update.source !== "github-tree" && !update.changedFiles && !update.installedHash) return null;
  const short = (sha: string | null | undefined) => (sha ? sha.slice(0, 7) : null);
  const where = update.repository
    ? `${update.folder ? `${update.folder} on ` : ""}${update.repository}${update.branch ? ` (${update.branch})` : ""}`
    : null;
  const parts = [
    short(update.installedHash) && `installed ${short(update.installedHash)}`,
    short(update.recordedHash) &&
      update.recordedHash !== update.installedHash &&
      `at install ${short(update.recordedHash)}`,
    short(update.upstreamHash) && `upstream ${short(update.upstreamHash)}`,
  ].filter(Boolean);
  const files = update.changedFiles ?? [];
  return {
    where,
    hashes: parts.length ? parts.join(", ") : null,
    files: files.slice(0, maxFiles),
    more: Math.max(0, files.length - maxFiles),
    local: update.state === "changed-locally",
  };
}
