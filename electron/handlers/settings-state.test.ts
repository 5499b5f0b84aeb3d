// Settings through the handlers: the public view, 0600 saves, and update checks that use what the user set.
import { afterEach, describe, expect, it } from "vitest";
import { lstat, readFile, rename, stat, symlink, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { startReleaseServer } from "../../test-support/servers/release-server";
import { startSkillMetaServer } from "../../test-support/servers/skill-meta-server";
import type { Skill, UpdateInfo } from "../../shared/model";
import type { HandlerContext, HandlerEngine, UpdateSources } from "./context";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";
import { INERT_DESKTOP } from "./testing/inert-desktop";

const HEADER_SECRET = "Bearer meta-secret-value";
const TOKEN = "ghp_savedTokenFromSettings";
const HOUR = 60 * 60 * 1000;

const skillMd = (name: string, version: string, repo?: string) =>
  [
    "---",
    `name: ${name}`,
    `description: Does ${name} things.`,
    "metadata:",
    `  version: "${version}"`,
    ...(repo ? [`  repository: https://github.com/${repo}`] : []),
    "---",
    `# ${name}`,
    "",
  ].join("\n");

const desktop = INERT_DESKTOP;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Setup {
  root: string;
  settingsFile: string;
  session: HandlerSession;
}

/** A session over a temp home holding the given skills; settings in root/config unless a file is written first. */
async function setup(options: {
  skills: Record<string, string>;
  env?: Record<string, string>;
  settings?: unknown;
  engine?: (scanOptions: HandlerContext["scanOptions"]) => HandlerEngine;
  updatePolling?: HandlerContext["updatePolling"];
}): Promise<Setup> {
  const tmp = await makeTempDir();
  closers.push(tmp.cleanup);
  const root = tmp.dir;
  await writeTree(
    path.join(root, "home/.claude/skills"),
    Object.fromEntries(Object.entries(options.skills).map(([name, text]) => [`${name}/SKILL.md`, text])),
  );
  const settingsFile = path.join(root, "config", "settings.json");
  if (options.settings !== undefined) {
    await mkdir(path.dirname(settingsFile), { recursive: true });
    await writeFile(settingsFile, JSON.stringify(options.settings), { mode: 0o600 });
  }
  const scanOptions = {
    home: path.join(root, "home"),
    platform: "linux" as const,
    env: {
      SKILLSHELF_CACHE_DIR: path.join(root, "cache"),
      SKILLSHELF_CONFIG_DIR: path.join(root, "config"),
      SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/",
      ...options.env,
    },
  };
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop,
    emit: () => undefined,
    engine: (options.engine ?? createEngine)(scanOptions),
    liveCatalog: false,
    updatePolling: options.updatePolling,
  });
  closers.push(() => session.dispose());
  return { root, settingsFile, session };
}

const byName = (updates: UpdateInfo[], name: string) => updates.find((u) => u.name === name)!;

