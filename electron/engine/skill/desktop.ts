// Claude Desktop's upload rules, checked on top of the Agent Skills rules; docs/diagnostics.md ("Claude Desktop upload")
// names each rule's published source, or says that none is published.
import { quote, type DiagnosticSink } from "./diagnostics";
import type { ParsedFrontmatter } from "./frontmatter";
import type { SkillFields } from "./fields";
import { isSeq } from "./yaml-nodes";

/** The description length "How to create custom skills" (support.claude.com, article 12512198) gives as its maximum. */
const DESKTOP_DESCRIPTION_CHARS = 200;

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
  const length = [...fields.description.trim()].length;
  // Above the specification's 1024 the Agent Skills rules already refuse the description.
  if (descriptionEntry && length > DESKTOP_DESCRIPTION_CHARS && length <= 1024) {
    sink.add(
      "desktop.description.length",
      "warning",
      `The description has ${length} characters; Anthropic's help article on creating custom skills gives ${DESKTOP_DESCRIPTION_CHARS} as its maximum for Claude's upload.`,
      `Shorten it to ${DESKTOP_DESCRIPTION_CHARS} characters, saying what the skill does and when to use it.`,
      descriptionEntry,
    );
  }
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
