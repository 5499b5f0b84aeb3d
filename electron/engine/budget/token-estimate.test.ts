// The error of the characters ÷ 4 estimate against real tokenizers, on listings shaped like people's: the bound
// docs/budget.md and the app state (MEASURED_TOKEN_ERROR) must hold, against @anthropic-ai/tokenizer and gpt-tokenizer
// (devDependencies).
import { countTokens } from "@anthropic-ai/tokenizer";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { DEFAULT_INTRO } from "../../../shared/level1";
import type { Skill } from "../../../shared/model";
import { MEASURED_TOKEN_ERROR, estimateTokens } from "../../../shared/tokens";
import { buildListing } from "./listing";

/** Names and descriptions written the way published skills write them: purpose, then when to use it. */
const SKILLS: Array<[string, string]> = [
  ["pdf", "Extract text and tables from PDF files, fill forms, merge documents. Use when working with PDFs."],
  [
    "docx",
    "Create, edit and analyse Word documents: tracked changes, comments, formatting kept. Use when the user gives a .docx file or asks for a report in Word.",
  ],
  ["git-release", "Prepare release notes, version bumps and GitHub releases from merged pull requests."],
  [
    "frontend-design",
    "Build distinctive, production-grade web interfaces with React and Tailwind CSS; avoids generic layouts. Use when asked to design a page, a component or a landing site.",
  ],
  ["changelog", "Summarise commits since the last tag into a CHANGELOG.md entry (Keep a Changelog format)."],
  [
    "api-auditor",
    'Audit and test API endpoints: status codes, latency, TLS. Use when the user asks to "check", "test" or "audit" a URL.',
  ],
  ["sql-review", "Review SQL migrations for locking, missing indexes and irreversible changes before they ship."],
  [
    "terraform-plan",
    "Read a terraform plan, explain each resource change in plain words, and flag deletions or replacements of stateful resources such as databases, buckets and queues.",
  ],
  ["k8s-debug", "Diagnose failing Kubernetes pods: CrashLoopBackOff, OOMKilled, image pull errors, probes."],
  ["brand-voice", "Rewrite marketing copy in the company's voice: short sentences, no jargon, active verbs."],
  [
    "data-cleaning",
    "Clean CSV and Excel data with pandas — dedupe rows, normalise dates (ISO 8601), fix encodings — and write a summary of every change made.",
  ],
  ["slack-digest", "Turn a Slack channel export into a daily digest of decisions, open questions and owners."],
  [
    "security-review",
    "Review a diff for injection, path traversal, secrets in code, unsafe deserialisation and missing authorisation checks; report each finding with file and line.",
  ],
  ["mcp-builder", "Guide for building MCP servers in TypeScript or Python with tools, resources and prompts."],
  ["i18n", "Extract user-facing strings, add translation keys and keep plural rules per locale (ICU MessageFormat)."],
  ["résumé-helper", "Tailor a résumé or CV to a job posting; keeps dates and titles exact, never invents experience."],
  [
    "incident-postmortem",
    "Write a blameless post-mortem from an incident timeline: impact, root cause, what went well, action items with owners and dates.",
  ],
  ["regex", "Write and explain regular expressions, with test cases for the edge cases."],
  [
    "webapp-testing",
    "Test local web applications with Playwright: start the dev server, click through flows, capture screenshots and console errors.",
  ],
  ["pptx", "Create and edit PowerPoint decks: layouts, speaker notes, charts from data."],
  [
    "code-migration",
    "Migrate a codebase between framework versions step by step (e.g. Vue 2 → 3, Python 2 → 3), running the tests after each step.",
  ],
  ["commit-message", "Write Conventional Commits messages from the staged diff."],
  [
    "onboarding",
    "Answer a new engineer's questions about this repository: where things live, how to run it, who owns what. Use at the start of someone's first week.",
  ],
  ["xlsx", "Read, write and chart spreadsheets; formulas stay formulas, never pasted values."],
];

const skillOf = ([name, description]: [string, string]): Skill =>
  ({ id: name, name, description, contentHash: name, dir: `/s/${name}` }) as unknown as Skill;

/** Listings of 1 to 24 skills, each as a client sends it (the intro and the <available_skills> block). */
function listings(): string[] {
  const rules = { maxDescChars: null, budgetChars: null, honoursDisableModelInvocation: false };
  return [1, 2, 3, 5, 8, 12, 16, 20, 24].map(
    (n, i) =>
      buildListing(
        SKILLS.slice(0, n).map((s) => ({ skill: skillOf(s), path: `/s/${s[0]}` })),
        rules,
        i % 2 ? null : DEFAULT_INTRO,
      ).text,
  );
}

describe("the characters ÷ 4 token estimate", () => {
  it("stays within the measured error docs/budget.md states, against Claude's and OpenAI's tokenizers", () => {
    const claude = { countTokens };
    const openai = { encode };
    const texts = listings();
    const errors = { claude: [] as number[], openai: [] as number[] };
    for (const text of texts) {
      const estimate = estimateTokens(text);
      errors.claude.push((estimate - claude.countTokens(text)) / claude.countTokens(text));
      errors.openai.push((estimate - openai.encode(text).length) / openai.encode(text).length);
    }
    const worst = (list: number[]) => Math.max(...list.map(Math.abs));
    const pct = (list: number[]) => list.map((e) => `${(e * 100).toFixed(1)}%`).join(" ");
    console.info(`[measured] ${texts.length} listings; Claude tokenizer: ${pct(errors.claude)}`);
    console.info(`[measured] ${texts.length} listings; o200k_base: ${pct(errors.openai)}`);
    expect(texts).toHaveLength(MEASURED_TOKEN_ERROR.listings);
    expect(worst(errors.claude)).toBeLessThanOrEqual(MEASURED_TOKEN_ERROR.percent / 100);
    expect(worst(errors.openai)).toBeLessThanOrEqual(MEASURED_TOKEN_ERROR.percent / 100);
  });
});
