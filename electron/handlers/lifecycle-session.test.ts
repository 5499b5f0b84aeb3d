// One owner for a skill's life in the app: the manage commands and the update commands of one session drive the same
// lifecycle service, so they share its data folder, its history (adds, removes and put-backs are recorded beside
// updates) and its GitHub address (a host's --github-api reaches Add, content updates and Update all; without the flag,
// the saved setting wins over the environment).
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReleaseServer, type RunningReleaseServer } from "../../test-support/servers/release-server";
import { installFromUpstream } from "../../test-support/skills-installer";
import { closedLoopbackPort } from "../../test-support/skills-oracle";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import type { DesktopIntegration } from "./context";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";

const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill.\nmetadata:\n  version: "1.0.0"\n---\n\nBody.\n`;
const desktop: DesktopIntegration = {
  reveal: async () => undefined,
  openInEditor: async () => undefined,
  openExternal: async () => true,
  pickFolder: async () => null,
};
let server: RunningReleaseServer;
let upstream: string;
const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];

beforeAll(async () => {
  server = await startReleaseServer({ releases: {} });
  const repo = await makeTempDir("skillshelf-lifecycle-repo-");
  upstream = repo.dir;
  await writeTree(repo.dir, {
    "skills/alpha/SKILL.md": SKILL("alpha"),
    "skills/plain/SKILL.md": "---\nname: plain\ndescription: No version.\n---\n\nOne.\n",
    "skills/other/SKILL.md": "---\nname: other\ndescription: No version either.\n---\n\nOne.\n",
  });
  await server.trees.setRepo("acme/skills", { dir: repo.dir });
});
afterAll(() => server?.close());
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

/**
 * A session as `serve --github-api URL` makes it: the environment names no GitHub API (the public one by default).
 * `env` adds to the environment; `flag: false` makes it as `serve` without the flag.
 */
async function harness(options: { env?: Record<string, string>; flag?: boolean; settings?: object } = {}) {
  const tmp = await makeTempDir("skillshelf-lifecycle-");
  await writeTree(tmp.dir, {
    "home/.keep": "",
    "src/tidy/SKILL.md": SKILL("tidy"),
    ...(options.settings ? { "settings.json": JSON.stringify({ version: 1, servers: [], ...options.settings }) } : {}),
  });
  const scanOptions = {
    home: path.join(tmp.dir, "home"),
    platform: "linux" as const,
    env: {
      SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
      SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
      ...options.env,
    },
  };
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop,
    emit: () => undefined,
    engine: createEngine(scanOptions, options.flag === false ? {} : { githubApi: server.url }),
    liveCatalog: false,
    settingsFile: path.join(tmp.dir, "settings.json"),
  });
  open.push({ session, cleanup: tmp.cleanup });
  return { session, root: tmp.dir, home: scanOptions.home };
}

describe("the session's lifecycle service", () => {
  it("records adds, removes and put-backs in the history the Updates view and a skill's detail read", async () => {
    const { session, root, home } = await harness();
    const h = session.handlers;
    await h["manage:add"](path.join(root, "src/tidy"), { clients: ["claude-code"], dryRun: false });
    await h["manage:remove"]("tidy", { dryRun: false });
    await h["manage:undo-remove"]("tidy");
    const skill = (await h["catalog:scan"]()).skills.find(
      (s) => s.name === "tidy" && s.realDir === path.join(home, ".agents/skills/tidy"),
    );
    expect(skill).toBeDefined();
    const history = await h["update:history"](skill!.id);
    expect(history.events?.map((e) => e.kind)).toEqual(["restore", "remove", "add"]);
    expect(history.events?.at(-1)).toMatchObject({ kind: "add", to: "1.0.0" });
  });

  it("adds owner/repo through the host's GitHub address, never the public API", async () => {
    const { session, home } = await harness();
    const before = server.trees.stats.tarballRequests;
    const added = await session.handlers["manage:add"]("acme/skills", {
      clients: ["claude-code"],
      skills: ["alpha"],
      dryRun: false,
    });
    expect(added.skills.map((s) => s.name)).toEqual(["alpha"]);
    expect(server.trees.stats.tarballRequests).toBe(before + 1);
    expect((await session.handlers["catalog:scan"]()).skills.some((s) => s.dir.startsWith(home))).toBe(true);
  });

  it("updates a skill without a version and runs Update all through the host's GitHub address, over the setting and the environment", async () => {
    const closed = `http://127.0.0.1:${await closedLoopbackPort()}`;
    const { session, home } = await harness({
      env: { SKILLSHELF_GITHUB_API: closed },
      settings: { githubApi: closed },
    });
    // Settings asks the address the checks use: the flag's.
    expect(await session.handlers["settings:github-probe"]()).toEqual({ state: "answering", address: server.url });
    await contentUpdatesGoToLookAlike(session, home);
  });

  it("without the host's flag, the saved GitHub address wins over the environment's", async () => {
    const closed = `http://127.0.0.1:${await closedLoopbackPort()}`;
    const { session, home } = await harness({
      flag: false,
      env: { SKILLSHELF_GITHUB_API: closed },
      settings: { githubApi: server.url },
    });
    await contentUpdatesGoToLookAlike(session, home);
  });

  it("uses a GitHub address saved in Settings during the session, with no restart", async () => {
    const closed = `http://127.0.0.1:${await closedLoopbackPort()}`;
    const { session, home } = await harness({ flag: false, env: { SKILLSHELF_GITHUB_API: closed } });
    expect(await session.handlers["settings:github-probe"]()).toMatchObject({ state: "unreachable", address: closed });
    const saved = await session.handlers["settings:update"]({ githubApi: server.url });
    expect(saved.githubApi).toBe(server.url);
    expect(await session.handlers["settings:github-probe"]()).toEqual({ state: "answering", address: server.url });
    await contentUpdatesGoToLookAlike(session, home);
  });
});

