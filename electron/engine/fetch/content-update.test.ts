// Getting a skill's folder out of GitHub's tarball of its repository (the loopback server's codeload), checked against
// the tree SHA the update check found.
import { readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { gitTreeOf } from "../updates/git-tree";
import { obtainFromGithubTree } from "./content-update";
import { stagingRoot } from "../app-data/data-dir";

const SKILL = (name: string, text = "Do it.") =>
  `---\nname: ${name}\ndescription: Skill ${name}. Use it in tests.\n---\n\n${text}\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningReleaseServer;
let upstream: string;
let dataDir: string;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-content-update-");
  server = await startReleaseServer();
  upstream = path.join(tmp.dir, "upstream");
  dataDir = path.join(tmp.dir, "data");
  await writeTree(upstream, {
    "README.md": "# r\n",
    "skills/b/SKILL.md": SKILL("b"),
    "skills/b/scripts/run.sh": "echo b\n",
    "other/b/SKILL.md": SKILL("b", "Another b."),
  });
  await server.trees.setRepo("acme/skills", { dir: upstream });
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

const info = async (extra: Partial<UpdateInfo> = {}): Promise<UpdateInfo> => ({
  skillId: "x",
  name: "b",
  dir: "/nowhere/b",
  installed: null,
  installedSource: null,
  latest: null,
  state: "outdated",
  source: "github-tree",
  checkedAt: new Date(0).toISOString(),
  repository: "acme/skills",
  folder: "skills/b",
  branch: "main",
  upstreamHash: (await gitTreeOf(path.join(upstream, "skills/b"))).sha,
  ...extra,
});

describe("obtainFromGithubTree", () => {
  it("takes exactly the checked folder out of the tarball (not another folder of the same name) and validates it", async () => {
    const got = await obtainFromGithubTree(await info(), { apiBase: server.url, dataDir, expectName: "b" });
    expect(got.name).toBe("b");
    expect(await readFile(path.join(got.skillDir, "SKILL.md"), "utf8")).toContain("Do it.");
    expect(await readFile(path.join(got.skillDir, "scripts/run.sh"), "utf8")).toBe("echo b\n");
    expect(got.source).toBe("https://github.com/acme/skills/tree/main/skills/b");
    expect(server.trees.stats.tarballRequests).toBe(1);
    await got.cleanup();
    expect(await readdir(stagingRoot(dataDir))).toEqual([]);
  });

  it("refuses a folder that changed upstream since the check, and leaves nothing in staging", async () => {
    const checked = await info();
    await writeFile(path.join(upstream, "skills/b/SKILL.md"), SKILL("b", "Changed after the check."));
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await expect(
      obtainFromGithubTree(checked, { apiBase: server.url, dataDir, expectName: "b" }),
    ).rejects.toMatchObject({
      code: "install.content.mismatch",
      message: expect.stringContaining("changed since the check"),
    });
    expect(await readdir(stagingRoot(dataDir))).toEqual([]);
  });

  it("unpacks only the skill's folder (a link elsewhere in the repository does not matter), refusing a link inside it", async () => {
    await symlink("README.md", path.join(upstream, "CLAUDE.md"));
    await server.trees.setRepo("acme/skills", { dir: upstream });
    const got = await obtainFromGithubTree(await info(), { apiBase: server.url, dataDir, expectName: "b" });
    expect((await readdir(got.stagingDir, { recursive: true })).sort()).toEqual([
      "folder",
      "folder/b",
      "folder/b/SKILL.md",
      "folder/b/scripts",
      "folder/b/scripts/run.sh",
    ]);
    await got.cleanup();
    await symlink("SKILL.md", path.join(upstream, "skills/b/link.md"));
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await expect(
      obtainFromGithubTree(await info(), { apiBase: server.url, dataDir, expectName: "b" }),
    ).rejects.toMatchObject({ code: "install.archive.unsafe-entry" });
  });

  it("refuses a check result without a branch, and a folder the archive does not hold", async () => {
    await expect(
      obtainFromGithubTree(await info({ folder: "skills/gone" }), { apiBase: server.url, dataDir, expectName: "b" }),
    ).rejects.toMatchObject({
      code: "install.skill.not-found",
      message: expect.stringContaining("holds no folder skills/gone"),
    });
    await expect(
      obtainFromGithubTree(await info({ branch: undefined }), { apiBase: server.url, dataDir, expectName: "b" }),
    ).rejects.toMatchObject({ code: "install.no-download" });
  });

  it("gets a private repository's folder with the token, which never leaves the API's origin", async () => {
    await server.trees.setRepo("acme/private", { dir: upstream, token: "secret-token" });
    const checked = await info({ repository: "acme/private" });
    await expect(
      obtainFromGithubTree(checked, { apiBase: server.url, dataDir, expectName: "b" }),
    ).rejects.toMatchObject({
      code: "install.download.failed",
      message: expect.stringContaining("If acme/private is a private repository, set a GitHub token"),
    });
    expect(server.trees.stats.refusedPrivate).toBe(1);
    const got = await obtainFromGithubTree(checked, {
      apiBase: server.url,
      dataDir,
      expectName: "b",
      token: "secret-token",
    });
    expect(await readFile(path.join(got.skillDir, "SKILL.md"), "utf8")).toContain("Do it.");
    await got.cleanup();
    // Codeload (another origin, as codeload.github.com is) got its own token in the address, never the API token.
    expect(server.trees.stats.tarballRequests).toBe(1);
    expect(server.stats.authorizationOffApi).toBe(0);
    expect(server.stats.headers.filter((h) => h.authorization === "Bearer secret-token")).toHaveLength(1);
  });
});
