// Entry names: decoding as unzip tools do, and the one verdict every reader and pack apply.
import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeZipName, judgeEntryName, refusedSegmentReason } from "./extract-names";

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Info-ZIP's Unicode Path extra field for `raw`, holding `name` (CRC of `crcOf`, default the raw name). */
function unicodePath(raw: Uint8Array, name: string, crcOf: Uint8Array = raw): Uint8Array {
  const body = utf8(name);
  const field = new Uint8Array(9 + body.length);
  const view = new DataView(field.buffer);
  view.setUint16(0, 0x7075, true);
  view.setUint16(2, 5 + body.length, true);
  field[4] = 1;
  view.setUint32(5, crc32(crcOf), true);
  field.set(body, 9);
  return field;
}

describe("decodeZipName", () => {
  const none = new Uint8Array(0);
  it("reads UTF-8 when flag bit 11 is set, and valid UTF-8 bytes without it (Info-ZIP, macOS)", () => {
    expect(decodeZipName(utf8("café.md"), 0x800, none)).toBe("café.md");
    expect(decodeZipName(utf8("café.md"), 0, none)).toBe("café.md");
  });

  it("falls back to CP437 for bytes that are not UTF-8 (MS-DOS and old Windows tools)", () => {
    expect(decodeZipName(new Uint8Array([0x63, 0x61, 0x66, 0x82, 0x2e, 0x6d, 0x64]), 0, none)).toBe("café.md");
    expect(decodeZipName(new Uint8Array([0x81, 0xe1, 0xff]), 0, none)).toBe("üß\u00a0");
  });

  it("takes Info-ZIP's Unicode Path field only when its CRC matches the raw name", () => {
    const raw = new Uint8Array([0x63, 0x61, 0x66, 0x82]);
    expect(decodeZipName(raw, 0, unicodePath(raw, "café"))).toBe("café");
    expect(decodeZipName(raw, 0, unicodePath(raw, "other", utf8("stale")))).toBe("café");
    const padded = new Uint8Array([0xca, 0xfe, 0, 0, ...unicodePath(raw, "naïve")]);
    expect(decodeZipName(raw, 0, padded)).toBe("naïve");
  });
});

describe("judgeEntryName", () => {
  it("keeps plain names as NFC segments, dropping `.` and empty parts", () => {
    expect(judgeEntryName("./skill/references/cafe\u0301.md")).toEqual({
      verdict: "keep",
      segments: ["skill", "references", "café.md"],
    });
  });

  it("leaves out macOS metadata", () => {
    for (const name of ["__MACOSX/skill/._SKILL.md", "skill/.DS_Store", "skill/._notes.md", "__MACOSX/"])
      expect(judgeEntryName(name), name).toEqual({ verdict: "leave-out" });
  });

  it("refuses paths that escape, and names no one should install, with the reason", () => {
    expect(judgeEntryName("../x")).toMatchObject({ verdict: "refuse", escapes: true });
    expect(judgeEntryName("C:/x")).toMatchObject({ verdict: "refuse", escapes: true });
    expect(judgeEntryName("a/.git/config")).toMatchObject({
      verdict: "refuse",
      escapes: false,
      reason: expect.stringMatching(/^has a part that is a version-control folder/),
    });
  });

  it.each([
    ["tab\there", /control character/],
    ["nl\u2028here", /line break/],
    ["rtl\u202Eoverride", /U\+202E/],
    ["soft\u00ADhyphen", /U\+00AD/],
    ["variation\uFE0F", /U\+FE0F/],
    ["NUL", /Windows reserves/],
    ["nul.txt", /Windows reserves/],
    ["Lpt9.md", /Windows reserves/],
    ["aux .md", /Windows reserves/],
    ["dots...", /ends in a dot/],
    [".SVN", /version-control/],
    ["GIT~1", /version-control/],
  ])("refuses %j", (segment, reason) => {
    expect(refusedSegmentReason(segment)).toMatch(reason);
  });

  it.each(["café.md", "CONTRIBUTING.md", "console.md", "com10.md", ".github", ".gitignore", "日本語.md", "a.b"])(
    "accepts %j",
    (segment) => expect(refusedSegmentReason(segment)).toBeNull(),
  );
});
