// `skillshelf update NAME` for a skill added with `add mcp:URL`, against the real MCP skills server on loopback:
// the dry run shows the server's changed file, the update applies it (backup kept, origin digests recorded, so
// `outdated` says up to date), and `rollback` puts the old copy and its origin back.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import {
  specDigest,
  startMcpSkillsServer,
  type RunningMcpSkillsServer,
} from "../../../test-support/servers/mcp-skills-server";
import { readOrigins } from "../../engine/mcp-skills/origins";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const SKILL = `---\nname: pdf-tools\ndescription: The pdf-tools skill, from a server.\n---\n\nBody.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let server: RunningMcpSkillsServer;
let served: Record<string, Record<string, string>>;
const env = () => ({
  SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
  SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
  SKILLSHELF_GITHUB_API: "http://127.0.0.1:9",
  GITHUB_TOKEN: "",
  XDG_STATE_HOME: "",
  CLAUDE_CONFIG_DIR: "",
});
const run = (...args: string[]) =>
  runBin([...args, "--home", home, "--platform", "linux"], { env: env(), cwd: tmp.dir });
const stateNow = async () => {
  const out = await run("outdated", "--json");
  const updates = (JSON.parse(out.stdout) as { updates: Array<{ name: string; state: string }> }).updates;
  return updates.find((u) => u.name === "pdf-tools")?.state;
};
const forms = () => readFile(path.join(home, ".agents/skills/pdf-tools/references/forms.md"), "utf8");

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-update-mcp-");
  home = path.join(tmp.dir, "home");
  await writeTree(home, { ".keep": "" });
  served = { "pdf-tools": { "SKILL.md": SKILL, "references/forms.md": "# Forms\n" } };
  server = await startMcpSkillsServer({ skills: served });
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

describe("skillshelf update NAME for a skill from an MCP server", () => {
  it("fetches the server's changed copy, applies it with a backup and records it; rollback undoes it", async () => {
    expect((await run("add", `mcp:${server.url}`, "--skill", "pdf-tools", "--yes")).code).toBe(0);
    served["pdf-tools"]!["references/forms.md"] = "# Forms, revised\n";

    const dry = await run("update", "pdf-tools", "--dry-run", "--json");
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      dryRun: true,
      applied: false,
      diff: { changed: ["references/forms.md"] },
    });
    expect(await forms()).toBe("# Forms\n");

    const update = await run("update", "pdf-tools", "--yes", "--json");
    expect(update.code, update.stderr).toBe(0);
    expect(JSON.parse(update.stdout)).toMatchObject({ kind: "replace-folder", applied: true });
    expect(await forms()).toBe("# Forms, revised\n");
    const origin = [...(await readOrigins(path.join(tmp.dir, "data"))).values()][0];
    expect(origin?.kind === "mcp" && origin.resources.map((r) => r.digest)).toEqual([
      specDigest(SKILL),
      specDigest("# Forms, revised\n"),
    ]);
    expect(await stateNow()).toBe("up-to-date");

    const rollback = await run("rollback", "pdf-tools", "--json");
    expect(rollback.code, rollback.stderr).toBe(0);
    expect(await forms()).toBe("# Forms\n");
    // The origin went back with the files: the server's copy is newer again, not a local change.
    expect(await stateNow()).toBe("outdated");
  });

  it("says the copy is up to date when the server serves the same files", async () => {
    expect((await run("add", `mcp:${server.url}`, "--skill", "pdf-tools", "--yes")).code).toBe(0);
    const update = await run("update", "pdf-tools", "--yes");
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toMatch(/up to date/);
    expect(await forms()).toBe("# Forms\n");
  });
});
