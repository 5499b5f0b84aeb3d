// Hostile inputs shared by the limit tests, the CLI test and `npm run bench`: frontmatters and JSON files that once
// froze or killed the app (millions of brackets, alias chains, deep nesting, billion laughs, huge mappings).

/** One hostile frontmatter and the code it must be refused with. */
export interface YamlBomb {
  name: string;
  frontmatter: string;
  code: "skill.frontmatter.too-large" | "skill.frontmatter.too-deep" | "skill.frontmatter.aliases";
}

const HEAD = "name: bomb\ndescription: A hostile frontmatter.\n";

function aliasChain(anchors: number): string {
  const lines = ["a0: &a0 x"];
  for (let i = 1; i < anchors; i++) lines.push(`a${i}: &a${i} [*a${i - 1}]`);
  return lines.join("\n");
}

function laughs(levels: number): string {
  const lines = ['l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `l${i}: &l${i} [${Array(9)
        .fill(`*l${i - 1}`)
        .join(",")}]`,
    );
  return lines.join("\n");
}

/** The frontmatter bombs, from the issue's findings; `scale` 1 is the full size (millions of brackets). */
export function yamlBombs(scale = 1): YamlBomb[] {
  const millions = Math.max(70_000, Math.round(3_000_000 * scale));
  return [
    {
      name: "millions of [",
      frontmatter: `${HEAD}metadata: ${"[".repeat(millions)}`,
      code: "skill.frontmatter.too-large",
    },
    {
      name: "millions of {",
      frontmatter: `${HEAD}metadata: ${"{".repeat(millions)}`,
      code: "skill.frontmatter.too-large",
    },
    {
      name: "60,000 [ under 64 KiB",
      frontmatter: `${HEAD}metadata: ${"[".repeat(60_000)}`,
      code: "skill.frontmatter.too-deep",
    },
    {
      name: "16,000 nested {a: under 64 KiB",
      frontmatter: `${HEAD}metadata: ${"{a: ".repeat(16_000)}`,
      code: "skill.frontmatter.too-deep",
    },
    {
      name: "30,000 nested - items",
      frontmatter: `${HEAD}metadata:\n${"- ".repeat(30_000)}x`,
      code: "skill.frontmatter.too-deep",
    },
    {
      name: "300 indented levels",
      frontmatter: HEAD + Array.from({ length: 300 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n") + " v",
      code: "skill.frontmatter.too-deep",
    },
    {
      name: "20,000 anchors in a chain",
      frontmatter: `${HEAD}${aliasChain(20_000)}`,
      code: "skill.frontmatter.too-large",
    },
    {
      name: "2,500 anchors in a chain under 64 KiB",
      frontmatter: `${HEAD}${aliasChain(2_500)}`,
      code: "skill.frontmatter.aliases",
    },
    { name: "billion laughs", frontmatter: `${HEAD}${laughs(9)}`, code: "skill.frontmatter.aliases" },
    {
      name: "flow mapping of 6,000 keys",
      frontmatter: `${HEAD}metadata: {${Array.from({ length: 6_000 }, (_, i) => `k${i}: v`).join(", ")}}`,
      code: "skill.frontmatter.too-large",
    },
  ];
}

/** A SKILL.md holding a frontmatter. */
export function skillMd(frontmatter: string): string {
  return `---\n${frontmatter}\n---\n# Bomb\n`;
}

/** JSON bombs for plugin.json, mcp.json and the other JSON files read from disk. */
export function jsonBombs(scale = 1): Array<{ name: string; text: string }> {
  const millions = Math.max(70_000, Math.round(3_000_000 * scale));
  return [
    { name: "millions of [", text: "[".repeat(millions) },
    { name: "millions of [] closed", text: "[".repeat(millions / 2) + "]".repeat(millions / 2) },
    { name: "30,000 nested objects", text: '{"a":'.repeat(30_000) + "1" + "}".repeat(30_000) },
  ];
}
