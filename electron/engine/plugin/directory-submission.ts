// What Claude Code's plugin directory requires of a submission, as `claude plugin validate --profile directory`
// (Claude Code 2.1.332) checks it: a README of at least 40 words, a license, and an icon (docs/diagnostics.md).
import { lstat } from "node:fs/promises";
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { readFileBytes, readTextFile, resolveInside } from "../fs/safe-fs";
import { diagnostic, quote } from "./diagnostics";

/** The README names Claude Code looks for, in its order. */
const README_NAMES = [
  "README.md",
  "readme.md",
  "Readme.md",
  "README.markdown",
  "README",
  "README.txt",
  "docs/README.md",
];
/** The license file names Claude Code looks for, in its order. */
const LICENSE_NAMES = [
  "LICENSE",
  "LICENSE.md",
  "LICENSE.txt",
  "LICENCE",
  "LICENCE.md",
  "COPYING",
  "COPYING.md",
  "LICENSE-MIT",
  "LICENSE-APACHE",
];
/** Where Claude Code looks for an icon when plugin.json names none, in its order. */
const ICON_PATHS = [
  ".claude-plugin/icon.svg",
  ".claude-plugin/icon.png",
  "icon.svg",
  "icon.png",
  "assets/icon.svg",
  "assets/icon.png",
  "assets/logo.svg",
  "assets/logo.png",
  "images/icon.png",
  "images/icon.svg",
];
const MIN_README_WORDS = 40;
const MAX_README_BYTES = 1024 * 1024;
const MAX_ICON_BYTES = 2 * 1024 * 1024;
/** How many folders up a repository root (a folder with `.git`) is looked for. */
const MAX_REPO_DEPTH = 32;
const WHITESPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SVG_UNSAFE = [
  /<\s*(?:script|foreignobject|animate|animatemotion|animatetransform|set|discard|style|iframe|embed|object)\b/,
  /\son[a-z]+\s*=/,
  /href\s*=\s*(?:["']\s*)?[^"'#\s>]/,
];

/** The first of `names` that is a regular file (not a link) whose real path lies inside `root`, relative to it. */
async function firstFile(root: string, names: readonly string[]): Promise<{ rel: string; abs: string } | null> {
  for (const rel of names) {
    const abs = path.join(root, rel);
    const info = await lstat(abs).catch(() => null);
    if (!info?.isFile()) continue;
    if ((await resolveInside(root, rel)).ok) return { rel, abs };
  }
  return null;
}

/** The nearest folder above `root` holding a `.git` folder or file: the repository a sub-folder plugin is part of. */
async function repositoryRoot(root: string): Promise<string | null> {
  let dir = root;
  for (let depth = 0; depth < MAX_REPO_DEPTH; depth++) {
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
    if (await lstat(path.join(dir, ".git")).catch(() => null)) return dir;
  }
  return null;
}

/** How many whitespace-separated words a README has, as Claude Code counts them (null when it is too large to count). */
async function wordCount(file: string, root: string): Promise<number | null> {
  const read = await readTextFile(file, { root, maxBytes: MAX_README_BYTES });
  if (!read.ok) return null;
  return read.text.split(WHITESPACE).filter((w) => w.length > 0).length;
}

/** Why an icon file is not one the directory takes (a PNG, or an SVG without scripts, styles or outside references). */
async function iconProblem(file: string): Promise<string | null> {
  const read = await readFileBytes(file, MAX_ICON_BYTES);
  if (!read.ok) return read.reason === "too-large" ? "The icon is 2 MB or larger." : read.message;
  const bytes = read.bytes;
  if (PNG_MAGIC.every((b, i) => bytes[i] === b)) return null;
  const text = bytes.toString("utf8").toLowerCase();
  if (text.includes("<svg") && !SVG_UNSAFE.some((re) => re.test(text))) return null;
  return "The icon is not a usable PNG or SVG (an unrecognised format, or an SVG with a script, event handlers, foreignObject, animation, a style or a reference outside itself).";
}

/** The icon findings: the one plugin.json names, else the first at a usual path, else a note that there is none. */
async function iconFindings(root: string, manifestFile: string, manifest: Record<string, unknown> | null) {
  const out: Diagnostic[] = [];
  const fix =
    "Add a square PNG at .claude-plugin/icon.png, or set `icon` in plugin.json to a square PNG in the plugin (512 to 2048 px a side, under 2 MB; SVG is checked too, WebP is not taken).";
  const named = manifest?.icon;
  if (named !== undefined) {
    if (typeof named !== "string" || named.trim() === "") {
      out.push(
        diagnostic("directory.icon.invalid", "warning", manifestFile, "`icon` in plugin.json is not a path.", { fix }),
      );
      return out;
    }
    const rel = named.trim().replace(/^\.\//, "");
    const resolved = await resolveInside(root, rel);
    if (!resolved.ok && resolved.reason !== "not-found") {
      out.push(
        diagnostic(
          "directory.icon.outside",
          "error",
          manifestFile,
          `\`icon\` in plugin.json, ${quote(named)}, leads outside the plugin folder.`,
          { fix: "Name the icon by its plain path inside the plugin, such as ./assets/icon.png." },
        ),
      );
      return out;
    }
    const info = resolved.ok ? await lstat(resolved.path).catch(() => null) : null;
    if (!resolved.ok || !info?.isFile()) {
      const message = `\`icon\` in plugin.json points at ${quote(named)}, which is not a file in the plugin (a link is not followed).`;
      out.push(diagnostic("directory.icon.invalid", "warning", manifestFile, message, { fix }));
      return out;
    }
    const problem = await iconProblem(resolved.path);
    if (problem) out.push(diagnostic("directory.icon.invalid", "warning", resolved.path, problem, { fix }));
    return out;
  }
  const found = await firstFile(root, ICON_PATHS);
  if (!found) {
    const message =
      "The plugin has no icon: plugin.json names none, and there is no file at .claude-plugin/icon.png or .svg, assets/icon.png or .svg, or a similar path.";
    out.push(diagnostic("directory.icon.missing", "warning", manifestFile, message, { fix }));
    return out;
  }
  const problem = await iconProblem(found.abs);
  if (problem) out.push(diagnostic("directory.icon.invalid", "warning", found.abs, problem, { fix }));
  return out;
}

/**
 * The findings of the `claude-plugin-directory` profile for one plugin folder: what Claude Code's plugin directory
 * refuses a submission for (no README, a README under 40 words, no license: errors) and what it warns about (no icon,
 * an icon it cannot use). A README or license at the repository's root stands in for a plugin in a sub-folder.
 */
export async function directoryFindings(root: string, manifest: Record<string, unknown> | null): Promise<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const claudeManifest = path.join(root, ".claude-plugin", "plugin.json");
  const manifestFile = (await lstat(claudeManifest).catch(() => null))
    ? claudeManifest
    : path.join(root, "plugin.json");
  let readme = await firstFile(root, README_NAMES);
  let license = await firstFile(root, LICENSE_NAMES);
  const licenseField = typeof manifest?.license === "string" && manifest.license.trim() !== "";
  const taken: string[] = [];
  let repo: string | null = null;
  if (!readme || (!license && !licenseField)) {
    repo = await repositoryRoot(root);
    if (repo && !readme) {
      readme = await firstFile(repo, README_NAMES);
      if (readme) taken.push(readme.rel);
    }
    if (repo && !license && !licenseField) {
      license = await firstFile(repo, LICENSE_NAMES);
      if (license) taken.push(license.rel);
    }
  }
  if (repo && taken.length > 0)
    out.push(
      diagnostic(
        "directory.repository-root",
        "info",
        root,
        `${taken.join(" and ")} ${taken.length > 1 ? "were" : "was"} taken from the repository root ${quote(repo)} (the nearest folder above with .git), because the plugin folder has none of its own.`,
        {
          fix: "Check that this folder is the top of the repository the plugin is submitted from, with the file committed.",
        },
      ),
    );
  if (!readme) {
    out.push(
      diagnostic(
        "directory.readme.missing",
        "error",
        path.join(root, "README.md"),
        "The plugin has no README.md (a link is not counted); the plugin directory refuses a submission without one.",
        {
          fix: "Add a README.md to the plugin folder saying what the plugin does, how to use it and what setup it needs, in at least 40 words.",
        },
      ),
    );
  } else {
    const words = await wordCount(readme.abs, repo && taken.includes(readme.rel) ? repo : root);
    if (words !== null && words < MIN_README_WORDS)
      out.push(
        diagnostic(
          "directory.readme.short",
          "error",
          readme.abs,
          `The README has ${words} ${words === 1 ? "word" : "words"}; the plugin directory requires at least ${MIN_README_WORDS}.`,
          { fix: "Say what the plugin does, how to use it and what setup it needs, in at least 40 words." },
        ),
      );
  }
  if (!license && !licenseField)
    out.push(
      diagnostic(
        "directory.license.missing",
        "error",
        path.join(root, "LICENSE"),
        "The plugin has no LICENSE file and plugin.json has no `license`; the plugin directory requires one of them.",
        { fix: "Add a LICENSE file to the plugin folder, or set `license` (an SPDX id such as MIT) in plugin.json." },
      ),
    );
  out.push(...(await iconFindings(root, manifestFile, manifest)));
  return out;
}
