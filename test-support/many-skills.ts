// Adds many generated skills to a fake home (valid, invalid, linked, with references), for tests of big scans.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";

const FOLDERS = [".claude/skills", ".agents/skills", ".cursor/skills", ".codex/skills"];

function skillText(name: string, i: number): string {
  if (i % 13 === 0) return `---\nname: ${name}\n---\n# ${name}\n\nNo description, so this one is invalid.\n`;
  if (i % 17 === 0)
    return `---\nname: Not-The-Folder-${i}\ndescription: A name that does not match its folder.\n---\nBody.\n`;
  const bom = i % 19 === 0 ? "\uFEFF" : "";
  const refs = i % 5 === 0 ? "\nSee [the guide](references/guide.md) and [a missing file](references/gone.md).\n" : "";
  return `${bom}---\nname: ${name}\ndescription: Handles ${name} requests. Use when the user asks about ${name}.\nmetadata:\n  version: "1.${i % 10}.0"\n---\n# ${name}\n\nStep ${i}: read the request and answer it.\n${refs}`;
}

/** Writes `count` skills spread over a few user folders of `home`; every eleventh is also linked from another folder. */
export async function addManySkills(home: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const name = `gen-skill-${String(i).padStart(4, "0")}`;
    const dir = path.join(home, ...(FOLDERS[i % FOLDERS.length] as string).split("/"), name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "SKILL.md"), skillText(name, i));
    if (i % 5 === 0) {
      await mkdir(path.join(dir, "references"), { recursive: true });
      await writeFile(path.join(dir, "references", "guide.md"), `# Guide ${i}\n`);
    }
    if (i % 11 === 0) {
      const other = path.join(home, ...(FOLDERS[(i + 1) % FOLDERS.length] as string).split("/"), `${name}-link`);
      await mkdir(path.dirname(other), { recursive: true });
      await symlink(dir, other, "dir");
    }
  }
}
