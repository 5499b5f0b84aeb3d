// stageSource against hostile sources: GitHub answers that never end or never come (loopback), a folder named outside
// the unpacked tarball, git repositories whose trees reuse one tree (a bomb), and git over plain http or git://.
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { readFile, readdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { formatBytes } from "../../../shared/format";
import { closeNow, listenOnLoopback } from "../../../test-support/servers/loopback";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { stagingRoot } from "../app-data/data-dir";
import { EngineError } from "../errors";
import { EXTRACT_LIMITS } from "../archive/extract-rules";
import { GIT_TREE_LIMITS, allowedGitProtocols } from "./git-source";
import { parseAddSource, type AddSource } from "./source";
import { REPO_ANSWER_TIMEOUT_MS, stageSource, type StageOptions } from "./stage-source";

const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for staging tests.\n---\n\nBody.\n`;
const github = (subpath = "", ref: string | null = null): AddSource => ({
  kind: "github",
  owner: "acme",
  repo: "skills",
  ref,
  subpath,
});

let tmp: { dir: string; cleanup: () => Promise<void> };
let dataDir: string;
beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-stage-");
  dataDir = path.join(tmp.dir, "data");
});
afterEach(() => tmp.cleanup());

async function refusal(p: Promise<unknown>): Promise<EngineError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const stagingLeft = async () => readdir(stagingRoot(dataDir)).catch(() => []);

describe("GitHub's answer naming the default branch", () => {
  let http: Server;
  let base: string;
  beforeAll(async () => {
    http = createServer((req, res) => {
      if (req.url === "/repos/acme/endless") {
        // 64 MiB then silence: far past any cap, bounded so a reader without one hangs rather than eats the machine.
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const more = () => {
          while (sent < 64 && res.write(chunk)) sent++;
          if (sent < 64) res.once("drain", more);
        };
        res.write('{"default_branch":"main","x":"');
        more();
      } else if (req.url === "/repos/acme/headers-only") {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"default_branch":');
      }
      // Anything else: the connection is accepted and never answered.
    });
    base = `http://127.0.0.1:${await listenOnLoopback(http)}`;
  });
  afterAll(() => closeNow(http));
  const options = (extra: Partial<StageOptions> = {}): StageOptions => ({
    dataDir,
    apiBase: base,
    signal: new AbortController().signal,
    ...extra,
  });
  const repo = (name: string): AddSource => ({ kind: "github", owner: "acme", repo: name, ref: null, subpath: "" });

  it("is read with a cap: an endless answer is refused, not held in memory", async () => {
    const error = await refusal(stageSource(repo("endless"), options()));
    expect(error.code).toBe("install.download.failed");
    expect(error.message).toMatch(/acme\/endless could not be read: GitHub's answer was larger than 1024 KiB/);
    expect(await stagingLeft()).toEqual([]);
  }, 10_000);

  it("has a time limit even when the caller passes a signal: a silent server, or a body that stops", async () => {
    for (const name of ["silent", "headers-only"]) {
      const started = Date.now();
      const error = await refusal(stageSource(repo(name), options({ apiTimeoutMs: 300 })));
      expect(error.failure, name).toBe("timeout");
      expect(error.message).toMatch(/did not answer in time/);
      expect(Date.now() - started).toBeLessThan(3000);
    }
    expect(REPO_ANSWER_TIMEOUT_MS).toBe(20_000);
  }, 10_000);

  it("still stops at once when the caller cancels", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await refusal(stageSource(repo("silent"), options({ signal: controller.signal })));
    expect(error.code).toBe("install.download.cancelled");
  }, 10_000);
});

describe("a folder named in a GitHub address", () => {
  let server: RunningReleaseServer;
  beforeAll(async () => {
    server = await startReleaseServer({ releases: {} });
    const repo = await makeTempDir("skillshelf-stage-repo-");
    await writeTree(repo.dir, { "skills/alpha/SKILL.md": SKILL("alpha") });
    await server.trees.setRepo("acme/skills", { dir: repo.dir });
  });
  afterAll(() => server?.close());

  it("cannot hide `..` or separators in encoded parts of the address", () => {
    for (const bad of [
      "https://github.com/o/r/tree/v1/..%2F..%2Fx",
      "https://github.com/o/r/tree/v1/a%2F..%2F..%2Fx",
      "https://github.com/o/r/tree/..%2F..%2Fv1/x",
      "https://github.com/o/r/tree/v1/a%5C..%5Cx",
      "https://github.com/o/r/tree/v1/%E0%A4%A",
      "https://github.com/o/r/tree/v1/a%00b",
    ])
      expect(() => parseAddSource(bad, "/w"), bad).toThrow(/not a source/);
    expect(parseAddSource("https://github.com/o/r/tree/v1/skills/x%20y", "/w")).toMatchObject({
      subpath: "skills/x y",
    });
  });

  it("is refused when it resolves outside the unpacked tarball, whatever the parser let through", async () => {
    const outside = path.join(tmp.dir, "outside");
    await writeTree(outside, { "SKILL.md": SKILL("outside") });
    const escape = `${"../".repeat(40)}${path.relative(path.parse(outside).root, outside).split(path.sep).join("/")}`;
    const error = await refusal(stageSource(github(escape, "main"), { dataDir, apiBase: server.url }));
    expect(error.code).toBe("manage.source.invalid");
    expect(error.message).toMatch(/is outside what https:\/\/github\.com\/acme\/skills/);
    const staged = await stageSource(github("skills/alpha", "main"), { dataDir, apiBase: server.url });
    expect(staged.candidates.map((c) => c.skillPath)).toEqual(["skills/alpha/SKILL.md"]);
    await staged.cleanup();
  });
});

