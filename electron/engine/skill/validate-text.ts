// Runs every SKILL.md rule on text plus a file set, so folders and archives are checked by the same code.
import type { Diagnostic, Profile } from "../../../shared/model";
import type { SkillReference } from "../../../shared/levels";
import type { TextRead } from "../fs/safe-fs";
import { checkBody, checkReferences, type ReferenceContext } from "./body";
import { checkCodePaths } from "./code-paths";
import { checkDesktopFields } from "./desktop";
import { DiagnosticSink, hasNoErrors } from "./diagnostics";
import { checkFields } from "./fields";
import type { SkillFileSet } from "./file-set";
import { parseFrontmatter, splitFrontmatter } from "./frontmatter";
import type { SkillReport } from "./types";
import { MAX_FRONTMATTER_BYTES } from "./yaml-limits";

/** One SKILL.md to check: how reading it went, the folder name it must match and the files around it. */
export interface SkillTextInput {
  /** The path diagnostics name for SKILL.md. */
  file: string;
  /** The skill folder's name (for skill.name.dir-mismatch), or null when there is none to compare. */
  dirName: string | null;
  read: TextRead;
  files: SkillFileSet;
  profile: Profile;
  /** True for a skill Claude Code reads (in a Claude Code plugin or .claude/skills): its own keys are valid. */
  claudeCode?: boolean;
  /** The skill's folder and the plugin holding it, for `${CLAUDE_PLUGIN_ROOT}` targets. */
  context?: ReferenceContext;
}

/** What the rules found in one SKILL.md. */
export interface SkillTextResult extends Pick<
  SkillReport,
  | "name"
  | "description"
  | "frontmatter"
  | "body"
  | "bodyStartLine"
  | "version"
  | "versionSource"
  | "repository"
  | "diagnostics"
> {
  references: SkillReference[];
}

/**
 * The report for one skill (folder or archive): the reader's own findings come first, then the rules' on its
 * SKILL.md; `text` is null when no SKILL.md was checked, leaving the fields empty.
 */
export function skillReport(
  where: Pick<SkillReport, "dir" | "realDir" | "skillFile">,
  found: readonly Diagnostic[],
  text: SkillTextResult | null,
): SkillReport {
  const diagnostics = [...found, ...(text?.diagnostics ?? [])];
  return {
    dir: where.dir,
    realDir: where.realDir,
    skillFile: where.skillFile,
    name: text?.name ?? "",
    description: text?.description ?? "",
    frontmatter: text?.frontmatter ?? null,
    body: text?.body ?? "",
    bodyStartLine: text?.bodyStartLine ?? 1,
    version: text?.version ?? null,
    versionSource: text?.versionSource ?? null,
    repository: text?.repository ?? null,
    diagnostics,
    valid: hasNoErrors(diagnostics),
  };
}

/** Checks one SKILL.md's text with the profile's rules; never throws on bad input. */
export async function validateSkillText(input: SkillTextInput): Promise<SkillTextResult> {
  const sink = new DiagnosticSink(input.file);
  const result: SkillTextResult = {
    name: "",
    description: "",
    frontmatter: null,
    body: "",
    bodyStartLine: 1,
    version: null,
    versionSource: null,
    repository: null,
    references: [],
    diagnostics: sink.items,
  };
  const read = input.read;
  if (!read.ok) {
    if (read.reason === "encoding")
      sink.add(
        "skill.encoding",
        "error",
        "SKILL.md is not valid UTF-8 text.",
        "Save the file as UTF-8 (without a byte-order mark).",
      );
    else if (read.reason === "outside")
      sink.add(
        "skill.symlink.outside",
        "error",
        `SKILL.md is a link to a file outside the skill's folder, so it is not read. ${read.message}`,
        "Replace the link with a real SKILL.md inside the folder.",
      );
    else if (read.reason === "not-found")
      sink.add(
        "skill.unreadable",
        "error",
        "SKILL.md is listed in the folder but cannot be opened: it is a broken link.",
        "Replace the broken link with the real SKILL.md.",
      );
    else
      sink.add(
        "skill.unreadable",
        "error",
        `SKILL.md cannot be read. ${read.message}`,
        read.reason === "too-large"
          ? "Shorten SKILL.md: move material into files under references/."
          : "Make SKILL.md a regular, readable file.",
      );
    return result;
  }
  if (read.bom)
    sink.add(
      "skill.bom",
      "warning",
      "SKILL.md starts with a byte-order mark (BOM); it was ignored, but some tools then miss the frontmatter.",
      "Save the file as UTF-8 without a BOM.",
      { line: 1, column: 1 },
    );
  if (read.binary) {
    sink.add(
      "skill.encoding",
      "error",
      "SKILL.md contains NUL bytes: it looks like a binary file, not text.",
      "Replace it with a plain-text Markdown file.",
    );
    return result;
  }
  const split = splitFrontmatter(read.text);
  if (!split.ok) {
    if (split.reason === "missing")
      sink.add(
        "skill.frontmatter.missing",
        "error",
        "SKILL.md does not start with a `---` line, so it has no frontmatter (name and description).",
        "Start the file with `---`, then `name: ...` and `description: ...` lines, then another `---`.",
        { line: 1 },
      );
    else
      sink.add(
        "skill.frontmatter.unclosed",
        "error",
        "The frontmatter starts with `---` on line 1 but has no closing `---` line.",
        "Add a line `---` after the last frontmatter line.",
        { line: 1 },
      );
    return result;
  }
  result.body = split.body;
  result.bodyStartLine = split.bodyStartLine;
  if (split.yaml.length <= MAX_FRONTMATTER_BYTES && split.yaml.includes("---"))
    split.yaml.split("\n").forEach((line, i) => {
      const column = line.indexOf("---");
      if (column >= 0)
        sink.add(
          "skill.frontmatter.dashes",
          "warning",
          "This frontmatter line contains `---`; the reference validator cuts the frontmatter at any `---`, so it would read this value differently.",
          "Avoid `---` inside values (write an en dash or rephrase).",
          { line: i + 2, column: column + 1 },
        );
    });
  const fm = await parseFrontmatter(split.yaml, 2, sink);
  if (fm) {
    result.frontmatter = fm.data;
    const fields = checkFields(fm, input.dirName, sink, input.claudeCode === true);
    if (input.profile === "claude-desktop") checkDesktopFields(fm, fields, sink);
    Object.assign(result, {
      name: fields.name,
      description: fields.description,
      version: fields.version,
      versionSource: fields.versionSource,
      repository: fields.repository,
    });
  } else {
    const name = /^name:[ \t]*(.*)$/m.exec(split.yaml)?.[1];
    const description = /^description:[ \t]*(.*)$/m.exec(split.yaml)?.[1];
    result.name = (name ?? "").trim().replace(/^(['"])(.*)\1$/, "$2");
    result.description = (description ?? "").trim().replace(/^(['"])(.*)\1$/, "$2");
  }
  checkBody(split.body, split.bodyStartLine, sink);
  const links = await checkReferences(split.body, split.bodyStartLine, input.files, sink, input.context);
  const linked = new Set(links.filter((r) => !r.outside).map((r) => r.target));
  result.references = [...links, ...(await checkCodePaths(split.body, split.bodyStartLine, input.files, sink, linked))];
  return result;
}
