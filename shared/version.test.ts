import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compareInstalled, normalizeVersion } from "./version";

describe("normalizeVersion", () => {
  it("drops one leading v and keeps SemVer", () => {
    expect(normalizeVersion("v1.2.3")).toBe("1.2.3");
    expect(normalizeVersion("V2.0.0-beta.1")).toBe("2.0.0-beta.1");
    expect(normalizeVersion("1.0.0+build.5")).toBe("1.0.0");
  });
  it("refuses what is not SemVer rather than guessing", () => {
    for (const bad of ["", "latest", "1.2", "release-2024", "vv1.2.3", "1.2.3.4", null, undefined]) {
      expect(normalizeVersion(bad as string | null)).toBeNull();
    }
  });
});

describe("compareInstalled's order", () => {
  it("orders pre-releases before the release, as SemVer does", () => {
    const ordered = [
      "1.0.0-alpha",
      "1.0.0-alpha.1",
      "1.0.0-alpha.beta",
      "1.0.0-beta",
      "1.0.0-beta.2",
      "1.0.0-beta.11",
      "1.0.0-rc.1",
      "1.0.0",
      "1.0.1",
      "1.10.0",
      "2.0.0",
    ];
    for (let i = 0; i + 1 < ordered.length; i++) {
      expect(compareInstalled(ordered[i]!, ordered[i + 1]!)).toBe("outdated");
      expect(compareInstalled(ordered[i + 1]!, ordered[i]!)).toBe("ahead");
    }
  });
  it("is antisymmetric on generated versions", () => {
    const part = fc.nat({ max: 30 });
    const version = fc
      .tuple(part, part, part, fc.option(fc.constantFrom("alpha", "beta.1", "rc.2"), { nil: undefined }))
      .map(([a, b, c, pre]) => `${a}.${b}.${c}${pre ? "-" + pre : ""}`);
    const mirror: Record<string, string> = { outdated: "ahead", ahead: "outdated", "up-to-date": "up-to-date" };
    fc.assert(fc.property(version, version, (a, b) => compareInstalled(b, a) === mirror[compareInstalled(a, b)]));
  });
});

describe("compareInstalled", () => {
  it("gives each state", () => {
    expect(compareInstalled("1.2.0", "1.3.0")).toBe("outdated");
    expect(compareInstalled("1.3.0", "v1.3.0")).toBe("up-to-date");
    expect(compareInstalled("1.4.0-beta.1", "1.3.0")).toBe("ahead");
    expect(compareInstalled("1.3.0-rc.1", "1.3.0")).toBe("outdated");
  });
  it("is unknown when a side is missing or not SemVer", () => {
    expect(compareInstalled(null, "1.0.0")).toBe("unknown");
    expect(compareInstalled("1.0.0", null)).toBe("unknown");
    expect(compareInstalled("1.0.0", "nightly")).toBe("unknown");
    expect(compareInstalled("one", "1.0.0")).toBe("unknown");
  });
});
