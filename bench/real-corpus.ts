// Generates skills shaped like public skill repositories: long instructions with dozens of links, references that link
// on, 10+ bundled files (scripts, images, nested references) per skill, a few broken links and invalid fields.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { mapBounded } from "../electron/engine/fs/bounded";
import { rng, sentence } from "./random-text";

/** What was generated. */
export interface RealCorpus {
  root: string;
  dirs: string[];
  files: number;
  bytes: number;
}

const WORDS =
  "when the user asks for a report read the sheet first then check every total against the source and write a summary with the open questions before you edit any file in the project".split(
    " ",
  );

const prose = (random: () => number, count: number) => sentence(WORDS, random, count);

/** A PNG-like binary file (a real signature, then noise): validation must not read it as text. */
function image(random: () => number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

function skillFiles(name: string, index: number, random: () => number): Record<string, string | Uint8Array> {
  const refs = 3 + Math.floor(random() * 5);
  const scripts = 2 + Math.floor(random() * 3);
  const images = 2 + Math.floor(random() * 3);
  const files: Record<string, string | Uint8Array> = {};
  const refNames = Array.from({ length: refs }, (_, r) =>
    r % 3 === 2 ? `references/advanced/topic-${r}.md` : `references/topic-${r}.md`,
  );
  const scriptNames = Array.from({ length: scripts }, (_, s) =>
    s % 2 ? `scripts/tool-${s}.sh` : `scripts/tool-${s}.py`,
  );
  const imageNames = Array.from({ length: images }, (_, i) => `assets/figure-${i}.png`);
  const body: string[] = [`# ${name}`, "", prose(random, 40), ""];
  const sections = 4 + Math.floor(random() * 8);
  for (let s = 0; s < sections; s++) {
    body.push(`## Step ${s + 1}`, "");
    for (let p = 0; p < 2 + Math.floor(random() * 3); p++) {
      const ref = refNames[Math.floor(random() * refNames.length)]!;
      const script = scriptNames[Math.floor(random() * scriptNames.length)]!;
      body.push(
        `${prose(random, 25)} See [the notes](${ref}) and run [\`${path.basename(script)}\`](${script}). ${prose(random, 15)} More at [the docs](https://example.com/docs/${name}#s${s}) and [below](#step-${s + 2}).`,
        "",
      );
    }
    if (random() < 0.4) body.push(`![Figure ${s}](${imageNames[Math.floor(random() * imageNames.length)]})`, "");
    if (random() < 0.3)
      body.push("```bash", `python3 ${scriptNames[0]} --input data.csv  # [not a link](nowhere.md)`, "```", "");
    if (random() < 0.2)
      body.push("| Option | Meaning |", "| --- | --- |", `| \`--dry-run\` | ${prose(random, 8)} |`, "");
  }
  if (index % 17 === 0) body.push("Read [the missing guide](references/missing.md) first.", "");
  if (index % 23 === 0) body.push("Then see [the shared file](../shared/common.md).", "");
  body.push("[spec]: https://agentskills.io/specification", "[^1]: A footnote, not a link definition.", "");
  const description = `${prose(random, 14 + Math.floor(random() * 20))} Use when the user asks about ${name}.`;
  const frontmatter = [
    "---",
    `name: ${index % 29 === 0 ? name.toUpperCase() : name}`,
    `description: ${description}`,
    "license: Apache-2.0",
    "metadata:",
    "  author: bench",
    `  version: "2.${index % 7}.0"`,
    "---",
    "",
  ];
  files["SKILL.md"] = frontmatter.join("\n") + body.join("\n");
  refNames.forEach((ref, r) => {
    const depth = ref.split("/").length - 2;
    const up = "../".repeat(depth);
    const next = refNames[(r + 1) % refNames.length]!;
    const lines = [`# Topic ${r}`, ""];
    for (let p = 0; p < 6 + Math.floor(random() * 10); p++) lines.push(prose(random, 40), "");
    lines.push(
      `Back to [the skill](${up}../SKILL.md), next: [topic](${path.posix.relative(path.posix.dirname(ref), next)}), script [${scriptNames[0]}](${up}../${scriptNames[0]}).`,
      "",
    );
    files[ref] = lines.join("\n");
  });
  scriptNames.forEach((script, s) => {
    files[script] = script.endsWith(".py")
      ? `#!/usr/bin/env python3\n"""Tool ${s} for ${name}."""\nimport sys\n\n${Array.from({ length: 30 }, (_, l) => `print("step ${l}", sys.argv[1:])`).join("\n")}\n`
      : `#!/bin/sh\nset -eu\n${Array.from({ length: 20 }, (_, l) => `echo "step ${l}" "$@"`).join("\n")}\n`;
  });
  imageNames.forEach((img) => (files[img] = image(random, 2_000 + Math.floor(random() * 6_000))));
  files["LICENSE.txt"] = "Apache License, Version 2.0\n" + prose(random, 200) + "\n";
  return files;
}

/** Writes `count` real-shaped skills under root/<repo-N>/skills/<name> and returns their folders. */
export async function generateRealCorpus(root: string, count: number): Promise<RealCorpus> {
  const random = rng(7);
  const plans = Array.from({ length: count }, (_, i) => {
    const name = `real-skill-${i.toString().padStart(5, "0")}`;
    return { dir: path.join(root, `repo-${Math.floor(i / 40)}`, "skills", name), files: skillFiles(name, i, random) };
  });
  let files = 0;
  let bytes = 0;
  await mapBounded(plans, 16, async (plan) => {
    const folders = new Set(Object.keys(plan.files).map((rel) => path.dirname(path.join(plan.dir, rel))));
    for (const folder of folders) await mkdir(folder, { recursive: true });
    for (const [rel, content] of Object.entries(plan.files)) {
      await writeFile(path.join(plan.dir, rel), content);
      files++;
      bytes += typeof content === "string" ? Buffer.byteLength(content) : content.length;
    }
  });
  return { root, dirs: plans.map((p) => p.dir), files, bytes };
}