describe("settings handlers", () => {
  it("start from the defaults, save each change with mode 0600, and never hand a secret to the renderer", async () => {
    const { session, settingsFile } = await setup({ skills: {} });
    const h = session.handlers;
    expect(await h["settings:get"]()).toEqual({
      servers: [],
      hasGithubToken: false,
      githubApi: null,
      pollHours: 24,
      validationCache: true,
      askBeforeRunning: true,
      accountNames: {},
      ignoredUpdates: { skills: [], versions: {} },
      problems: [],
    });
    const results = [
      await h["settings:update"]({
        addServer: { url: "https://meta.example/mcp", headers: { Authorization: HEADER_SECRET } },
      }),
      await h["settings:update"]({ githubToken: TOKEN }),
      await h["settings:update"]({ pollHours: 6 }),
      await h["settings:get"](),
    ];
    expect(results.at(-1)).toEqual({
      servers: [{ url: "https://meta.example/mcp", headerNames: ["Authorization"] }],
      hasGithubToken: true,
      githubApi: null,
      pollHours: 6,
      validationCache: true,
      askBeforeRunning: true,
      accountNames: {},
      ignoredUpdates: { skills: [], versions: {} },
      problems: [],
    });
    for (const result of results) expect(JSON.stringify(result)).not.toMatch(/meta-secret|ghp_/);
    expect((await stat(settingsFile)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(settingsFile, "utf8"))).toMatchObject({
      version: 1,
      githubToken: TOKEN,
      servers: [{ headers: { Authorization: HEADER_SECRET } }],
    });
    expect((await h["settings:update"]({ githubToken: null })).hasGithubToken).toBe(false);
    expect(JSON.parse(await readFile(settingsFile, "utf8"))).not.toHaveProperty("githubToken");
  });

  it("refuses a bad change with a sentence and leaves the file as it was", async () => {
    const { session, settingsFile } = await setup({ skills: {} });
    await session.handlers["settings:update"]({ pollHours: 12 });
    const before = await readFile(settingsFile, "utf8");
    await expect(session.handlers["settings:update"]({ pollHours: 500 })).rejects.toThrow(/from 1 to 168/);
    await expect(
      session.handlers["settings:update"]({ addServer: { url: "https://u:p@x.example/mcp" } }),
    ).rejects.toThrow(/password/);
    expect(await readFile(settingsFile, "utf8")).toBe(before);
  });

  it.skipIf(process.platform === "win32")(
    "refuses to save through a symlinked settings file, with a sentence, and leaves its target alone",
    async () => {
      const { root, session, settingsFile } = await setup({
        skills: {},
        settings: { version: 1, servers: [], pollHours: 24, askStdioServers: false },
      });
      const target = path.join(root, "dotfiles-settings.json");
      await rename(settingsFile, target);
      await symlink(target, settingsFile);
      const before = await readFile(target, "utf8");
      await expect(
        session.handlers["settings:update"]({ githubToken: "ghp_neverWrittenThroughALink1" }),
      ).rejects.toThrow(/symbolic link.*Nothing was changed/);
      expect(await readFile(target, "utf8")).toBe(before);
      expect((await lstat(settingsFile)).isSymbolicLink()).toBe(true);
    },
  );

  it("reports what a corrupt file lost, keeps a .bak, and still starts", async () => {
    const { session, settingsFile } = await setup({
      skills: {},
      settings: { version: 1, servers: [{ url: "https://ok.example/mcp" }, { url: "nope" }], pollHours: "often" },
    });
    const view = await session.handlers["settings:get"]();
    expect(view.servers.map((s) => s.url)).toEqual(["https://ok.example/mcp"]);
    expect(view.pollHours).toBe(24);
    expect(view.problems).toEqual([
      expect.stringMatching(/Server 2/),
      expect.stringMatching(/check interval/),
      expect.stringMatching(/settings\.json\.bak/),
    ]);
    expect(JSON.parse(await readFile(`${settingsFile}.bak`, "utf8")).pollHours).toBe("often");
  });

  it("asks a server added in settings, with its headers, and a change makes the next check a new session", async () => {
    const meta = await startSkillMetaServer({ requireHeaders: { authorization: HEADER_SECRET } });
    closers.push(meta.close);
    const { session } = await setup({ skills: { agentkey: skillMd("agentkey", "1.0.0") } });
    const h = session.handlers;
    await h["catalog:scan"]();
    expect(byName(await h["updates:check"](false), "agentkey").state).toBe("unknown");
    expect(meta.stats.httpRequests).toBe(0);

    await h["settings:update"]({ addServer: { url: meta.url, headers: { Authorization: HEADER_SECRET } } });
    const answered = byName(await h["updates:check"](false), "agentkey");
    expect(answered).toMatchObject({ state: "outdated", latest: "1.3.0", source: "skill-meta" });
    expect(meta.stats.headers.every((headers) => headers.authorization === HEADER_SECRET)).toBe(true);
    expect(meta.stats.initializes).toBe(1);

    await h["settings:update"]({ removeServer: meta.url });
    expect(byName(await h["updates:check"](false), "agentkey").state).toBe("unknown");
    expect(meta.stats.initializes).toBe(1);
  });

  it("uses GITHUB_TOKEN from the environment when no token is saved, and the saved one when there is", async () => {
    const releases = await startReleaseServer({ releases: { "acme/tool": { tag: "v2.0.0" } } });
    closers.push(releases.close);
    const skills = { tool: skillMd("tool", "1.0.0", "acme/tool") };
    const env = { SKILLSHELF_GITHUB_API: releases.url, GITHUB_TOKEN: "env-token" };
    const fromEnv = await setup({ skills, env });
    await fromEnv.session.handlers["catalog:scan"]();
    expect(byName(await fromEnv.session.handlers["updates:check"](true), "tool")).toMatchObject({
      state: "outdated",
      latest: "2.0.0",
    });
    expect(releases.stats.headers.at(-1)?.authorization).toBe("Bearer env-token");

    const saved = await setup({
      skills,
      env,
      settings: { version: 1, servers: [], githubToken: TOKEN, pollHours: 24, askStdioServers: false },
    });
    await saved.session.handlers["catalog:scan"]();
    await saved.session.handlers["updates:check"](true);
    expect(releases.stats.apiRequests).toBe(2);
    expect(releases.stats.headers.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("passes plugin roots (and never an all-stdio consent, even from an old settings file) to the engine, and restarts the poll interval on a change", async () => {
    const calls: Array<{ force: boolean; sources?: UpdateSources }> = [];
    const engine = (scanOptions: HandlerContext["scanOptions"]): HandlerEngine => ({
      ...createEngine(scanOptions),
      checkUpdates: async (_skills: Skill[], options) => (calls.push(options), []),
    });
    const timers: number[] = [];
    const clock = {
      setTimeout: (_fn: () => void, ms: number) => (timers.push(ms), timers.length),
      clearTimeout: () => undefined,
    };
    const { session } = await setup({
      skills: {},
      engine,
      settings: { version: 1, servers: [], pollHours: 6, askStdioServers: true },
      updatePolling: { clock },
    });
    await session.handlers["catalog:scan"]();
    await expect.poll(() => timers.length).toBe(1);
    expect(timers).toEqual([6 * HOUR]);
    expect(calls).toEqual([
      { force: false, sources: { servers: [], includeStdio: false, approvedStdio: [], pluginRoots: [] }, plugins: [] },
    ]);

    await session.handlers["settings:update"]({ pollHours: 2 });
    expect(timers.at(-1)).toBe(2 * HOUR);
    await session.handlers["updates:check"](false);
    expect(calls.at(-1)).toMatchObject({ force: true });
    await expect(session.handlers["settings:update"]({ askStdioServers: true } as never)).rejects.toThrow(
      /does not exist/,
    );
    await session.handlers["updates:check"](true);
    expect(calls.at(-1)).toMatchObject({ force: true, sources: { includeStdio: false, approvedStdio: [] } });
  });
});
