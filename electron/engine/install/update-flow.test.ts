// The steps the CLI and the app share: the file an update takes, and every failure as a sentence with what to do.
import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { InstallError } from "./errors";
import { PackRefusedError } from "./pack";
import { chooseDownload, problemOf } from "./update-flow";

describe("update flow", () => {
  it("takes the release's best file, or none", () => {
    const info = {
      downloads: [
        { name: "a.skill", size: 1, url: "https://x/a.skill" },
        { name: "src.zip", size: null, url: "https://x/src.zip" },
      ],
    } as UpdateInfo;
    expect(chooseDownload(info)?.name).toBe("a.skill");
    expect(chooseDownload({ downloads: [] } as unknown as UpdateInfo)).toBeNull();
    expect(chooseDownload(undefined)).toBeNull();
  });

  it("says what happened and what to do, with the details on demand", () => {
    const slip = problemOf(
      new InstallError("install.archive.unsafe-entry", 'The entry "../x" climbs out of the archive.'),
    );
    expect(slip).toEqual({
      code: "install.archive.unsafe-entry",
      message: 'The entry "../x" climbs out of the archive.',
      advice: expect.stringContaining("your installed copy is unchanged"),
      detail: expect.stringContaining("install.archive.unsafe-entry"),
    });
    expect(problemOf(Object.assign(new Error("ENOSPC: no space left"), { code: "ENOSPC" }))).toMatchObject({
      code: "install.disk-full",
      advice: expect.stringContaining("Free some disk space"),
    });
    expect(problemOf(Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" }))).toMatchObject({
      code: "install.permission",
      detail: "EACCES: permission denied",
    });
    const pack = problemOf(
      new PackRefusedError("It has two SKILL.md.", [
        { code: "desktop.skill-md.count", severity: "error", file: "x", message: "Two SKILL.md files." },
      ]),
    );
    expect(pack).toMatchObject({ code: "install.pack.refused", detail: "desktop.skill-md.count: Two SKILL.md files." });
    expect(problemOf("boom")).toMatchObject({
      code: "install.failed",
      message: "The update failed unexpectedly.",
      detail: "boom",
    });
  });
});
