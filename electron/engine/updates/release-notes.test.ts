// A release's own notes travel with the update state: read from GitHub's answer, kept beside the cached downloads so
// a cached answer (or a 304) still has them, and capped with a line saying so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir } from "../../../test-support/tmp";
import { ReleaseLookup } from "./github-releases";
import { MAX_RELEASE_NOTES_CHARS, releaseNotesOf } from "./release-downloads";
import { parseGithubRepo } from "./repository";

let server: RunningReleaseServer;
let tmp: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  server = await startReleaseServer({ releases: { "acme/notes": { tag: "v2.0.0", body: "## New\n\n- faster\n" } } });
  tmp = await makeTempDir("skillshelf-release-notes-");
});
afterAll(async () => {
  await server.close();
  await tmp.cleanup();
});

describe("release notes", () => {
  it("come with a fresh answer and with the cached one", async () => {
    const repo = parseGithubRepo("https://github.com/acme/notes")!;
    const fresh = await new ReleaseLookup({ apiBase: server.url, cacheDir: tmp.dir, timeoutMs: 15_000 }).latest(repo);
    expect(fresh).toMatchObject({ ok: true, fromCache: false, notes: "## New\n\n- faster" });
    const cached = await new ReleaseLookup({ apiBase: server.url, cacheDir: tmp.dir, timeoutMs: 15_000 }).latest(repo);
    expect(cached).toMatchObject({ ok: true, fromCache: true, notes: "## New\n\n- faster" });
  });

  it("are capped with a line that says the rest is on the release page; an empty body gives none", () => {
    const long = releaseNotesOf({ body: "x".repeat(MAX_RELEASE_NOTES_CHARS * 2) })!;
    expect(long.length).toBeLessThanOrEqual(MAX_RELEASE_NOTES_CHARS);
    expect(long.endsWith("(the notes are longer; the rest is on the release page)")).toBe(true);
    expect(releaseNotesOf({ body: "  \n" })).toBeNull();
    expect(releaseNotesOf({ body: 42 })).toBeNull();
  });
});
