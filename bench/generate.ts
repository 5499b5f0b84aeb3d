// Generates a tree of realistic skills for the bench: a few KB of instructions, some references, some invalid.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { mapBounded } from "../electron/engine/fs/bounded";
import { rng, sentence } from "./random-text";

/** What was generated. */
export interface GeneratedTree {
  root: string;
  dirs: string[];
  files: number;
  bytes: number;
  invalid: number;
}

const WORDS =
  "the skill reads a form and fills each field from the payload then checks totals before it writes the result file for review".split(
    " ",
  );

const paragraph = (random: () => number, words: number) => sentence(WORDS, random, words);

/** Writes `count` skills under root/skills-N and returns their folders. */
export async function generateSkills(root: string, count: number): Promise<GeneratedTree> {
  const random = rng(42);
  const plans = Array.from({ length: count }, (_, i) => {
    const name = `skill-${i.toString().padStart(5, "0")}`;
    const refs = random() < 0.4 ? 1 + Math.floor(random() * 3) : 0;
    const kind = random();
    const invalid = kind < 0.03 ? "uppercase" : kind < 0.05 ? "no-description" : kind < 0.07 ? "missing-ref" : null;
    const paragraphs = 8 + Math.floor(random() * 25);
    const body: string[] = [`# ${name}`, ""];
    for (let p = 0; p < paragraphs; p++) body.push(paragraph(random, 20 + Math.floor(random() * 30)), "");
    if (random() < 0.3) body.push("```bash", "python3 scripts/run.py --input [x](not-a-ref.md)", "```", "");
    for (let r = 0; r < refs; r++) body.push(`See [reference ${r}](references/ref-${r}.md) for details.`, "");
    if (invalid === "missing-ref") body.push("See [the guide](references/missing.md).", "");
    const frontmatter = [
      "---",
      `name: ${invalid === "uppercase" ? name.toUpperCase() : name}`,
      ...(invalid === "no-description"
        ? []
        : [`description: ${paragraph(random, 12 + Math.floor(random() * 20))} Use when the user asks about ${name}.`]),
      "license: MIT",
      "metadata:",
      "  author: bench",
      `  version: "1.${i % 10}.0"`,
      "---",
      "",
    ];
    const files: Record<string, string> = { "SKILL.md": frontmatter.join("\n") + body.join("\n") };
    for (let r = 0; r < refs; r++) files[`references/ref-${r}.md`] = `# Reference ${r}\n\n${paragraph(random, 150)}\n`;
    if (random() < 0.2) files["scripts/run.py"] = "print('hello')\n";
    return { dir: path.join(root, `group-${Math.floor(i / 1000)}`, name), files, invalid: invalid !== null };
  });
  let files = 0;
  let bytes = 0;
  await mapBounded(plans, 32, async (plan) => {
    const folders = new Set(Object.keys(plan.files).map((rel) => path.dirname(path.join(plan.dir, rel))));
    for (const folder of folders) await mkdir(folder, { recursive: true });
    for (const [rel, text] of Object.entries(plan.files)) {
      await writeFile(path.join(plan.dir, rel), text);
      files++;
      bytes += Buffer.byteLength(text);
    }
  });
  return { root, dirs: plans.map((p) => p.dir), files, bytes, invalid: plans.filter((p) => p.invalid).length };
}
