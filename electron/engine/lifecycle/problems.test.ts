// The steps the CLI and the app share: the file an update takes, and every failure as a sentence with what to do.
import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { EngineError } from "../errors";
import { PackRefusedError } from "../archive/pack";
import { problemOf } from "./problems";
import { testSkill } from "../../../shared/testing/model-fixtures";
import { decideUpdate } from "./steps";

describe("update flow", () => {
  it("takes the release's best file, or none", () => {
    const skill = testSkill("agentkey", { version: "1.2.0", versionSource: "metadata.version" });
    const outdated = (downloads: UpdateInfo["downloads"]) =>
      ({
        skillId: skill.id,
        name: skill.name,
        dir: skill.dir,
        state: "outdated",
        latest: "1.3.0",
        downloads,
      }) as UpdateInfo;
    const decided = decideUpdate(
      skill,
      outdated([
        { name: "a.skill", size: 1, url: "https://x/a.skill" },
        { name: "src.zip", size: null, url: "https://x/src.zip" },
      ]),
    );
    expect(decided.ok && decided.origin.kind === "release" ? decided.origin.file.name : null).toBe("a.skill");
    expect(decideUpdate(skill, outdated([]))).toMatchObject({ ok: false, problem: { code: "install.no-download" } });
    expect(decideUpdate(skill, undefined)).toMatchObject({ ok: false, problem: { code: "install.not-due" } });
  });

  it("says what happened and what to do, with the details on demand", () => {
    const slip = problemOf(
      new EngineError("install.archive.unsafe-entry", 'The entry "../x" climbs out of the archive.'),
    );
    expect(slip).toEqual({
      code: "install.archive.unsafe-entry",
      cause: "invalid",
      message: "This download is not safe to unpack; nothing was changed.",
      advice: expect.stringContaining("Your installed copy is unchanged"),
      detail: 'install.archive.unsafe-entry: The entry "../x" climbs out of the archive.',
    });
    expect(problemOf(Object.assign(new Error("ENOSPC: no space left"), { code: "ENOSPC" }))).toMatchObject({
      code: "install.disk-full",
      cause: "disk-full",
      advice: expect.stringContaining("Free some disk space"),
    });
    expect(problemOf(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }))).toMatchObject({
      code: "install.permission",
      cause: "permission",
      advice: expect.not.stringContaining("disk space"),
      detail: "EACCES: permission denied",
    });
    const pack = problemOf(
      new PackRefusedError("It has two SKILL.md.", [
        { code: "desktop.skill-md.count", severity: "error", file: "x", message: "Two SKILL.md files." },
      ]),
    );
    expect(pack).toMatchObject({ code: "install.pack.refused", detail: "desktop.skill-md.count: Two SKILL.md files." });
    expect(problemOf("boom")).toMatchObject({
      cause: "unknown",
      code: "install.failed",
      message: "The update failed unexpectedly.",
      detail: "boom",
    });
  });

  it("blames the skill's author only for what is the author's, never for a hostile or broken download", () => {
    const download = ["install.archive.unsafe-entry", "install.archive.invalid", "install.archive.too-large"] as const;
    for (const code of download) {
      const problem = problemOf(new EngineError(code, 'The archive entry "../../escaped.txt" climbs out.'));
      expect(problem.message, code).toMatch(/^This download .*nothing was changed\.$/);
      expect(`${problem.message} ${problem.advice}`, code).not.toMatch(/author|escaped\.txt|details/i);
      expect(problem.detail, code).toContain('"../../escaped.txt"');
    }
    const invalid = problemOf(new EngineError("install.skill.invalid", "SKILL.md has no name."));
    expect(invalid.advice).toBe(
      "The new version has errors, so it was not installed. Tell the skill's author; your installed copy is unchanged.",
    );
    const pack = problemOf(new PackRefusedError("It has two SKILL.md.", []));
    expect(pack.advice).toContain("Tell the skill's author");
  });

  it("decides the cause where the failure is known, and the advice follows the cause, not the code", () => {
    const offline = problemOf(
      new EngineError("install.download.failed", "The download failed (ECONNREFUSED).", "offline"),
    );
    expect(offline).toMatchObject({ cause: "offline", advice: expect.stringContaining("internet connection") });
    const gone = problemOf(new EngineError("install.download.failed", "The server answered 404.", "not-found"));
    expect(gone.cause).toBe("not-found");
    expect(gone.advice).not.toContain("internet connection");
    expect(problemOf(new EngineError("install.busy", "Another update is running.")).cause).toBe("locked");
    const checksum = problemOf(
      new EngineError(
        "install.download.checksum",
        "The download doesn't match what the publisher announced, so it was not installed.",
        "checksum",
        "SHA-256 of the download: aa\nSHA-256 the release published: bb",
      ),
    );
    expect(checksum).toMatchObject({
      cause: "checksum",
      message: "The download doesn't match what the publisher announced, so it was not installed.",
      advice:
        "It may have been damaged on the way or changed since it was published; your installed copy is unchanged. Retry; if it happens again, tell the skill's author.",
      detail:
        "install.download.checksum: The download doesn't match what the publisher announced, so it was not installed.\nSHA-256 of the download: aa\nSHA-256 the release published: bb",
    });
    expect(`${checksum.message} ${checksum.advice}`).not.toMatch(/SHA-256|[0-9a-f]{8}/);
    const swapDenied = new EngineError("install.swap.failed", "The update could not be applied.", "permission");
    expect(problemOf(swapDenied).advice).not.toContain("disk space");
  });
});
