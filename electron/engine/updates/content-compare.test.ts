// Content checks for skills without versions against the GitHub-like loopback server's repository and Trees endpoints.
import { cp, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SkillLockInfo } from "../../../shared/model";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { installerFolderHashes } from "../skill-lock/folder-hash";
import { checkContent } from "./content-compare";
import { gitTreeOf } from "./git-tree";
import { GithubTrees, TREE_TTL_MS } from "./github-trees";

const SKILL = (name: string, text = "Do it.") =>
  `---\nname: ${name}\ndescription: Skill ${name}. Use it in tests.\n---\n\n${text}\n`;

let server: RunningReleaseServer;
let root: string;
let cleanup: () => Promise<void>;
let upstream: string;
let installed: string;
let cacheDir: string;
let clock = 1_000_000;
const lock = (name: string, hash: string | null): SkillLockInfo => ({
  lockFile: "/x/.skill-lock.json",
  source: "acme/skills",
  sourceType: "github",
  sourceUrl: "https://github.com/acme/skills.git",
  skillPath: `skills/${name}/SKILL.md`,
  skillFolderHash: hash,
});
const trees = () => new GithubTrees({ apiBase: server.url, cacheDir, now: () => clock });

beforeAll(async () => {
  server = await startReleaseServer();
  ({ dir: root, cleanup } = await makeTempDir("skillshelf-content-"));
});
afterAll(async () => {
  await server.close();
  await cleanup();
});

let run = 0;
beforeEach(async () => {
  run++;
  upstream = path.join(root, `upstream-${run}`);
  installed = path.join(root, `installed-${run}`);
  cacheDir = path.join(root, `cache-${run}`);
  await writeTree(upstream, {
    "README.md": "# skills\n",
    "skills/a/SKILL.md": SKILL("a"),
    "skills/b/SKILL.md": SKILL("b"),
    "skills/b/scripts/x.sh": "echo b\n",
    "skills/c/SKILL.md": SKILL("c"),
    "other/d/SKILL.md": SKILL("d"),
  });
  for (const name of ["a", "b", "c"])
    await cp(path.join(upstream, "skills", name), path.join(installed, name), { recursive: true });
  await cp(path.join(upstream, "other", "d"), path.join(installed, "d"), { recursive: true });
  await server.trees.setRepo("acme/skills", { dir: upstream });
  Object.assign(server.trees.stats, {
    repoRequests: 0,
    treeRequests: 0,
    contentsRequests: 0,
    conditionalRequests: 0,
    notModified: 0,
  });
});

async function recorded(name: string): Promise<string> {
  return (await gitTreeOf(path.join(installed, name))).sha;
}

describe("content check states", () => {
  it("up-to-date, outdated and changed-locally, with one tree request for three skills from one repository", async () => {
    const hashes = { a: await recorded("a"), b: await recorded("b"), c: await recorded("c") };
    await writeFile(path.join(upstream, "skills/b/scripts/x.sh"), "echo b2\n");
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await writeFile(path.join(installed, "c", "SKILL.md"), SKILL("c", "My own edit."));
    const lookups = trees();
    const [a, b, c] = await Promise.all(
      (["a", "b", "c"] as const).map((n) =>
        checkContent({ name: n, dir: path.join(installed, n), lock: lock(n, hashes[n]) }, lookups),
      ),
    );
    expect(a!.state).toBe("up-to-date");
    expect(b!.state).toBe("outdated");
    expect(b!.differingFiles).toEqual(["scripts/x.sh"]);
    expect(c!.state).toBe("changed-locally");
    expect(c!.differingFiles).toEqual(["SKILL.md"]);
    expect(c!.reason).toContain("overwrite");
    expect(server.trees.stats.treeRequests).toBe(1);
    expect(server.trees.stats.repoRequests).toBe(1);
  });

  it("reads the installer's SHA-256 folder hash: untouched copies are up to date or outdated, an edited one changed", async () => {
    const sha256 = async (n: string) => (await installerFolderHashes(path.join(installed, n)))![0]!;
    const hashes = { a: await sha256("a"), b: await sha256("b"), c: await sha256("c") };
    expect(hashes.b).toMatch(/^[0-9a-f]{64}$/);
    await writeFile(path.join(upstream, "skills/b/scripts/x.sh"), "echo b2\n");
    await server.trees.setRepo("acme/skills", { dir: upstream });
    await writeFile(path.join(installed, "c", "SKILL.md"), SKILL("c", "My own edit."));
    const lookups = trees();
    const [a, b, c] = await Promise.all(
      (["a", "b", "c"] as const).map((n) =>
        checkContent({ name: n, dir: path.join(installed, n), lock: lock(n, hashes[n]) }, lookups),
      ),
    );
    expect([a!.state, b!.state, c!.state]).toEqual(["up-to-date", "outdated", "changed-locally"]);
    expect(b!.recordedHash).toBe(hashes.b);
    expect(c!.reason).not.toContain("A newer version is also available");
  });

  it("compares with upstream directly without a lock entry, saying local edits cannot be told apart", async () => {
    await writeFile(path.join(installed, "d", "SKILL.md"), SKILL("d", "changed"));
    const result = await checkContent(
      { name: "d", dir: path.join(installed, "d"), repository: "https://github.com/acme/skills" },
      trees(),
    );
    expect(result.state).toBe("outdated");
    expect(result.folder).toBe("other/d");
    expect(result.reason).toContain("cannot be told apart");
    const same = await checkContent({ name: "a", dir: path.join(installed, "a"), repository: "acme/skills" }, trees());
    expect(same.state).toBe("up-to-date");
  });

  it("is unknown, with the reason, when no source is known or the folder is not upstream", async () => {
    expect((await checkContent({ name: "a", dir: path.join(installed, "a") }, trees())).reason).toContain(
      "no source known",
    );
    const missing = await checkContent(
      { name: "zzz", dir: path.join(installed, "a"), repository: "acme/skills" },
      trees(),
    );
    expect(missing.state).toBe("unknown");
    expect(missing.reason).toContain("zzz/SKILL.md");
  });

  it("asks for the folder itself when the recursive tree is truncated", async () => {
    await server.trees.setRepo("acme/skills", { dir: upstream, truncated: true });
    const result = await checkContent(
      { name: "b", dir: path.join(installed, "b"), lock: lock("b", await recorded("b")) },
      trees(),
    );
    expect(result.state).toBe("up-to-date");
    expect(server.trees.stats.contentsRequests).toBe(1);
  });

  it("says a rate limit is used up and where a token is set", async () => {
    server.setBehaviour("rate-limited");
    try {
      const result = await checkContent(
        { name: "a", dir: path.join(installed, "a"), lock: lock("a", await recorded("a")) },
        trees(),
      );
      expect(result.state).toBe("unknown");
      expect(result.reason).toContain("GitHub token");
    } finally {
      server.setBehaviour("normal");
    }
  });
});