describe("git sources", () => {
  const git = (cwd: string, args: string[], input?: string): string => {
    const run = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", ...args], {
      cwd,
      input,
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout.trim();
  };

  /** A repository whose one commit's tree is `levels` levels of a tree of `width` entries each reusing one child. */
  async function treeBomb(width: number, levels: number, blobBytes: number): Promise<string> {
    const repo = path.join(tmp.dir, `bomb-${width}-${levels}`);
    git(tmp.dir, ["init", "-q", "-b", "main", repo]);
    let object = git(repo, ["hash-object", "-w", "--stdin"], "x".repeat(blobBytes));
    let type = "blob";
    let mode = "100644";
    for (let level = 0; level < levels; level++) {
      const entries = Array.from({ length: width }, (_, i) => `${mode} ${type} ${object}\tn${i}\n`).join("");
      object = git(repo, ["mktree"], entries);
      [type, mode] = ["tree", "040000"];
    }
    const commit = git(repo, ["commit-tree", object, "-m", "bomb"]);
    git(repo, ["update-ref", "refs/heads/main", commit]);
    return pathToFileURL(repo).href;
  }

  it("are held to the archive limits", () => {
    expect(GIT_TREE_LIMITS).toEqual({ maxFiles: EXTRACT_LIMITS.maxFiles, maxTotalBytes: EXTRACT_LIMITS.maxTotalBytes });
  });

  it("are refused before checkout when their trees reuse one tree into too many files", async () => {
    const files = 22 ** 3;
    expect(files).toBeGreaterThan(GIT_TREE_LIMITS.maxFiles);
    const url = await treeBomb(22, 3, 3);
    const error = await refusal(stageSource({ kind: "git", url, ref: null }, { dataDir }));
    expect(error.code).toBe("install.archive.too-large");
    expect(error.message).toContain(`holds more than ${GIT_TREE_LIMITS.maxFiles} files`);
    expect(await stagingLeft()).toEqual([]);
  }, 20_000);

  it("are refused before checkout when their files add up to too many bytes", async () => {
    const blob = 1024 * 1024 + 1;
    const count = Math.floor(GIT_TREE_LIMITS.maxTotalBytes / blob) + 1;
    const url = await treeBomb(count, 1, blob);
    const error = await refusal(stageSource({ kind: "git", url, ref: null }, { dataDir }));
    expect(error.code).toBe("install.archive.too-large");
    expect(error.message).toContain(`holds more than ${formatBytes(GIT_TREE_LIMITS.maxTotalBytes)} of files`);
  }, 20_000);

  it("clone, check and check out a real repository with a link inside it", async () => {
    const repo = path.join(tmp.dir, "plain");
    await writeTree(repo, { "skills/one/SKILL.md": SKILL("one"), "skills/one/ref.md": "R\n" });
    await symlink("ref.md", path.join(repo, "skills/one/link.md"));
    git(tmp.dir, ["init", "-q", "-b", "main", repo]);
    git(repo, ["add", "-A"]);
    git(repo, ["commit", "-qm", "one"]);
    git(repo, ["tag", "v1"]);
    await rm(path.join(repo, "skills"), { recursive: true });
    const staged = await stageSource({ kind: "git", url: pathToFileURL(repo).href, ref: "v1" }, { dataDir });
    expect(staged.candidates.map((c) => c.skillPath)).toEqual(["skills/one/SKILL.md"]);
    expect(await readFile(path.join(staged.candidates[0]!.dir, "link.md"), "utf8")).toBe("R\n");
    await staged.cleanup();
  });

  it("over plain http:// or git:// are refused (except to this machine), as archives over http are", async () => {
    for (const url of ["http://skills.invalid/acme/skills.git", "git://skills.invalid/acme/skills.git"]) {
      expect(parseAddSource(url, "/w")).toMatchObject({ kind: "git" });
      const error = await refusal(stageSource({ kind: "git", url, ref: null }, { dataDir }));
      expect(error.code, url).toBe("install.download.refused-url");
      expect(error.message).toMatch(/^Plain (http|git):\/\/ is not safe for git \(skills\.invalid\)/);
    }
    expect(allowedGitProtocols("http://127.0.0.1:9/x.git")).toBe("https:ssh:file:http");
    expect(allowedGitProtocols("git://localhost/x.git")).toBe("https:ssh:file:git");
    expect(allowedGitProtocols("https://gitlab.com/x.git")).toBe("https:ssh:file");
    expect(allowedGitProtocols("git@github.com:acme/skills.git")).toBe("https:ssh:file");
  });
});
