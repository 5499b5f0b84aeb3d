// A content check's answer recomputed from the folder's hash and the last check's upstream and recorded hashes.
import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { contentStateFor } from "./local-content";

const info = (extra: Partial<UpdateInfo> = {}): UpdateInfo & { upstreamHash: string } => ({
  skillId: "s",
  name: "b",
  dir: "/h/.agents/skills/b",
  installed: null,
  installedSource: null,
  latest: null,
  state: "up-to-date",
  source: "github-tree",
  checkedAt: "2026-11-30T00:00:00.000Z",
  repository: "acme/skills",
  folder: "skills/b",
  branch: "main",
  installedHash: "a".repeat(40),
  upstreamHash: "a".repeat(40),
  changedFiles: ["x.sh"],
  ...extra,
});

describe("contentStateFor", () => {
  it("is outdated without a lock, changed locally with one, up to date when the folder matches upstream again", () => {
    const edited = "e".repeat(40);
    const noLock = contentStateFor(info({ recordedHash: null }), edited, null);
    expect(noLock).toMatchObject({
      state: "outdated",
      installedHash: edited,
      reason: expect.stringMatching(/no record/),
    });
    expect(noLock.changedFiles).toBeUndefined();
    expect(contentStateFor(info(), edited, "a".repeat(40))).toMatchObject({ state: "changed-locally" });
    expect(contentStateFor(info(), edited, "a".repeat(40)).reason).not.toMatch(/newer version/);
    expect(contentStateFor(info({ upstreamHash: "u".repeat(40) }), edited, "a".repeat(40)).reason).toMatch(
      /newer version is also available/,
    );
    expect(contentStateFor(info({ upstreamHash: "u".repeat(40) }), "a".repeat(40), "a".repeat(40))).toMatchObject({
      state: "outdated",
    });
    expect(contentStateFor(info({ state: "changed-locally" }), "a".repeat(40), "r".repeat(40))).toMatchObject({
      state: "up-to-date",
    });
  });
});
