// The app's Add flow through the session's handlers: a download's progress on task:progress and Cancel leaving nothing,
// an archive uploaded to the web host added (and its upload removed), a conflict's versions and hashes in the plan, and
// the open dialog only where the host has one.
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { randomBytes } from "node:crypto";
import { strToU8, zipSync } from "fflate";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TaskProgress } from "../../shared/model";
import { startReleaseServer, type RunningReleaseServer } from "../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import type { DesktopIntegration } from "./context";
import { createEngine } from "./engine";
import { EngineError } from "../engine/errors";
import { createHandlerSession, type HandlerSession } from "./handlers";
import { receiveUpload } from "./manage-upload";

const SKILL = (name: string, version = "1.0.0") =>
  `---\nname: ${name}\ndescription: The ${name} skill.\nmetadata:\n  version: "${version}"\n---\n\nBody.\n`;
const TASK = "00112233445566aa";
const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
let server: RunningReleaseServer;
const gone = async (p: string) => (await lstat(p).catch(() => null)) === null;

beforeAll(async () => {
  server = await startReleaseServer({ releases: {}, throttleAssets: { chunkBytes: 8192, pauseMs: 40 } });
  server.setRelease("acme/big", {
    tag: "v1",
    assets: {
      "big.zip": zipSync({ "big/SKILL.md": strToU8(SKILL("big")), "big/data.bin": randomBytes(1 << 20) }, { level: 0 }),
    },
  });
});
afterAll(() => server?.close());
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

async function harness(extra: Partial<DesktopIntegration> = {}) {
  const tmp = await makeTempDir();
  await writeTree(tmp.dir, { "home/.keep": "", "src/tidy/SKILL.md": SKILL("tidy", "2.0.0") });
  const progress: TaskProgress[] = [];
  const desktop: DesktopIntegration = {
    reveal: async () => undefined,
    openInEditor: async () => undefined,
    openExternal: async () => true,
    pickFolder: async () => null,
    ...extra,
  };
  const dataDir = path.join(tmp.dir, "data");
  const scanOptions = {
    home: path.join(tmp.dir, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), SKILLSHELF_DATA_DIR: dataDir },
  };
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop,
    emit: (channel, payload) => void (channel === "task:progress" && progress.push(payload as TaskProgress)),
    engine: createEngine(scanOptions),
    liveCatalog: false,
  });
  open.push({ session, cleanup: tmp.cleanup });
  return { session, root: tmp.dir, home: scanOptions.home, dataDir, progress };
}

