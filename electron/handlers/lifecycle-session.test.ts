// One owner for a skill's life in the app: the manage commands and the update commands of one session drive the same
// lifecycle service, so they share its data folder, its history (adds, removes and put-backs are recorded beside
// updates) and its GitHub address (a host's --github-api reaches Add as it reaches updates).
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReleaseServer, type RunningReleaseServer } from "../../test-support/servers/release-server";
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
const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];

beforeAll(async () => {
  server = await startReleaseServer({ releases: {} });
  const repo = await makeTempDir("skillshelf-lifecycle-repo-");
  await writeTree(repo.dir, { "skills/alpha/SKILL.md": SKILL("alpha") });
  await server.trees.setRepo("acme/skills", { dir: repo.dir });
});
afterAll(() => server?.close());
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

/** A session as `serve --github-api URL` makes it: the environment names no GitHub API (the public one by default). */
async function harness() {
  const tmp = await makeTempDir("skillshelf-lifecycle-");
  await writeTree(tmp.dir, { "home/.keep": "", "src/tidy/SKILL.md": SKILL("tidy") });
  const scanOptions = {
    home: path.join(tmp.dir, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data") },
  };
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop,
    emit: () => undefined,
    engine: createEngine(scanOptions, { githubApi: server.url }),
    liveCatalog: false,
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
});
