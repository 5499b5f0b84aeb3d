// Paths written as inline code: which count as the skill's own files, and the finding for one that is not there.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { extractCodePaths } from "./code-paths";
import { getSkillLevels } from "./levels";
import { readSkill } from "./read-skill";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: root, cleanup } = await makeTempDir("skillshelf-code-paths-"));
});
afterAll(async () => cleanup());

describe("extractCodePaths", () => {
  it("finds whole-span relative paths with their line and column, outside fences", () => {
    const text =
      "Read `references/a.md` and `./scripts/run.py`.\n```\n`references/in-fence.md`\n```\n`{baseDir}/assets/x.png`\n";
    expect(extractCodePaths(text, 10)).toEqual([
      { text: "references/a.md", rel: "references/a.md", line: 10, column: 7 },
      { text: "./scripts/run.py", rel: "scripts/run.py", line: 10, column: 29 },
      { text: "{baseDir}/assets/x.png", rel: "assets/x.png", line: 14, column: 2 },
    ]);
  });

  it("ignores URLs, paths climbing out, absolute paths, commands, folders and bare file names", () => {
    const text =
      "`https://x.org/a.md` `../up/a.md` `/etc/hosts.txt` `~/notes/a.md` `python scripts/run.py` `references/` `README.md` `a/*.md`";
    expect(extractCodePaths(text)).toEqual([]);
  });
});

describe("skill.ref.path-missing", () => {
  it("names references/missing.md with its SKILL.md line and column, once, and nothing for files present", async () => {
    const report = await readSkill(path.join(FIXTURES, "ref-path-missing"));
    const found = report.diagnostics.filter((d) => d.code.startsWith("skill.ref."));
    expect(found).toEqual([
      expect.objectContaining({
        code: "skill.ref.path-missing",
        severity: "warning",
        file: path.join(FIXTURES, "ref-path-missing", "SKILL.md"),
        line: 6,
        column: 41,
        fix: expect.stringContaining("Add the file"),
      }),
    ]);
    expect(found[0]!.message).toContain("references/missing.md");
  });

  it("does not report a path into the user's project, but does one into a folder the skill has", async () => {
    await writeTree(root, {
      "demo/SKILL.md":
        "---\nname: demo\ndescription: d\n---\n\nEdit `src/app.ts`; read `docs/gone.md` and `docs/here.md`.\n",
      "demo/docs/here.md": "# Here\n",
    });
    const report = await readSkill(path.join(root, "demo"));
    const found = report.diagnostics.filter((d) => d.code === "skill.ref.path-missing");
    expect(found.map((d) => [d.line, d.message.includes("docs/gone.md")])).toEqual([[6, true]]);
  });

  it("is not reported again when a link to the same file is already reported", async () => {
    await writeTree(root, {
      "twice/SKILL.md":
        "---\nname: twice\ndescription: d\n---\n\nSee [guide](references/gone.md), i.e. `references/gone.md`.\n",
    });
    const codes = (await readSkill(path.join(root, "twice"))).diagnostics.map((d) => d.code);
    expect(codes.filter((c) => c.startsWith("skill.ref."))).toEqual(["skill.ref.missing"]);
  });

  it("lists the missing file in level 3 and marks a named file that exists as referenced", async () => {
    const { level3 } = await getSkillLevels(path.join(FIXTURES, "ref-path-missing"));
    expect(level3.missing).toEqual(["references/missing.md"]);
    expect(level3.entries.find((e) => e.path === "references/guide.md")?.referenced).toBe(true);
  });
});
