import { describe, expect, it } from "vitest";
import type { Location, ScanResult, UpdateInfo } from "./model";
import { testLocation, testSkill } from "./testing/model-fixtures";
import { catalogLimitNotes, sortGroups } from "./catalog-view";
import { buildCatalogGroups, desktopAccountName, desktopAccountTitles, filterGroups, NO_FILTERS } from "./ui-catalog";

const location = testLocation;
const skill = testSkill;
const warning = { code: "skill.body.lines", severity: "warning" as const, message: "m", file: "f" };
const error = { code: "skill.name.uppercase", severity: "error" as const, message: "m", file: "f" };
const tree = (id: string, accountTree: string): Location =>
  location(id, {
    client: "claude-desktop",
    scope: "desktop-account",
    readOnly: true,
    label: `Claude Desktop — account ${accountTree.slice(0, 8)}…`,
    desktop: { variant: "Claude Desktop", root: "/r", accountTree, lastUpdated: null },
  });
const scan: ScanResult = {
  locations: [
    location("code"),
    tree("t2", "ffff-2/aaaa"),
    tree("t1", "3f2a9c1e-aaaa/8c7b"),
    location("cursor", { client: "cursor", path: "/h/.cursor/skills" }),
  ],
  skills: [
    skill("alpha"),
    skill("beta", { diagnostics: [warning] }),
    skill("gamma", { diagnostics: [error, warning], valid: false }),
    skill("delta", { diagnostics: [warning, warning] }),
    skill("desk", {
      client: "claude-desktop",
      locationId: "t1",
      userOwned: false,
      dir: "/r/3f2a9c1e-aaaa/8c7b/skills/desk",
      realDir: "/r/3f2a9c1e-aaaa/8c7b/skills/desk",
    }),
    skill("desk2", { client: "claude-desktop", locationId: "t2", userOwned: false }),
    skill("cur", { client: "cursor", locationId: "cursor", dir: "/h/.cursor/skills/cur", realDir: "/data/shared/cur" }),
  ],
  plugins: [],
  diagnostics: [],
};
const names = (groups: ReturnType<typeof buildCatalogGroups>) => groups.flatMap((g) => g.entries.map((e) => e.name));
const update = (skillId: string, state: UpdateInfo["state"]): UpdateInfo =>
  ({
    skillId,
    state,
    installed: "1.0.0",
    latest: "2.0.0",
    source: "github-release",
    checkedAt: "2026-01-01T00:00:00Z",
  }) as UpdateInfo;

describe("catalog sorting", () => {
  const code = () => buildCatalogGroups(scan).filter((g) => g.key === "location:code");
  it("keeps name order, or puts the most errors then warnings first", () => {
    expect(names(sortGroups(code(), "name", new Map()))).toEqual(["alpha", "beta", "delta", "gamma"]);
    expect(names(sortGroups(code(), "problems", new Map()))).toEqual(["gamma", "delta", "beta", "alpha"]);
  });
  it("puts pending updates first, then local changes, unknown, ahead, up to date, never checked", () => {
    const updates = new Map([
      ["alpha", update("alpha", "up-to-date")],
      ["delta", update("delta", "outdated")],
      ["gamma", update("gamma", "unknown")],
    ]);
    expect(names(sortGroups(code(), "updates", updates))).toEqual(["delta", "gamma", "alpha", "beta"]);
  });
});

describe("search", () => {
  const groups = buildCatalogGroups(scan);
  const found = (query: string) => names(filterGroups(groups, { ...NO_FILTERS, query }, new Map()));
  it("matches folders (the path and the real folder behind a link) and client names", () => {
    expect(found(".cursor/skills")).toEqual(["cur"]);
    expect(found("data/shared")).toEqual(["cur"]);
    expect(found("claude desktop").sort()).toEqual(["desk", "desk2"]);
    expect(found("cursor")).toEqual(["cur"]);
  });
});

describe("Claude Desktop accounts in plain words", () => {
  it("numbers the account trees in a stable order instead of showing their ids", () => {
    const titles = desktopAccountTitles(scan.locations);
    expect(titles.get("t1")).toBe("Claude Desktop — account 1");
    expect(titles.get("t2")).toBe("Claude Desktop — account 2");
    const headings = buildCatalogGroups(scan).map((g) => g.title);
    expect(headings).toContain("Claude Desktop — account 1");
    expect(headings.join(" ")).not.toMatch(/3f2a9c/i);
  });
  it("uses the name the user gave an account (blank names fall back to the number)", () => {
    const titles = desktopAccountTitles(scan.locations, { "3f2a9c1e-aaaa/8c7b": "Work", "ffff-2/aaaa": "  " });
    expect(titles.get("t1")).toBe("Claude Desktop — Work");
    expect(titles.get("t2")).toBe("Claude Desktop — account 2");
    expect(buildCatalogGroups(scan, { "3f2a9c1e-aaaa/8c7b": "Work" }).map((g) => g.title)).toContain(
      "Claude Desktop — Work",
    );
  });
  it("names one account tree the same way for a sentence (Add's arrival), or not at all when unlisted", () => {
    expect(desktopAccountName(scan.locations, "3f2a9c1e-aaaa/8c7b")).toBe("account 1");
    expect(desktopAccountName(scan.locations, "ffff-2/aaaa", { "ffff-2/aaaa": " Home " })).toBe("Home");
    expect(desktopAccountName(scan.locations, "0000/unknown")).toBeNull();
  });
});

describe("limits the list states", () => {
  it("turns every truncated folder into a sentence for the top of the list, and nothing else", () => {
    const truncated = {
      code: "scan.location.truncated",
      severity: "warning" as const,
      message: "The folder /h/many holds more than 50000 entries; only the first 50000 were read.",
      file: "/h/many",
    };
    expect(
      catalogLimitNotes({ ...scan, diagnostics: [truncated, { ...warning, code: "scan.location.unreadable" }] }),
    ).toEqual([truncated.message]);
    expect(catalogLimitNotes(scan)).toEqual([]);
  });
});