/** Two copies the installer put in ~/.agents, upstream moved on: one updated by the guided update, one by Update all. */
async function contentUpdatesGoToLookAlike(session: HandlerSession, home: string): Promise<void> {
  const before = await readFile(path.join(upstream, "skills/plain/SKILL.md"), "utf8");
  await installFromUpstream(home, upstream, ["plain", "other"]);
  await writeTree(upstream, { "skills/plain/NEW.md": "new\n", "skills/other/NEW.md": "new\n" });
  await server.trees.setRepo("acme/skills", { dir: upstream });
  try {
    const h = session.handlers;
    const copies = (await h["catalog:scan"]()).skills.filter((s) => s.realDir.startsWith(path.join(home, ".agents")));
    const idOf = (name: string) => copies.find((s) => s.name === name)!.id;
    const checked = await h["updates:check"](true);
    for (const name of ["plain", "other"])
      expect(checked.find((u) => u.skillId === idOf(name))).toMatchObject({ state: "outdated", source: "github-tree" });
    const tarballs = server.trees.stats.tarballRequests;
    const { taskId } = await h["update:start"](idOf("plain"));
    const review = await h["update:review"](taskId);
    if (!review.ok) throw new Error(review.problem.message);
    expect(await h["update:apply"](taskId)).toMatchObject({ ok: true });
    const all = await h["update:all"]([idOf("other")]);
    expect(all).toEqual([expect.objectContaining({ ok: true, name: "other" })]);
    for (const name of ["plain", "other"])
      expect(await readFile(path.join(home, ".agents/skills", name, "NEW.md"), "utf8")).toBe("new\n");
    expect(server.trees.stats.tarballRequests).toBe(tarballs + 2);
  } finally {
    await rm(path.join(upstream, "skills/plain/NEW.md"));
    await rm(path.join(upstream, "skills/other/NEW.md"));
    expect(await readFile(path.join(upstream, "skills/plain/SKILL.md"), "utf8")).toBe(before);
  }
}