describe("tree cache", () => {
  it("answers a second check within 24 h from the cache, then revalidates with a conditional request answered 304", async () => {
    const input = { name: "a", dir: path.join(installed, "a"), lock: lock("a", await recorded("a")) };
    await checkContent(input, trees());
    expect(server.trees.stats.treeRequests).toBe(1);
    await checkContent(input, trees());
    expect(server.trees.stats.treeRequests).toBe(1);
    clock += TREE_TTL_MS + 1;
    const later = await checkContent(input, trees());
    expect(later.state).toBe("up-to-date");
    expect(server.trees.stats.treeRequests).toBe(2);
    expect(server.trees.stats.notModified).toBeGreaterThanOrEqual(1);
  });

  it("revalidates within 24 h when the check is asked for (refresh): a new commit is seen, an unchanged tree costs a 304", async () => {
    const input = { name: "b", dir: path.join(installed, "b"), lock: lock("b", await recorded("b")) };
    expect((await checkContent(input, trees())).state).toBe("up-to-date");
    expect(server.trees.stats.treeRequests).toBe(1);
    await writeFile(path.join(upstream, "skills/b/scripts/x.sh"), "echo b2\n");
    await server.trees.setRepo("acme/skills", { dir: upstream });
    expect((await checkContent(input, trees())).state).toBe("up-to-date");
    expect(server.trees.stats.treeRequests).toBe(1);
    const refresh = () => new GithubTrees({ apiBase: server.url, cacheDir, now: () => clock, refresh: true });
    const asked = refresh();
    const seen = await Promise.all([checkContent(input, asked), checkContent({ ...input, name: "b" }, asked)]);
    expect(seen.map((r) => r.state)).toEqual(["outdated", "outdated"]);
    expect(server.trees.stats.treeRequests).toBe(2);
    expect(server.trees.stats.repoRequests).toBe(2);
    const notModifiedBefore = server.trees.stats.notModified;
    expect((await checkContent(input, refresh())).state).toBe("outdated");
    expect(server.trees.stats.treeRequests).toBe(3);
    expect(server.trees.stats.notModified - notModifiedBefore).toBe(2);
  });

  it("refetches a damaged cache entry, and uses only the cache offline", async () => {
    const input = { name: "a", dir: path.join(installed, "a"), lock: lock("a", await recorded("a")) };
    await checkContent(input, trees());
    const dir = path.join(cacheDir, "github-trees");
    for (const f of await readdir(dir)) if (f.startsWith("tree")) await writeFile(path.join(dir, f), "{ damaged");
    expect((await checkContent(input, trees())).state).toBe("up-to-date");
    expect(server.trees.stats.treeRequests).toBe(2);
    const offline = new GithubTrees({
      apiBase: server.url,
      cacheDir,
      now: () => clock + 10 * TREE_TTL_MS,
      offline: true,
    });
    expect((await checkContent(input, offline)).state).toBe("up-to-date");
    expect(server.trees.stats.treeRequests).toBe(2);
    const empty = new GithubTrees({ apiBase: server.url, cacheDir: path.join(root, `empty-${run}`), offline: true });
    expect((await checkContent(input, empty)).reason).toContain("Offline");
  });
});
