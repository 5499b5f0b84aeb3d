// The skill-name rules (RULES.md "Fields"): one bad name gets one finding with one fix, under the stable code of the
// first rule it breaks; the findings that fixing it would clear too (folder mismatch, non-ASCII) are not repeated.
import { MAX_NAME } from "../../../shared/limits";
import { codePoints } from "../../../shared/tokens";
import { quote, type DiagnosticSink, type Position } from "./diagnostics";

/** True for a name every rule accepts: 1-64 lowercase ASCII letters and digits in single-hyphen-separated words. */
export function isValidSkillName(name: string): boolean {
  return name.length >= 1 && name.length <= MAX_NAME && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name);
}

/**
 * A valid name close to `name` (lowercase; spaces and underscores to single hyphens; other characters dropped), or the
 * folder's name when that is valid, so a suggested fix never leads to another error; null when nothing is left.
 */
export function suggestedName(name: string, dirName: string | null): string | null {
  if (dirName !== null && isValidSkillName(dirName)) return dirName;
  const candidate = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_NAME)
    .replace(/-+$/, "");
  return isValidSkillName(candidate) ? candidate : null;
}

/** One way a name breaks the rules: its stable code, what is wrong in a few words, and the fix when none is suggested. */
interface NameProblem {
  code: string;
  what: string;
  fix: string;
}

/** Every rule `n` (the NFKC of the trimmed name) breaks, in RULES.md's order; the first one names the finding. */
function nameProblems(n: string): NameProblem[] {
  const problems: NameProblem[] = [];
  const length = codePoints(n);
  if (length > MAX_NAME)
    problems.push({
      code: "skill.name.too-long",
      what: `is ${length} characters long (the limit is ${MAX_NAME})`,
      fix: "shorten it",
    });
  if (n !== n.toLowerCase())
    problems.push({ code: "skill.name.uppercase", what: "has uppercase letters", fix: "write it in lowercase" });
  if (n.startsWith("-") || n.endsWith("-"))
    problems.push({
      code: "skill.name.hyphen-edge",
      what: "starts or ends with a hyphen",
      fix: "remove the leading or trailing hyphen",
    });
  if (n.includes("--"))
    problems.push({
      code: "skill.name.double-hyphen",
      what: "has two hyphens in a row",
      fix: "use single hyphens between words",
    });
  const bad = [...new Set([...n].filter((c) => !/^[\p{L}\p{N}-]$/u.test(c)))];
  if (bad.length > 0)
    problems.push({
      code: "skill.name.invalid-chars",
      what: `has characters that are not letters, digits or hyphens (${bad
        .slice(0, 8)
        .map((c) => quote(c))
        .join(", ")}${bad.length > 8 ? `, and ${bad.length - 8} more` : ""})`,
      fix: "keep only lowercase letters, digits and single hyphens",
    });
  return problems;
}

/** "a", "a and b", "a, b and c". */
function listed(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/**
 * Checks a present, non-blank name `n` (NFKC of the trimmed name) against the rules and the folder's name, and reports
 * at most one error (and the non-ASCII warning only for a name no other rule refuses). Returns whether the name itself
 * breaks a rule (a folder of another name is not the name's fault).
 */
export function checkNameRules(n: string, dirName: string | null, sink: DiagnosticSink, at: Position): boolean {
  const shown = quote(n);
  const problems = nameProblems(n);
  const folderDiffers = dirName !== null && dirName.normalize("NFKC") !== n;
  if (problems.length > 0) {
    const suggestion = suggestedName(n, dirName);
    const fix = suggestion
      ? `Use ${quote(suggestion)}${suggestion === dirName ? ", the folder's name" : dirName === null ? "" : " (and rename the folder to match)"}.`
      : `${capitalized(listed(problems.map((p) => p.fix)))}${folderDiffers ? ", and give the folder the same name" : ""}.`;
    sink.add(
      problems[0]!.code,
      "error",
      `The name ${shown} ${listed(problems.map((p) => p.what))}; a name is lowercase letters, digits and single hyphens, at most ${MAX_NAME} characters.`,
      fix,
      at,
    );
    return true;
  }
  if (folderDiffers) {
    sink.add(
      "skill.name.dir-mismatch",
      "error",
      `The name ${shown} does not match the folder's name ${quote(dirName)}.`,
      isValidSkillName(dirName)
        ? `Use ${quote(dirName)}, the folder's name (or rename the folder to ${quote(n)}).`
        : `Rename the folder to ${quote(n)}.`,
      at,
    );
  }
  if (/[^\x00-\x7f]/.test(n))
    sink.add(
      "skill.name.non-ascii",
      "warning",
      `The name ${shown} has characters outside a-z, 0-9 and hyphens; this is allowed, but several clients accept only those.`,
      "Prefer a name of plain lowercase ASCII letters, digits and hyphens.",
      at,
    );
  return false;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
