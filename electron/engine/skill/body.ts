// Rules on the instructions (body) and the files they reference (RULES.md "Body and files").
import { MAX_BODY_LINES, MAX_BODY_TOKENS } from "../../../shared/limits";
import { estimateTokens } from "../../../shared/tokens";
import { formatCount } from "../../../shared/format";
import path from "node:path";
import { resolveInside } from "../fs/safe-fs";
import { quote, type DiagnosticSink } from "./diagnostics";
import type { SkillFileSet } from "./file-set";
import { classifyTarget, extractLinks, isMarkdownPath, type ClassifiedTarget } from "./references";
import type { SkillReference } from "../../../shared/levels";

const MAX_REFERENCE_DIAGNOSTICS = 50;

/** Counts lines the way an editor shows them (a final newline does not start another line). */
export function countLines(text: string): number {
  if (text === "") return 0;
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return text.endsWith("\n") ? n - 1 : n;
}

/** Checks the body's size and emptiness. */
export function checkBody(body: string, bodyStartLine: number, sink: DiagnosticSink): void {
  if (body.trim() === "") {
    sink.add(
      "skill.body.empty",
      "warning",
      "The skill has no instructions after the frontmatter.",
      "Write the instructions an agent should follow below the closing `---`.",
      { line: bodyStartLine },
    );
    return;
  }
  const lines = countLines(body);
  if (lines > MAX_BODY_LINES)
    sink.add(
      "skill.body.lines",
      "warning",
      `The instructions are ${formatCount(lines)} lines long; the specification recommends under ${formatCount(MAX_BODY_LINES)}.`,
      "Move detailed material into files under references/ and link to them.",
      { line: bodyStartLine },
    );
  const tokens = estimateTokens(body);
  if (tokens > MAX_BODY_TOKENS)
    sink.add(
      "skill.body.tokens",
      "warning",
      `The instructions are about ${formatCount(tokens)} tokens (an estimate: characters ÷ 4); the specification recommends under ${formatCount(MAX_BODY_TOKENS)}.`,
      "Move detailed material into files under references/ and link to them.",
      { line: bodyStartLine },
    );
}

/** Where the skill sits, for targets written with a plugin-root placeholder. */
export interface ReferenceContext {
  /** The skill's folder (absolute). */
  skillDir?: string;
  /** The root of the plugin holding the skill, when it is part of one. */
  pluginRoot?: string;
}

/** A link to another skill's SKILL.md (`../other-skill/SKILL.md`). */
const SIBLING_SKILL = /^\.\.\/[^/]+\/SKILL\.md$/i;
/** A slash command written as a link target (`/deploy`, `/plugin:command`): a command, not a file. */
const SLASH_COMMAND = /^\/[a-z0-9][a-z0-9_-]*(?::[a-z0-9][a-z0-9_-]*)?$/i;

/** The message and fix for a link that leaves the skill's folder, by what the link most likely means. */
function outsideAdvice(
  target: string,
  absolute: boolean,
): { code: string; severity: "error" | "warning"; message: string; fix: string } {
  const plain = target.replace(/^<|>$/g, "").trim();
  if (SLASH_COMMAND.test(plain)) {
    return {
      code: "skill.ref.slash-command",
      severity: "warning",
      message: `The instructions link to ${quote(plain)}, which looks like a slash command; a link target is read as a file path, so this link leads nowhere.`,
      fix: `Write the command as code instead of a link, e.g. \`${plain}\`.`,
    };
  }
  if (SIBLING_SKILL.test(plain.replace(/\\/g, "/"))) {
    return {
      code: "skill.ref.outside",
      severity: "error",
      message: `The instructions link to ${quote(plain)}, another skill's file; skills are installed separately, so this link breaks wherever this skill is installed without that one.`,
      fix: 'Name the other skill in words (e.g. "use the other-skill skill") instead of linking to its file; an agent loads it by name.',
    };
  }
  return {
    code: "skill.ref.outside",
    severity: "error",
    message: `The instructions point at ${quote(target)}, which is ${absolute ? "an absolute path" : "outside the skill's folder"}; it cannot be served with the skill and breaks when the skill is installed elsewhere.`,
    fix: "Copy the file into the skill's folder and link to it with a relative path such as `references/file.md`.",
  };
}

/** Turns a `${CLAUDE_PLUGIN_ROOT}/…` target into one relative to the skill, or says it lies elsewhere in the plugin. */
async function resolvePluginRoot(
  target: Extract<ClassifiedTarget, { kind: "plugin-root" }>,
  context: ReferenceContext,
): Promise<ClassifiedTarget | "plugin-file" | "plugin-missing" | "no-plugin"> {
  if (!context.pluginRoot || !context.skillDir) return "no-plugin";
  const fromSkill = path
    .relative(context.skillDir, path.join(context.pluginRoot, ...target.rel.split("/")))
    .split(path.sep)
    .join("/");
  if (fromSkill !== ".." && !fromSkill.startsWith("../") && !path.isAbsolute(fromSkill))
    return { kind: "relative", target: target.target, rel: fromSkill };
  const found = await resolveInside(context.pluginRoot, target.rel);
  return found.ok ? "plugin-file" : "plugin-missing";
}