describe("the app's Add flow", () => {
  it("reports the download on task:progress and Cancel stops it, leaving nothing", async () => {
    const { session, home, dataDir, progress } = await harness();
    const adding = session.handlers["manage:add"](`${server.url}/download/acme/big/v1/big.zip`, {
      clients: ["claude-code"],
      dryRun: false,
      taskId: TASK,
    });
    const outcome = adding.then(
      () => null,
      (error: unknown) => error,
    );
    await expect
      .poll(() => progress.some((p) => p.taskId === TASK && p.kind === "add" && p.value > 0), { timeout: 60_000 })
      .toBe(true);
    await session.handlers["manage:cancel-add"](TASK);
    const error = await outcome;
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).failure).toBe("cancelled");
    expect(await gone(path.join(home, ".claude"))).toBe(true);
    expect(await readdir(path.join(dataDir, "staging")).catch(() => [])).toEqual([]);
  });

  it("adds an archive uploaded to the web host and removes the upload afterwards", async () => {
    const { session, home, dataDir } = await harness();
    const zip = zipSync({ "tidy/SKILL.md": strToU8(SKILL("tidy")) });
    const file = await session.receiveUpload("my tidy.zip", Readable.from([Buffer.from(zip)]), zip.byteLength);
    expect(path.basename(file)).toBe("my_tidy.zip");
    const plan = await session.handlers["manage:add"](file, { clients: ["claude-code"], dryRun: true });
    expect(plan.skills.map((s) => s.name)).toEqual(["tidy"]);
    const added = await session.handlers["manage:add"](file, { clients: ["claude-code"], dryRun: false });
    expect(added.applied).toBe(true);
    expect(await gone(path.join(home, ".agents/skills/tidy/SKILL.md"))).toBe(false);
    expect(await readdir(path.join(dataDir, "staging"))).toEqual([]);
  });

  it("refuses uploads that are not archives or are too large, keeping nothing", async () => {
    const { session, dataDir } = await harness();
    await expect(session.receiveUpload("run.sh", Readable.from([Buffer.from("x")]), 1)).rejects.toThrow(/\.zip/);
    await expect(session.receiveUpload("big.zip", Readable.from([Buffer.from("x")]), 1e12)).rejects.toThrow(
      /larger than/,
    );
    const body = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(receiveUpload(dataDir, "x.tgz", body, Number.NaN, 1000)).rejects.toThrow(/larger than/);
    expect(await readdir(path.join(dataDir, "staging")).catch(() => [])).toEqual([]);
  });

  it("holds at most 4 uploads waiting to be added, refusing a fifth in a sentence until one is added", async () => {
    const { session, home, dataDir } = await harness();
    const zip = Buffer.from(zipSync({ "tidy/SKILL.md": strToU8(SKILL("tidy")) }));
    const files: string[] = [];
    for (let i = 0; i < 4; i++) files.push(await session.receiveUpload(`t${i}.zip`, Readable.from([zip]), zip.length));
    await expect(session.receiveUpload("t4.zip", Readable.from([zip]), zip.length)).rejects.toThrow(
      /^Skillshelf already holds 4 uploads waiting to be added \(.+\); add one of them first/,
    );
    expect(await readdir(path.join(dataDir, "staging"))).toHaveLength(4);
    await session.handlers["manage:add"](files[0]!, { clients: ["claude-code"], dryRun: false });
    expect(await gone(path.join(home, ".agents/skills/tidy"))).toBe(false);
    await session.receiveUpload("t4.zip", Readable.from([zip]), zip.length);
    await session.dispose();
    expect(await readdir(path.join(dataDir, "staging"))).toEqual([]);
  });

  it("shows a conflicting copy's version and hash beside the new one's, and replaces it only when asked", async () => {
    const { session, root, home } = await harness();
    await writeTree(path.join(home, ".agents/skills/tidy"), { "SKILL.md": SKILL("tidy", "1.0.0") });
    const plan = await session.handlers["manage:add"](path.join(root, "src/tidy"), {
      clients: ["agents"],
      dryRun: true,
    });
    const place = plan.skills[0]!.places[0]!;
    expect(place.action).toBe("conflict");
    expect(place.occupant).toMatchObject({ kind: "other-skill", version: "1.0.0" });
    const theirs = (place.occupant as { hash: string }).hash;
    expect(theirs).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.skills[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.skills[0]!.hash).not.toBe(theirs);
    await expect(
      session.handlers["manage:add"](path.join(root, "src/tidy"), { clients: ["agents"], dryRun: false }),
    ).rejects.toThrow(/replace/);
    const replaced = await session.handlers["manage:add"](path.join(root, "src/tidy"), {
      clients: ["agents"],
      dryRun: false,
      replace: true,
    });
    expect(replaced.skills[0]!.places[0]!.applied?.backup).toBeTruthy();
  });

  it("keeps the .skill an add built for Claude Desktop for the web host's download, by the add's task id", async () => {
    const { session, root } = await harness();
    const added = await session.handlers["manage:add"](path.join(root, "src/tidy"), {
      clients: ["claude-desktop"],
      dryRun: false,
      taskId: TASK,
    });
    const archive = added.skills[0]!.handoff!.archive;
    expect(archive).toMatch(/tidy.*\.skill$/);
    expect(await gone(archive)).toBe(false);
    expect(session.handoffFile(TASK)).toBe(archive);
    expect(session.handoffFile("ffffffffffffffff")).toBeNull();
  });

  it("opens the host's dialog for a source, and says so where there is none", async () => {
    const asked: string[] = [];
    const withDialog = await harness({ pickAddSource: async (kind) => (asked.push(kind), "/picked/skill.zip") });
    expect(await withDialog.session.handlers["manage:pick-source"]("archive")).toBe("/picked/skill.zip");
    expect(asked).toEqual(["archive"]);
    const web = await harness();
    await expect(web.session.handlers["manage:pick-source"]("folder")).rejects.toThrow(/file field/);
  });
});
