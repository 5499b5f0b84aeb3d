// Generates a repository shaped like public skill repositories: nested skill folders, Agent Plugins and Claude Code
// plugins with and without manifests, a marketplace listing some of them (one defined only by its entry), and the
// folders a walk must skip. Returns what a repository walk must find, relative to the root with "/" separators.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { writeTree } from "./tmp";

/** What `validate` on the corpus root must find. */
export interface CorpusExpectation {
  /** Skill folders checked on their own (not inside a plugin). */
  skills: string[];
  /** Plugin folders, with the names of the skills each must load. */
  plugins: Array<{ path: string; name: string; format: "agent-plugins" | "claude-code"; skills: string[] }>;
  marketplaces: string[];
  /** The folder of plugins (for `scan --include`) and the skills of the plugins in it that have no manifest. */
  pluginsFolder: string;
  manifestlessSkills: string[];
}

const skillMd = (name: string, body = "Follow the steps.") =>
  `---\nname: ${name}\ndescription: The ${name} skill for the corpus. Use it when asked about ${name}.\n---\n\n# ${name}\n\n${body}\n`;

/** Writes the corpus under root (an empty folder) and returns what must be found. */
export async function writeRepoCorpus(root: string): Promise<CorpusExpectation> {
  const files: Record<string, string> = {
    "README.md": "# A skills repository\n",
    "template/SKILL.md": skillMd("template"),
    ".claude/skills/repo-helper/SKILL.md": skillMd("repo-helper"),
    "docs/examples/advanced/pdf/SKILL.md": skillMd("pdf"),
    "node_modules/some-dep/skills/vendored/SKILL.md": skillMd("vendored"),
    ".git/objects/SKILL.md": skillMd("objects"),
    // A Claude Code plugin with its manifest, a ${CLAUDE_PLUGIN_ROOT} link and a command.
    "plugins/review-kit/.claude-plugin/plugin.json": JSON.stringify({
      name: "review-kit",
      version: "1.2.0",
      description: "Review helpers.",
      repository: "https://github.com/example/review-kit",
    }),
    "plugins/review-kit/scripts/check.sh": "echo check\n",
    "plugins/review-kit/commands/review.md": "Review the change.\n",
    "plugins/review-kit/skills/code-review/SKILL.md": skillMd(
      "code-review",
      "Run [the check](${CLAUDE_PLUGIN_ROOT}/scripts/check.sh).",
    ),
    "plugins/review-kit/skills/security-review/SKILL.md": skillMd("security-review"),
    // An Agent Plugins 1.0.0 package.
    "plugins/agent-kit/plugin.json": JSON.stringify({
      $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
      name: "agent-kit",
      version: "0.1.0",
    }),
    "plugins/agent-kit/skills/portable/SKILL.md": skillMd("portable"),
    // Claude Code plugins without a manifest: the standard layout, listed by the marketplace.
    "plugins/data-tools/skills/csv-clean/SKILL.md": skillMd("csv-clean"),
    "plugins/data-tools/skills/sql-explain/SKILL.md": skillMd("sql-explain"),
    "plugins/data-tools/skills/chart-pick/SKILL.md": skillMd("chart-pick"),
    "plugins/writing-kit/skills/tone/SKILL.md": skillMd("tone"),
    "plugins/writing-kit/skills/outline/SKILL.md": skillMd("outline"),
    // A plugin defined only by its marketplace entry (strict: false), its skills at a path the entry lists.
    "shared/entry-only/prompts/summarise/SKILL.md": skillMd("summarise"),
    ".claude-plugin/marketplace.json": JSON.stringify(
      {
        name: "corpus-market",
        owner: { name: "Corpus" },
        metadata: { description: "Plugins of the corpus." },
        plugins: [
          { name: "review-kit", source: "./plugins/review-kit", description: "Review helpers." },
          { name: "data-tools", source: "./plugins/data-tools", description: "Data helpers." },
          { name: "writing-kit", source: "./plugins/writing-kit" },
          {
            name: "summariser",
            source: "./shared/entry-only",
            strict: false,
            description: "Summaries.",
            skills: ["./prompts/"],
          },
          { name: "remote-kit", source: { source: "github", repo: "example/remote-kit" } },
        ],
      },
      null,
      2,
    ),
  };
  for (let i = 0; i < 6; i++) files[`skills/category-${i % 2}/skill-${i}/SKILL.md`] = skillMd(`skill-${i}`);
  await mkdir(root, { recursive: true });
  await writeTree(root, files);
  return {
    skills: [
      ".claude/skills/repo-helper",
      "docs/examples/advanced/pdf",
      "template",
      ...Array.from({ length: 6 }, (_, i) => `skills/category-${i % 2}/skill-${i}`),
    ].sort(),
    plugins: [
      { path: "plugins/agent-kit", name: "agent-kit", format: "agent-plugins" as const, skills: ["portable"] },
      {
        path: "plugins/data-tools",
        name: "data-tools",
        format: "claude-code" as const,
        skills: ["chart-pick", "csv-clean", "sql-explain"],
      },
      {
        path: "plugins/review-kit",
        name: "review-kit",
        format: "claude-code" as const,
        skills: ["code-review", "security-review"],
      },
      { path: "plugins/writing-kit", name: "writing-kit", format: "claude-code" as const, skills: ["outline", "tone"] },
      { path: "shared/entry-only", name: "summariser", format: "claude-code" as const, skills: ["summarise"] },
    ],
    marketplaces: ["."],
    pluginsFolder: "plugins",
    manifestlessSkills: ["chart-pick", "csv-clean", "outline", "sql-explain", "tone"],
  };
}

/** A path of the corpus as the expectation writes it. */
export function corpusPath(root: string, abs: string): string {
  return path.relative(root, abs).split(path.sep).join("/") || ".";
}