/** The further files a referenced Markdown file links to, resolved from its own folder; links back to SKILL.md or to itself are not a chain. */
function furtherTargets(text: string, from: string): string[] {
  const base = path.posix.dirname(from);
  const names: string[] = [];
  for (const link of extractLinks(text)) {
    const t = classifyTarget(link.target);
    if (t.kind === "outside") {
      if (t.absolute) names.push(t.target);
      else {
        const resolved = path.posix.normalize(path.posix.join(base, t.target.replace(/[?#].*$/, "")));
        if (resolved.toUpperCase() !== "SKILL.MD") names.push(t.target);
      }
    } else if (t.kind === "relative") {
      const resolved = path.posix.normalize(path.posix.join(base, t.rel));
      if (resolved.toUpperCase() === "SKILL.MD" || resolved === from) continue;
      names.push(resolved.startsWith("../") ? t.target : resolved);
    } else if (t.kind === "plugin-root") names.push(t.target);
  }
  return [...new Set(names)];
}

/** Checks every reference in the body against the file set and returns them for level 3. */
export async function checkReferences(
  body: string,
  bodyStartLine: number,
  files: SkillFileSet,
  sink: DiagnosticSink,
  context: ReferenceContext = {},
): Promise<SkillReference[]> {
  const references: SkillReference[] = [];
  const seen = new Set<string>();
  const chainChecked = new Set<string>();
  let reported = 0;
  const report = (...args: Parameters<DiagnosticSink["add"]>) => {
    if (reported++ < MAX_REFERENCE_DIAGNOSTICS) sink.add(...args);
  };
  for (const link of extractLinks(body, bodyStartLine)) {
    let target = classifyTarget(link.target);
    if (target.kind === "url" || target.kind === "anchor") continue;
    const key = `${link.line}:${link.column}:${link.target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const at = { line: link.line, column: link.column };
    if (target.kind === "plugin-root") {
      const resolved = await resolvePluginRoot(target, context);
      if (resolved === "no-plugin") {
        references.push({ target: link.target, line: link.line, exists: false, outside: true });
        report(
          "skill.ref.plugin-root",
          "warning",
          `The instructions point at ${quote(link.target)}; \`\${CLAUDE_PLUGIN_ROOT}\` is expanded only in a Claude Code plugin, and this skill is not part of one.`,
          "Use a path relative to the skill's folder, e.g. `scripts/run.py`.",
          at,
        );
        continue;
      }
      if (resolved === "plugin-file" || resolved === "plugin-missing") {
        references.push({ target: link.target, line: link.line, exists: resolved === "plugin-file", outside: true });
        if (resolved === "plugin-missing")
          report(
            "skill.ref.missing",
            "warning",
            `The instructions point at ${quote(link.target)}, but there is no such file in the plugin.`,
            "Add the file to the plugin, or correct the path (it is relative to the plugin's root).",
            at,
          );
        continue;
      }
      target = resolved;
    }
    if (target.kind === "outside") {
      references.push({ target: link.target, line: link.line, exists: false, outside: true });
      const advice = outsideAdvice(link.target, target.absolute);
      report(advice.code, advice.severity, advice.message, advice.fix, at);
      continue;
    }
    if (target.kind !== "relative") continue;
    const kind = await files.kind(target.rel);
    if (kind === "outside") {
      references.push({ target: target.rel, line: link.line, exists: true, outside: true });
      report(
        "skill.ref.outside",
        "error",
        `The instructions point at ${quote(target.rel)}, which is a link to a place outside the skill's folder.`,
        "Replace the link with a copy of the file inside the skill's folder.",
        at,
      );
      continue;
    }
    references.push({ target: target.rel, line: link.line, exists: kind !== null, outside: false });
    if (kind === null) {
      report(
        "skill.ref.missing",
        "warning",
        `The instructions point at ${quote(target.rel)}, but there is no such file in the skill's folder.`,
        "Add the file, or correct the path (paths are relative to the folder holding SKILL.md and are case-sensitive).",
        at,
      );
      continue;
    }
    if (kind === "file" && isMarkdownPath(target.rel) && !chainChecked.has(target.rel)) {
      chainChecked.add(target.rel);
      const text = await files.readText(target.rel);
      if (text === null) continue;
      const further = furtherTargets(text, target.rel);
      if (further.length > 0) {
        const names = further.slice(0, 3);
        report(
          "skill.ref.chain",
          "info",
          `${quote(target.rel)}, referenced here, itself points at further files (${names.map((n) => quote(n)).join(", ")}); agents may not follow chains of references.`,
          "Keep references one level deep: link the further files from SKILL.md directly, or fold them into the referenced file.",
          at,
        );
      }
    }
  }
  return references;
}
