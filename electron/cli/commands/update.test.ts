import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { chmod, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { runBin, runBinOnTerminal } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { tarGzOf, zipOf } from "../../../test-support/archives";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let server: RunningReleaseServer;
let skillDir: string;
let env: Record<string, string>;

const skillMd = (name: string, version: string, repo = `https://github.com/acme/${name}`) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for update tests.\nmetadata:\n  version: "${version}"\n  repository: ${repo}\n---\n\n# ${name}\n\nVersion ${version}.\n`;

beforeEach(async () => {
  tmp = await makeTempDir();
  home = path.join(tmp.dir, "home");
  skillDir = path.join(home, ".claude", "skills", "report");
  await writeTree(skillDir, { "SKILL.md": skillMd("report", "2.0.0"), "notes.txt": "the user's notes\n" });
  const asset = zipOf({ "report/SKILL.md": skillMd("report", "2.1.0") });
  server = await startReleaseServer({
    releases: {
      "acme/report": { tag: "v2.1.0", checksums: true, assets: { "report.skill": asset } },
      "acme/current": { tag: "v1.0.0" },
    },
  });
  env = {
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

const common = () => ["--home", home, "--platform", "linux", "--github-api", server.url];
const update = (args: string[]) => runBin(["update", ...args, ...common()], { env, cwd: tmp.dir });
const print = async (dir: string) => JSON.stringify([...(await fingerprintTree(dir))]);

describe("skillshelf update (a folder the user owns)", () => {
  it("shows the plan and, without a terminal and without --yes, changes nothing and says to add --yes", async () => {
    const before = await print(skillDir);
    const run = await update(["report"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Update "report" in .*report\n {2}version: 2\.0\.0 → 2\.1\.0/);
    expect(run.stdout).toMatch(/~ SKILL\.md/);
    expect(run.stdout).toMatch(/= notes\.txt {2}— not in the new release; kept, as it may be yours\n/);
    expect(run.stdout).toMatch(/-Version 2\.0\.0\.\n\+Version 2\.1\.0\./);
    expect(run.stderr).toMatch(/add --yes/);
    expect(await print(skillDir)).toBe(before);
  });

  it("--dry-run never writes; --yes applies from the release asset (checksum checked), keeps the user's file and a backup", async () => {
    const before = await print(skillDir);
    const dry = await update(["report", "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({
      kind: "replace-folder",
      dryRun: true,
      applied: false,
      installed: "2.0.0",
      version: "2.1.0",
      diff: { changed: ["SKILL.md"], kept: ["notes.txt"] },
    });
    expect(await print(skillDir)).toBe(before);
    const run = await update(["report", "--yes", "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { applied: boolean; backup: string; from: string };
    expect(report).toMatchObject({
      applied: true,
      kept: ["notes.txt"],
      from: expect.stringContaining("/download/acme/report/v2.1.0/report.skill"),
    });
    expect(await readFile(path.join(skillDir, "SKILL.md"), "utf8")).toContain("Version 2.1.0.");
    expect(await readFile(path.join(skillDir, "notes.txt"), "utf8")).toBe("the user's notes\n");
    expect(await print(report.backup)).toBe(before);

    const again = await update(["report", "--yes"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/"report" is up to date/);

    const back = await runBin(["rollback", "report", "--home", home, "--platform", "linux", "--json"], { env });
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({ restored: true, version: "2.0.0", replacedVersion: "2.1.0" });
    expect(await print(skillDir)).toBe(before);
    // The CLI's update and rollback are in the app's history, each once (the "up to date" run adds nothing).
    const history = JSON.parse(await readFile(path.join(env.SKILLSHELF_DATA_DIR!, "history.json"), "utf8"));
    expect(history.records.map((r: { kind: string; from: string; to: string }) => [r.kind, r.from, r.to])).toEqual([
      ["update", "2.0.0", "2.1.0"],
      ["undo", "2.1.0", "2.0.0"],
    ]);
  });

  it("a private repository's release: checked and applied with GITHUB_TOKEN through the API, checksum included; storage never gets the token", async () => {
    const asset = zipOf({ "report/SKILL.md": skillMd("report", "2.1.0") });
    server.setRelease("acme/report", {
      tag: "v2.1.0",
      checksums: true,
      assets: { "report.skill": asset },
      token: "release-token",
    });
    const without = await update(["report", "--yes", "--json"]);
    expect(without.code).toBe(1);
    env = { ...env, GITHUB_TOKEN: "release-token" };
    const dry = await update(["report", "--dry-run", "--json"]);
    expect(JSON.parse(dry.stdout)).toMatchObject({ version: "2.1.0", diff: { changed: ["SKILL.md"] } });
    const outdated = await runBin(["outdated", "--json", ...common()], { env, cwd: tmp.dir });
    const info = (JSON.parse(outdated.stdout) as { updates: Array<{ name: string; downloads?: unknown[] }> }).updates;
    expect(info.find((u) => u.name === "report")?.downloads?.[0]).toMatchObject({
      apiUrl: expect.stringContaining("/repos/acme/report/releases/assets/"),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const run = await update(["report", "--yes", "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ from: expect.stringContaining("/download/acme/report/v2.1.0/") });
    expect(await readFile(path.join(skillDir, "SKILL.md"), "utf8")).toContain("Version 2.1.0.");
    expect(server.stats.authorizationOffApi).toBe(0);
    expect(run.stdout + run.stderr).not.toContain("release-token");
  });

  it("takes the tag's tar.gz source archive when the release has no assets, and a path instead of a name", async () => {
    server.setRelease("acme/report", {
      tag: "v2.2.0",
      noAssets: true,
      sourceFiles: { "skills/report/SKILL.md": skillMd("report", "2.2.0"), "skills/report/run.sh": "#!/bin/sh\n" },
    });
    const run = await update([skillDir, "--yes", "--from", `${server.url}/repos/acme/report/tarball/v2.2.0`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\+ run\.sh/);
    expect(await readFile(path.join(skillDir, "SKILL.md"), "utf8")).toContain("Version 2.2.0.");
  });

  it("updates a copy linked into another client once, in its real folder", async () => {
    const agents = path.join(home, ".agents", "skills");
    await mkdir(agents, { recursive: true });
    await symlink(skillDir, path.join(agents, "report"));
    const run = await update([path.join(agents, "report"), "--yes"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/linked from 1 other place/);
    expect(await readFile(path.join(agents, "report", "SKILL.md"), "utf8")).toContain("Version 2.1.0.");
    expect((await readdir(path.join(home, ".claude", "skills"))).sort()).toEqual(["report"]);
  });

  it("refuses hostile archives given with --from, leaving the skill unchanged and nothing outside staging", async () => {
    const before = await print(skillDir);
    const hostile: Array<[string, Uint8Array, RegExp]> = [
      ["slip.zip", zipOf({ "report/SKILL.md": skillMd("report", "9.0.0"), "../../evil.txt": "x" }), /climbs out/],
      [
        "abs.tar.gz",
        tarGzOf([
          { name: "report/SKILL.md", body: skillMd("report", "9.0.0") },
          { name: "/tmp/evil.txt", body: "x" },
        ]),
        /absolute path/,
      ],
      [
        "link.tar.gz",
        tarGzOf([
          { name: "report/SKILL.md", body: skillMd("report", "9.0.0") },
          { name: "report/passwd", type: "2", linkpath: "/etc/passwd" },
        ]),
        /symbolic link/,
      ],
      [
        "bomb.zip",
        zipOf({ "report/SKILL.md": skillMd("report", "9.0.0"), "report/zeros.bin": new Uint8Array(4 * 1024 * 1024) }),
        /more than 100 times/,
      ],
      ["other.zip", zipOf({ "other/SKILL.md": skillMd("other", "9.0.0") }), /holds the skill "other", not "report"/],
    ];
    for (const [name, bytes, message] of hostile) {
      const file = path.join(tmp.dir, name);
      await writeFile(file, bytes);
      const run = await update(["report", "--yes", "--from", file]);
      expect(run.code, name).toBe(1);
      expect(run.stderr, name).toMatch(message);
      expect(await print(skillDir), name).toBe(before);
    }
    expect((await readdir(tmp.dir)).filter((n) => n.includes("evil"))).toEqual([]);
    expect(await readdir(path.join(tmp.dir, "data", "staging"))).toEqual([]);
  });

  it("exits 2 for bad usage and 1 for an unknown skill", async () => {
    expect((await update([])).code).toBe(2);
    expect((await update(["report", "--from", path.join(tmp.dir, "missing", "x.zip")])).code).toBe(1);
    const unknown = await update(["nothing-here", "--yes"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No installed skill "nothing-here"/);
  });
});

/** Runs the bin on a pseudo-terminal (util-linux `script`), answering its question with `answer` once it is asked. */
const runOnTerminal = (args: string[], answer: string) => runBinOnTerminal(args, { env, answers: [answer] });

describe("skillshelf update on a terminal", () => {
  it("asks before replacing the folder: no keeps it, yes applies", async (ctx) => {
    if (spawnSync("script", ["--version"]).error)
      skipBecause(ctx, "util-linux `script` is not installed to give the bin a terminal");
    const before = await print(skillDir);
    const declined = await runOnTerminal(["update", "report", ...common()], "n");
    expect(declined.output).toMatch(
      /Replace .*report with this version \(the current copy is kept as a backup\)\? \[y\/N\]/,
    );
    expect(declined.output).toMatch(/Not confirmed, so nothing was changed/);
    expect(declined.code).toBe(1);
    expect(await print(skillDir)).toBe(before);
    const accepted = await runOnTerminal(["update", "report", ...common()], "y");
    expect(accepted.output).toMatch(/Updated "report" to 2\.1\.0/);
    expect(accepted.code).toBe(0);
    expect(await readFile(path.join(skillDir, "SKILL.md"), "utf8")).toContain("Version 2.1.0.");
  });
});

describe("skillshelf update (a Claude Desktop copy)", () => {
  it("packs the new version, prints the archive and the steps, and leaves the Desktop tree untouched", async () => {
    const tree = path.join(home, ".config/Claude/local-agent-mode-sessions/skills-plugin/acct-a/org-b");
    await writeTree(tree, {
      "manifest.json": JSON.stringify({
        lastUpdated: "2026-11-20T09:30:00.000Z",
        skills: [
          {
            skillId: "skill_1",
            name: "current",
            description: "x",
            creatorType: "user",
            syncManaged: true,
            enabled: true,
          },
        ],
      }),
      "skills/current/SKILL.md": skillMd("current", "0.9.0"),
    });
    await chmod(tree, 0o755);
    const before = await print(tree);
    const run = await runBin(["update", "current", "--yes", ...common()], {
      env: { ...env, HOME: home, XDG_DOWNLOAD_DIR: path.join(tmp.dir, "downloads") },
      cwd: tmp.dir,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\.skill/);
    expect(run.stdout).toMatch(/Steps:/);
    expect(await print(tree)).toBe(before);
  });
});

describe("skillshelf update (an ignored update)", () => {
  it("leaves an ignored version alone unless --include-ignored, and updates it then", async () => {
    await writeTree(env.SKILLSHELF_CONFIG_DIR!, {
      "settings.json": JSON.stringify({ version: 1, servers: [], pollHours: 24, ignoredVersions: { report: "2.1.0" } }),
    });
    const before = await print(skillDir);
    const skipped = await update(["report", "--yes"]);
    expect(skipped.code).toBe(0);
    expect(skipped.stdout).toBe(
      "report: version 2.1.0 is ignored (the app's Settings, Ignored updates); nothing was changed. Pass --include-ignored to update it anyway.\n",
    );
    expect(await print(skillDir)).toBe(before);
    const run = await update(["report", "--yes", "--include-ignored", "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ applied: true, version: "2.1.0" });
  });
});
