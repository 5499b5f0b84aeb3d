// `skillshelf update` on a real pseudo-terminal (util-linux `script`), through the built bin: the download progress
// reads as plain lines (no `\r` shown as an escape), and a confirmed recipe's own output passes through as the program
// wrote it (its `\r` and colours), while the CLI's own text stays escaped.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { zipOf } from "../../../test-support/archives";
import { runBinOnTerminal } from "../../../test-support/cli";
import { BLANK_DISCOVERY_ENV } from "../../../test-support/fixture-homes";
import { startReleaseServer } from "../../../test-support/servers/release-server";
import { startSkillMetaServer } from "../../../test-support/servers/skill-meta-server";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const skillMd = (name: string, version: string, repository?: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill.\nmetadata:\n  version: "${version}"\n${repository ? `  repository: ${repository}\n` : ""}---\n\n# ${name}\n\nVersion ${version}.\n`;

async function home() {
  const tmp = await makeTempDir();
  closers.push(tmp.cleanup);
  const env = {
    ...BLANK_DISCOVERY_ENV,
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
  return { dir: tmp.dir, home: path.join(tmp.dir, "home"), env };
}

describe.skipIf(process.platform === "win32")("skillshelf update on a terminal (POSIX only: script and sh)", () => {
  it("shows the download progress as plain lines, never a literal \\r", async (ctx) => {
    if (spawnSync("script", ["--version"]).error)
      skipBecause(ctx, "util-linux `script` is not installed to give the bin a terminal");
    const h = await home();
    await writeTree(h.home, {
      ".claude/skills/report/SKILL.md": skillMd("report", "2.0.0", "https://github.com/acme/report"),
    });
    const server = await startReleaseServer({
      releases: {
        "acme/report": {
          tag: "v2.1.0",
          checksums: true,
          assets: { "report.skill": zipOf({ "report/SKILL.md": skillMd("report", "2.1.0") }) },
        },
      },
    });
    closers.push(server.close);
    const run = await runBinOnTerminal(
      ["update", "report", "--yes", "--home", h.home, "--platform", "linux", "--github-api", server.url],
      { env: h.env },
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Downloading the new version: 100% \(/);
    expect(run.output).toMatch(/Updated "report" to 2\.1\.0/);
    expect(run.output).not.toContain("\\r");
    expect(run.output).not.toContain("\\x1b");
  });

  it("passes a confirmed recipe's own output through, its \\r and colours included", async (ctx) => {
    if (spawnSync("script", ["--version"]).error)
      skipBecause(ctx, "util-linux `script` is not installed to give the bin a terminal");
    const h = await home();
    await writeTree(h.home, { ".claude/skills/agentkey/SKILL.md": skillMd("agentkey", "1.7.2") });
    const meta = await startSkillMetaServer({
      skill: "agentkey",
      latest: "1.8.0",
      recipe: { kind: "shell", command: "printf 'step 1\\rstep 2 \\033[1mbold\\033[0m\\n'" },
    });
    closers.push(meta.close);
    const run = await runBinOnTerminal(
      [
        "update",
        "agentkey",
        "--run-recipe",
        "--yes",
        "--home",
        h.home,
        "--platform",
        "linux",
        "--server",
        meta.url,
        "--github-api",
        "http://127.0.0.1:9",
      ],
      { env: h.env },
    );
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("step 1\rstep 2 \u001b[1mbold\u001b[0m");
    expect(run.output).toMatch(/The command exited with code 0\./);
  });
});
