// Claude Desktop's upload rules (RULES.md "Claude Desktop upload"), checked on top of the Agent Skills rules.
import { quote, type DiagnosticSink } from "./diagnostics";
import type { ParsedFrontmatter } from "./frontmatter";
import type { SkillFields } from "./fields";
import { isSeq } from "./yaml-nodes";

/** Words Desktop refuses inside a skill's name. */
export const RESERVED_NAME_WORDS = ["anthropic", "claude"];

/** Adds the desktop.* findings about the frontmatter (the archive rules live in archive.ts). */
export function checkDesktopFields(fm: ParsedFrontmatter, fields: SkillFields, sink: DiagnosticSink): void {
  const entry = (key: string) => fm.entries.find((e) => e.key === key);
  const nameEntry = entry("name");
  const n = fields.normalizedName;
  if (nameEntry && n) {
    const lower = n.toLowerCase();
    const reserved = RESERVED_NAME_WORDS.filter((word) => lower.includes(word));
    if (reserved.length > 0) {
      sink.add(
        "desktop.name.reserved",
        "error",
        `Claude Desktop refuses names containing ${reserved.map((w) => `"${w}"`).join(" or ")}; ${quote(n)} does.`,
        `Choose a name without ${reserved.map((w) => `"${w}"`).join(" or ")}.`,
        nameEntry,
      );
    }
    const raw = fields.name.trim();
    // A name the Agent Skills rules already refused has its one finding, whose suggested fix is plain ASCII.
    if (!fields.nameInvalid && /[^a-z0-9-]/.test(raw)) {
      sink.add(
        "desktop.name.charset",
        "error",
        `Claude Desktop accepts only a-z, 0-9 and hyphens in a name; ${quote(raw)} has other characters.`,
        "Use only lowercase ASCII letters, digits and hyphens.",
        nameEntry,
      );
    }
    if (/[<>]/.test(fields.name)) {
      sink.add(
        "desktop.name.xml",
        "error",
        "The name contains `<` or `>`; Claude Desktop refuses XML-like text in names.",
        "Remove `<` and `>` from the name.",
        nameEntry,
      );
    }
  }
  const descriptionEntry = entry("description");
  if (descriptionEntry && /[<>]/.test(fields.description)) {
    sink.add(
      "desktop.description.xml",
      "error",
      "The description contains `<` or `>`; Claude Desktop refuses XML tags in descriptions.",
      "Remove the angle brackets, or write them out in words.",
      descriptionEntry,
    );
  }
  const tools = entry("allowed-tools");
  if (tools && tools.value && isSeq(tools.value)) {
    sink.add(
      "desktop.allowed-tools.list",
      "error",
      "`allowed-tools` is written as a YAML list; Claude Desktop expects one space-separated line.",
      "Write the tools on one line, e.g. `allowed-tools: Read Bash(git:*)`.",
      tools,
    );
  }
}
