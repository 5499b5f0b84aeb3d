// Frontmatter values as text for messages and fixes, without ever throwing: a parsed mapping can hold keys such as
// `toString` or `valueOf` (as text), which make String() throw, and one hostile SKILL.md must never stop a scan.

/** What String(value) gives, or the value as JSON where String() would throw. */
export function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    try {
      return JSON.stringify(value) ?? "";
    } catch {
      return "(a value that cannot be shown)";
    }
  }
}
