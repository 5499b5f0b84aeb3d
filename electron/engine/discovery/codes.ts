// Discovery's own diagnostic codes (stable, like RULES.md's): one line each on what they mean.

/**
 * Every code discovery reports, with its one-line meaning.
 * Exported for tests: docs/diagnostics.md is checked against it.
 */
export const DISCOVERY_CODES = {
  "desktop.manifest.missing":
    "A Claude Desktop account tree has no manifest.json, so its skills carry no Desktop facts.",
  "desktop.manifest.corrupt": "A Claude Desktop manifest.json is not readable JSON of the expected shape.",
  "desktop.manifest.orphan-entry": "manifest.json lists a skill whose folder is not in the tree.",
  "desktop.manifest.unlisted-folder": "A skill folder in a Desktop tree is not listed in its manifest.json.",
  "scan.link.broken": "A link in a skills folder points to nothing (or loops), so no skill is read through it.",
  "scan.location.unreadable": "A skills folder exists but cannot be listed (permissions or not a folder).",
  "scan.location.truncated": "A skills folder holds more entries than the scan reads; the rest were left out.",
  "scan.skill.truncated": "A skill folder is too large to hash completely; its content hash covers only part of it.",
  "scan.skill.limit":
    "Reading a skill folder passed the scan worker's memory or per-file time limit; it was stopped and reported, and the scan went on.",
  "scan.drift": "The same skill name is installed in several places with different content.",
  "scan.include.missing": "A folder given with --include does not exist.",
  "scan.include.unknown": "A folder given with --include holds no skill, plugin or project skills folder.",
  "scan.plugins.corrupt": "Claude Code's installed_plugins.json is not readable JSON of the expected shape.",
  "scan.plugin.missing": "A plugin listed by Claude Code's installed_plugins.json has no folder at its install path.",
  "scan.watch.failed":
    "A folder cannot be watched for changes (system limit, permissions); the live catalog may lag there.",
  "scan.lock.corrupt": "The `skills` installer's lock file is not readable JSON of the expected shape.",
  "scan.lock.old-version":
    "The `skills` installer's lock file is older than version 3; the installer ignores it, and so does Skillshelf.",
} as const;

/** A discovery diagnostic code. */
export type DiscoveryCode = keyof typeof DISCOVERY_CODES;
