// waitForDesktopArrival on fake Desktop homes: the new version written into any account tree is reported as arrived;
// without it the wait ends with what to try. Nothing here depends on how fast a watcher fires: polling is the floor.
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFixtureHome, fixtureDesktopTree } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { waitForDesktopArrival, type DesktopCopy } from "./desktop-arrival";
import { packSkill } from "../archive/pack";

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-arrival-")));
afterAll(async () => cleanup());

const brandVoice = (version: string) =>
  `---\nname: brand-voice\ndescription: Rewrites text in the company's brand voice.\nmetadata:\n  version: "${version}"\n---\n# Brand voice\n`;

/** The wait for brand-voice 2.1.0, the fixture home's hand-off (a minute at most, a look every 100 ms unless given). */
const waitForBrandVoice = (
  options: Omit<Parameters<typeof waitForDesktopArrival>[0], "name" | "version" | "timeoutMs">,
) => waitForDesktopArrival({ name: "brand-voice", version: "2.1.0", timeoutMs: 60_000, pollMs: 100, ...options });

describe("waitForDesktopArrival", () => {
  it("finds every account tree discovery knows and reports arrival in the tree the new version was written to", async () => {
    const { home, env } = await buildFixtureHome("darwin", path.join(tmp, "mac"));
    const treeB = fixtureDesktopTree(home, "darwin", "b");
    let writing: Promise<void> | null = null;
    const seenBefore: DesktopCopy[][] = [];
    const treesSeen: string[] = [];
    const result = await waitForBrandVoice({
      home,
      platform: "darwin",
      env,
      pollMs: 200,
      onCheck: (copies, trees) => {
        if (writing) return;
        seenBefore.push(copies);
        treesSeen.push(...trees);
        writing = writeTree(path.join(treeB, "skills", "brand-voice"), { "SKILL.md": brandVoice("2.1.0") });
      },
    });
    expect(seenBefore[0]!.map((c) => c.version).sort()).toEqual(["1.4.0", "2.0.0"].sort());
    expect(treesSeen.sort()).toEqual(
      [fixtureDesktopTree(home, "darwin", "a"), fixtureDesktopTree(home, "darwin", "b")].sort(),
    );
    expect(result).toEqual({
      status: "arrived",
      tree: treeB,
      dir: path.join(treeB, "skills", "brand-voice"),
      version: "2.1.0",
    });
  });

  it("compares content when the skill has no version: the packed folder arriving in the tree is recognised", async () => {
    const { home, env } = await buildFixtureHome("linux", path.join(tmp, "linux"));
    const tree = fixtureDesktopTree(home, "linux");
    const source = path.join(tmp, "linux", "notes-helper");
    await writeTree(source, {
      "SKILL.md": "---\nname: notes-helper\ndescription: Takes notes.\n---\n\n# Notes\n",
      "references/style.md": "# Style\n",
    });
    await writeTree(path.join(tree, "skills", "notes-helper"), {
      "SKILL.md": "---\nname: notes-helper\ndescription: Takes notes (old).\n---\n\n# Notes\n",
    });
    const packed = await packSkill(source, { out: path.join(tmp, "linux", "notes-helper.skill"), forDesktop: true });
    let writing: Promise<void> | null = null;
    const result = await waitForDesktopArrival({
      home,
      platform: "linux",
      env,
      name: "notes-helper",
      version: null,
      contentHash: packed.contentHash,
      timeoutMs: 60_000,
      pollMs: 200,
      onCheck: async () => {
        if (writing) return;
        const entries = unzipSync(await readFile(packed.file));
        writing = writeTree(path.join(tree, "skills"), Object.fromEntries(Object.entries(entries)));
      },
    });
    expect(result).toMatchObject({
      status: "arrived",
      tree,
      dir: path.join(tree, "skills", "notes-helper"),
      version: null,
    });
  });

  it("says at once, plainly, when the upload that arrives is still the old version", async () => {
    const { home, env } = await buildFixtureHome("darwin", path.join(tmp, "mac-stale"));
    const treeB = fixtureDesktopTree(home, "darwin", "b");
    let writing: Promise<void> | null = null;
    const result = await waitForBrandVoice({
      home,
      platform: "darwin",
      env,
      onCheck: (copies) => {
        if (writing) return;
        const copy = copies.find((c) => c.tree === treeB)!;
        // Claude Desktop wrote the upload into the tree, but the file uploaded held the version it already had.
        writing = writeTree(copy.dir, { "SKILL.md": brandVoice(copy.version!), "notes.md": "re-uploaded\n" });
      },
    });
    expect(result).toMatchObject({
      status: "stale",
      tree: treeB,
      message: expect.stringMatching(
        /^Claude Desktop still has 1\.4\.0 of "brand-voice" — the upload may not have replaced it\.$/,
      ),
    });
    if (result.status === "stale") expect(result.advice[0]).toContain("Upload the .skill file again");
  });

  it("does not call a copy still being written stale: it waits until two looks see it the same", async () => {
    const { home, env } = await buildFixtureHome("linux", path.join(tmp, "linux-writing"));
    const tree = fixtureDesktopTree(home, "linux");
    const dir = path.join(tree, "skills", "brand-voice");
    let looks = 0;
    let writing: Promise<void> = Promise.resolve();
    const result = await waitForBrandVoice({
      home,
      platform: "linux",
      env,
      onCheck: () => {
        looks++;
        // Half-written on the first look after the start, whole on the next.
        if (looks === 1) writing = writeTree(dir, { "SKILL.md": "" });
        if (looks === 2) writing = writing.then(() => writeTree(dir, { "SKILL.md": brandVoice("2.1.0") }));
      },
    });
    expect(result).toMatchObject({ status: "arrived", version: "2.1.0" });
  });

  it("says when a different version than the one handed off arrives", async () => {
    const { home, env } = await buildFixtureHome("linux", path.join(tmp, "linux-other"));
    const tree = fixtureDesktopTree(home, "linux");
    let writing: Promise<void> | null = null;
    const result = await waitForBrandVoice({
      home,
      platform: "linux",
      env,
      onCheck: () => {
        writing ??= writeTree(path.join(tree, "skills", "brand-voice-upload"), { "SKILL.md": brandVoice("1.9.0") });
      },
    });
    expect(result).toMatchObject({
      status: "stale",
      version: "1.9.0",
      message:
        'Claude Desktop now has 1.9.0 of "brand-voice", not version 2.1.0 — a different file may have been uploaded.',
    });
  });

  it("after the timeout says which version Desktop still has, where, and what to try", async () => {
    const { home, env } = await buildFixtureHome("darwin", path.join(tmp, "mac-timeout"));
    const result = await waitForDesktopArrival({
      home,
      platform: "darwin",
      env,
      name: "brand-voice",
      version: "9.9.9",
      timeoutMs: 300,
      pollMs: 100,
    });
    expect(result.status).toBe("timeout");
    if (result.status !== "timeout") return;
    expect(result.trees).toHaveLength(2);
    expect(result.advice.join("\n")).toContain('Claude Desktop still has version 2.0.0 of "brand-voice"');
    expect(result.advice.join("\n")).toContain("signed in to the account");
    expect(result.advice.join("\n")).toContain("Quit and reopen Claude Desktop");
    expect(result.advice.join("\n")).toContain("Upload the .skill file again");
  });

  it("says so when there is no Desktop account folder at all, and stops when cancelled", async () => {
    const home = path.join(tmp, "empty-home");
    await mkdir(home, { recursive: true });
    const empty = await waitForDesktopArrival({
      home,
      platform: "linux",
      env: { XDG_CONFIG_HOME: "" },
      name: "agentkey",
      version: "1.8.0",
      timeoutMs: 100,
      pollMs: 50,
    });
    expect(empty).toMatchObject({ status: "timeout", trees: [], copies: [] });
    if (empty.status === "timeout") expect(empty.advice[0]).toMatch(/No Claude Desktop account folders were found/);
    const controller = new AbortController();
    const waiting = waitForDesktopArrival({
      home,
      platform: "linux",
      env: {},
      name: "agentkey",
      version: "1.8.0",
      timeoutMs: 600_000,
      pollMs: 60_000,
      signal: controller.signal,
      onCheck: () => controller.abort(),
    });
    expect(await waiting).toEqual({ status: "cancelled" });
  });
});
