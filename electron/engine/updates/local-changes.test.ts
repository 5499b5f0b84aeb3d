// "Show my changes" against what was installed: a real home installed by the `skills` installer's way (its lock records
// the folder's tree SHA), the GitHub look-alike whose branch moved on since, and hostile answers that must stay bounded.
import { createServer, type Server } from "node:http";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Skill } from "../../../shared/model";
import { allSkills } from "../../../shared/scan-result";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { closeNow, listenOnLoopback } from "../../../test-support/servers/loopback";
import { installFromUpstream } from "../../../test-support/skills-installer";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { scan } from "../discovery/scan";
import { gitTreeOf } from "./git-tree";
import { localChangesOf } from "./local-changes";

const SKILL = (body: string) => `---\nname: copywriting\ndescription: Writes copy. Use it in tests.\n---\n\n${body}\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningReleaseServer;
let upstream: string;
let home: string;
let skillDir: string;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-local-changes-");
  server = await startReleaseServer();
  upstream = path.join(tmp.dir, "upstream");
  home = path.join(tmp.dir, "home");
  skillDir = path.join(home, ".agents", "skills", "copywriting");
  await writeTree(upstream, {
    "skills/copywriting/SKILL.md": SKILL("Line one.\nLine two.\nLine three."),
    "skills/copywriting/notes.md": "Installed notes.\n",
  });
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

/** The installed copy as the scan finds it (with its lock entry). */
async function installedSkill(): Promise<Skill> {
  const skill = allSkills(await scan({ home, platform: "linux", env: {} })).find((s) => s.name === "copywriting");
  expect(skill?.lock?.skillFolderHash).toBeTruthy();
  return skill!;
}

/** Rewrites the lock's recorded hash of the installed copy. */
async function recordHash(hash: string): Promise<void> {
  await installFromUpstream(home, upstream, ["copywriting"]);
  const lock = {
    version: 3,
    skills: {
      copywriting: {
        source: "acme/skills",
        sourceType: "github",
        sourceUrl: "https://github.com/acme/skills.git",
        skillPath: "skills/copywriting/SKILL.md",
        skillFolderHash: hash,
        installedAt: "2026-01-01T00:00:00.000Z",
        updatedAt: "2026-01-01T00:00:00.000Z",
      },
    },
  };
  await writeFile(path.join(home, ".agents", ".skill-lock.json"), JSON.stringify(lock));
}

describe("the person's changes since it was installed", () => {
  it("lists exactly the file they edited and the file they added, with their lines and none of the source's later changes", async () => {
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await installFromUpstream(home, upstream, ["copywriting"]);
    // The source moves on: it rewrites a line, adds a file and drops one.
    await writeTree(upstream, {
      "skills/copywriting/SKILL.md": SKILL("Line one.\nUpstream rewrote line two.\nLine three."),
      "skills/copywriting/extra.md": "Upstream's new file.\n",
    });
    await rm(path.join(upstream, "skills/copywriting/notes.md"));
    await server.trees.setRepo("acme/skills", { dir: upstream });
    // The person edits one file and adds one.
    await writeFile(path.join(skillDir, "SKILL.md"), SKILL("My own first line.\nLine two.\nLine three."));
    await writeFile(path.join(skillDir, "mine.md"), "My notes.\n");

    const result = await localChangesOf(await installedSkill(), { apiBase: server.url, timeoutMs: 2000 });

    expect(result.baseline).toBe("installed");
    if (result.baseline !== "installed") return;
    expect(result.files.map((f) => [f.path, f.change])).toEqual([
      ["SKILL.md", "changed"],
      ["mine.md", "added"],
    ]);
    const edited = result.files[0]!.diff!;
    expect(edited).toContain("-Line one.");
    expect(edited).toContain("+My own first line.");
    expect(edited).not.toMatch(/Upstream/);
    expect(result.files[1]!.diff).toContain("+My notes.");
    expect(JSON.stringify(result)).not.toMatch(/extra\.md|notes\.md"|Upstream/);
    // Only the one installed file whose lines are shown was read back.
    expect(server.trees.stats.blobRequests).toBe(1);
  });

  it("shows a file the person removed with the lines it had when installed", async () => {
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await installFromUpstream(home, upstream, ["copywriting"]);
    await rm(path.join(skillDir, "notes.md"));
    const result = await localChangesOf(await installedSkill(), { apiBase: server.url, timeoutMs: 2000 });
    expect(result).toMatchObject({ baseline: "installed", files: [{ path: "notes.md", change: "removed" }] });
    if (result.baseline === "installed") expect(result.files[0]!.diff).toContain("-Installed notes.");
  });
});

describe("when what was installed is not known", () => {
  it("says so when GitHub does not have the recorded tree", async () => {
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await recordHash("0123456789abcdef0123456789abcdef01234567");
    const result = await localChangesOf(await installedSkill(), { apiBase: server.url, timeoutMs: 2000 });
    expect(result).toEqual({
      baseline: "unknown",
      reason: "acme/skills on GitHub no longer has the version that was installed.",
    });
  });

  it("says so, without asking GitHub, when the installer recorded its own SHA-256 fingerprint", async () => {
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await recordHash("a".repeat(64));
    const result = await localChangesOf(await installedSkill(), { apiBase: server.url, timeoutMs: 2000 });
    expect(result).toMatchObject({ baseline: "unknown", reason: expect.stringMatching(/only a fingerprint/) });
    expect(server.trees.stats.treeRequests).toBe(0);
  });
});

describe("a hostile GitHub", () => {
  let hostile: Server;
  let url: string;
  let sent: number;
  let blob: "huge" | "endless" | "trickle" | "other-content" | "endless-tree";

  beforeEach(async () => {
    sent = 0;
    await installFromUpstream(home, upstream, ["copywriting"]);
    await writeFile(path.join(skillDir, "SKILL.md"), SKILL("Mine."));
    const installed = await gitTreeOf(path.join(upstream, "skills", "copywriting"));
    hostile = createServer((req, res) => {
      if (req.url?.includes("/git/trees/") && blob === "endless-tree") {
        res.writeHead(200, { "content-type": "application/json" }).write('{"tree":[');
        const entry = JSON.stringify({ path: "x", mode: "100644", type: "blob", sha: "0".repeat(40) }) + ",";
        const pump = () => {
          if (res.destroyed) return;
          sent += entry.length * 1000;
          if (res.write(entry.repeat(1000))) setImmediate(pump);
          else res.once("drain", pump);
        };
        pump();
        return;
      }
      if (req.url?.includes("/git/trees/")) {
        const tree = [...installed.files].map(([p, f]) => ({ path: p, mode: f.mode, type: "blob", sha: f.sha }));
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ sha: installed.sha, tree }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (blob === "other-content") {
        const content = Buffer.from("Not what was installed.\n").toString("base64");
        res.end(JSON.stringify({ encoding: "base64", content }));
        return;
      }
      res.write('{"encoding":"base64","content":"');
      const chunk = "QUFB".repeat(16 * 1024);
      const pump = () => {
        if (res.destroyed) return;
        if (blob === "huge" && sent > 64 * 1024 * 1024) return void res.end('"}');
        sent += chunk.length;
        if (blob === "trickle") setTimeout(() => res.write("QUFB", pump), 50);
        else if (res.write(chunk)) setImmediate(pump);
        else res.once("drain", pump);
      };
      pump();
    });
    url = `http://127.0.0.1:${await listenOnLoopback(hostile)}`;
  });
  afterEach(async () => {
    await closeNow(hostile);
  });

  for (const kind of ["huge", "endless", "trickle"] as const)
    it(`stops reading a ${kind} blob and says the line-by-line changes cannot be shown`, async () => {
      blob = kind;
      const started = Date.now();
      const result = await localChangesOf(await installedSkill(), { apiBase: url, timeoutMs: 1500 });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(sent).toBeLessThan(4 * 1024 * 1024);
      expect(result).toMatchObject({
        baseline: "installed",
        files: [{ path: "SKILL.md", change: "changed", note: "its installed version could not be read from GitHub" }],
      });
      if (result.baseline === "installed") expect(result.files[0]!.diff).toBeUndefined();
    });

  it("stops reading an endless tree and says what was installed is not known", async () => {
    blob = "endless-tree";
    const result = await localChangesOf(await installedSkill(), { apiBase: url, timeoutMs: 5000 });
    expect(result).toMatchObject({ baseline: "unknown", reason: expect.stringMatching(/larger than 4096 KiB/) });
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it("refuses content that is not the recorded blob", async () => {
    blob = "other-content";
    const result = await localChangesOf(await installedSkill(), { apiBase: url, timeoutMs: 1500 });
    expect(result).toMatchObject({
      baseline: "installed",
      files: [{ path: "SKILL.md", note: expect.stringMatching(/did not match/) }],
    });
  });
});
