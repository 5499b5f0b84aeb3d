// "Would Claude Desktop accept this?": pack --for claude-desktop's verdict and reasons, pointed at the skill's own
// files, with no archive left behind.
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkForDesktop } from "./desktop-check";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "skill", "fixtures");

async function leftovers(): Promise<string[]> {
  return (await readdir(os.tmpdir())).filter((n) => n.startsWith("skillshelf-desktop-check-"));
}

describe("checkForDesktop", () => {
  it("accepts a skill that passes Desktop's upload rules", async () => {
    const before = await leftovers();
    const check = await checkForDesktop(path.join(FIXTURES, "valid-full"));
    expect(check).toEqual({ accepted: true, name: "valid-full", diagnostics: [], moved: [] });
    expect(await leftovers()).toEqual(before);
  });

  it("refuses a reserved name with the reason at SKILL.md's line", async () => {
    const check = await checkForDesktop(path.join(FIXTURES, "claude-helper"));
    expect(check.accepted).toBe(false);
    expect(check.diagnostics).toEqual([
      expect.objectContaining({
        code: "desktop.name.reserved",
        severity: "error",
        file: path.join(FIXTURES, "claude-helper", "SKILL.md"),
        line: 2,
      }),
    ]);
  });

  it("says what the packed copy changes for the upload, and refuses a folder without SKILL.md", async () => {
    const list = await checkForDesktop(path.join(FIXTURES, "allowed-tools-list"));
    expect(list.accepted).toBe(true);
    expect(list.diagnostics.map((d) => d.code)).toEqual(["pack.desktop.allowed-tools"]);
    const none = await checkForDesktop(path.join(FIXTURES, "missing-file"));
    expect(none).toMatchObject({ accepted: false, name: null });
    expect(none.diagnostics.map((d) => d.code)).toEqual(["skill.missing-file"]);
  });
});
