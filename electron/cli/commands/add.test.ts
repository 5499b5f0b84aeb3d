// The add, remove, share and rollback commands through the built CLI: exit codes, one JSON document, no change
// without a yes, untrusted names escaped, and remove undone by rollback.
import { lstat, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const SKILL = (name: string, description = `The ${name} skill.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nBody.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
const env = () => ({ SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"), XDG_STATE_HOME: "", CLAUDE_CONFIG_DIR: "" });
const run = (...args: string[]) =>
  runBin([...args, "--home", home, "--platform", "linux"], { env: env(), cwd: tmp.dir });
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-cli-");
  home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  await writeTree(path.join(tmp.dir, "src", "tidy"), { "SKILL.md": SKILL("tidy") });
});
afterEach(() => tmp.cleanup());

describe("skillshelf add / remove / share / rollback", () => {
  it("adds with --yes (one JSON document), removes, and rollback puts it back", async () => {
    const add = await run("add", "./src/tidy", "--client", "claude-code", "--client", "cursor", "--yes", "--json");
    expect(add.code, add.stderr).toBe(0);
    const doc = JSON.parse(add.stdout) as { applied: boolean; skills: Array<{ name: string; places: unknown[] }> };
    expect(doc).toMatchObject({ applied: true, skills: [{ name: "tidy" }] });
    expect(doc.skills[0]!.places).toHaveLength(3);
    expect(await readlink(path.join(home, ".cursor/skills/tidy"))).toBe("../../.agents/skills/tidy");

    const remove = await run("remove", "tidy", "--yes");
    expect(remove.code, remove.stderr).toBe(0);
    expect(remove.stdout).toContain(".claude/skills/tidy → ../../.agents/skills/tidy");
    expect(remove.stdout).toContain("lock entry in");
    for (const p of [".claude/skills/tidy", ".cursor/skills/tidy", ".agents/skills/tidy"])
      expect(await gone(path.join(home, p))).toBe(true);

    const back = await run("rollback", "tidy", "--json");
    expect(back.code, back.stderr).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ name: "tidy", restored: true });
    expect(await readFile(path.join(home, ".claude/skills/tidy/SKILL.md"), "utf8")).toBe(SKILL("tidy"));
    expect(JSON.parse(await readFile(path.join(home, ".agents/.skill-lock.json"), "utf8")).skills.tidy).toMatchObject({
      sourceType: "local",
    });
  });

  it("changes nothing without a yes when there is no terminal, and --dry-run never writes", async () => {
    const add = await run("add", "./src/tidy");
    expect(add.code).toBe(1);
    expect(add.stderr).toContain("add --yes");
    const dry = await run("add", "./src/tidy", "--dry-run", "--json");
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ applied: false });
    expect(await gone(path.join(home, ".agents"))).toBe(true);
  });

  it("answers a conflict with exit 1 and the question, a bad client with exit 2", async () => {
    await writeTree(path.join(home, ".agents/skills/tidy"), { "SKILL.md": SKILL("tidy", "Another tidy.") });
    const add = await run("add", "./src/tidy", "--yes", "--json");
    expect(add.code).toBe(1);
    const doc = JSON.parse(add.stdout) as { error: { code: string; message: string } };
    expect(doc.error.code).toBe("manage.conflict");
    expect(doc.error.message).toContain("--replace");
    const replaced = await run("add", "./src/tidy", "--yes", "--replace");
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/The replaced copy at .* is kept at/);
    const bad = await run("add", "./src/tidy", "--client", "notepad");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("claude-code");
  });

  it("escapes untrusted text from the skill on the terminal", async () => {
    await writeTree(path.join(tmp.dir, "src", "evil"), {
      "SKILL.md": SKILL("evil", '"Desc \\u001b[31mred\\u001b]0;title\\u0007"'),
    });
    const add = await run("add", "./src/evil", "--dry-run");
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).not.toContain("\u001b");
  });

  it("shares an installed skill with another client, and refuses an unknown name", async () => {
    expect((await run("add", "./src/tidy", "--yes")).code).toBe(0);
    const share = await run("share", "tidy", "--client", "gemini-cli");
    expect(share.code, share.stderr).toBe(0);
    expect(await readlink(path.join(home, ".gemini/skills/tidy"))).toBe("../../.agents/skills/tidy");
    const none = await run("share", "nope", "--client", "cursor", "--json");
    expect(none.code).toBe(1);
    expect(JSON.parse(none.stdout)).toMatchObject({ error: { code: "manage.not-installed" } });
    const remove = await run("remove", "nope", "--yes");
    expect(remove.code).toBe(1);
  });
});
