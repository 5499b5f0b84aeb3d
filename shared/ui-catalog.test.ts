import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Plugin, ScanResult, Skill, UpdateInfo } from "./model";
import { testLocation, testSkill } from "./testing/model-fixtures";
import {
  applyCatalogChange,
  buildCatalogGroups,
  catalogRows,
  clientCounts,
  filterGroups,
  locationTitle,
  NO_FILTERS,
} from "./ui-catalog";

const location = testLocation;
/** Skills in this file sit at /h/<id>. */
const skill = (id: string, extra: Partial<Skill> = {}): Skill =>
  testSkill(id, { dir: `/h/${id}`, realDir: `/h/${id}`, ...extra });

const desktopTree = location("tree", {
  client: "claude-desktop",
  scope: "desktop-account",
  readOnly: true,
  desktop: { variant: "Claude Desktop", root: "/r", accountTree: "aaaa-1111/bbbb-2222", lastUpdated: null },
});
const plugin: Plugin = {
  id: "p1",
  name: "kit",
  format: "claude-code",
  root: "/h/kit",
  manifest: { description: "A kit" },
  version: "1.0.0",
  description: "A kit",
  repository: null,
  skills: [skill("kit-skill", { pluginId: "p1" })],
  mcpServers: [],
  diagnostics: [],
  valid: true,
  loads: true,
  client: "claude-code",
};
const scan: ScanResult = {
  locations: [location("code"), location("cursor", { client: "cursor" }), desktopTree],
  skills: [
    skill("zeta"),
    skill("alpha", {
      diagnostics: [
        { code: "skill.name.uppercase", severity: "error", message: "m", file: "/h/alpha/SKILL.md", line: 2 },
      ],
      valid: false,
    }),
    skill("warned", { diagnostics: [{ code: "skill.body.lines", severity: "warning", message: "m", file: "f" }] }),
    skill("desk", { client: "claude-desktop", locationId: "tree", userOwned: false }),
    skill("cur", { client: "cursor", locationId: "cursor", description: "Finds PDF tables" }),
    skill("kit-skill", { pluginId: "p1" }),
  ],
  plugins: [plugin],
  diagnostics: [],
};

describe("catalog grouping", () => {
  it("groups by location and plugin, sorted by client then title, entries by name, each skill once", () => {
    const groups = buildCatalogGroups(scan);
    expect(groups.map((g) => [g.client, g.entries.map((e) => e.name)])).toEqual([
      ["claude-desktop", ["desk"]],
      ["claude-code", ["kit", "kit-skill"]],
      ["claude-code", ["alpha", "warned", "zeta"]],
      ["cursor", ["cur"]],
    ]);
    expect(catalogRows(groups).filter((r) => r.kind === "group")).toHaveLength(4);
    expect(clientCounts(groups)).toEqual([
      { client: "claude-desktop", label: "Claude Desktop", count: 1 },
      { client: "claude-code", label: "Claude Code", count: 5 },
      { client: "cursor", label: "Cursor", count: 1 },
    ]);
  });

  it("labels Desktop account trees so they can be told apart", () => {
    expect(locationTitle(desktopTree)).toBe("Claude Desktop — account aaaa-1111/bbbb-2222");
    expect(locationTitle({ ...desktopTree, label: "Work account" })).toBe("Work account");
  });
});

describe("catalog filters", () => {
  const groups = buildCatalogGroups(scan);
  const names = (filters: Partial<typeof NO_FILTERS>, updates: Map<string, UpdateInfo> = new Map()) =>
    filterGroups(groups, { ...NO_FILTERS, ...filters }, updates).flatMap((g) => g.entries.map((e) => e.name));

  it("searches names and descriptions, every word, ignoring case", () => {
    expect(names({ query: "pdf TABLES" })).toEqual(["cur"]);
    expect(names({ query: "zeta" })).toEqual(["zeta"]);
    expect(names({ query: "nothing-like-this" })).toEqual([]);
  });

  it("filters by client, errors, warnings, updates and ownership", () => {
    expect(names({ client: "cursor" })).toEqual(["cur"]);
    expect(names({ hasErrors: true })).toEqual(["alpha"]);
    expect(names({ hasWarnings: true })).toEqual(["warned"]);
    expect(names({ notUserOwned: true })).toEqual(["desk"]);
    const update: UpdateInfo = {
      skillId: "zeta",
      name: "zeta",
      dir: "/h/zeta",
      installed: "1.0.0",
      installedSource: "metadata.version",
      latest: "1.1.0",
      state: "outdated",
      source: "github-release",
      checkedAt: "2026-11-30T12:00:00.000Z",
    };
    expect(names({ updateAvailable: true }, new Map([["zeta", update]]))).toEqual(["zeta"]);
    expect(names({ updateAvailable: true })).toEqual([]);
  });
});

describe("a skill linked into another client's folder (the skills installer's layout)", () => {
  const agents = location("agents", { client: "agents", path: "/h/.agents/skills" });
  const linked = skill("shared-one", {
    client: "agents",
    locationId: "agents",
    dir: "/h/.agents/skills/shared-one",
    realDir: "/h/.agents/skills/shared-one",
    placements: [
      { locationId: "agents", client: "agents", path: "/h/.agents/skills/shared-one", link: false },
      { locationId: "code", client: "claude-code", path: "/h/.claude/skills/shared-one", link: true },
    ],
  });
  const withLink: ScanResult = { ...scan, locations: [...scan.locations, agents], skills: [...scan.skills, linked] };
  const groups = buildCatalogGroups(withLink);

  it("is found under every client that loads it, and counted in each", () => {
    const names = (client: typeof NO_FILTERS.client) =>
      filterGroups(groups, { ...NO_FILTERS, client }, new Map()).flatMap((g) => g.entries.map((e) => e.name));
    expect(names("claude-code")).toContain("shared-one");
    expect(names("agents")).toEqual(["shared-one"]);
    expect(names("cursor")).not.toContain("shared-one");
    const counts = new Map(clientCounts(groups).map((c) => [c.client, c.count]));
    expect(counts.get("claude-code")).toBe(6);
    expect(counts.get("agents")).toBe(1);
    // Placed twice in one client (two links), counted once there.
    const twice = {
      ...linked,
      placements: [
        ...linked.placements!,
        { locationId: "code", client: "claude-code" as const, path: "/h/.claude/skills/shared-two", link: true },
      ],
    };
    const again = buildCatalogGroups({ ...withLink, skills: [...scan.skills, twice] });
    expect(new Map(clientCounts(again).map((c) => [c.client, c.count])).get("claude-code")).toBe(6);
  });

  it("is found by its group's heading too", () => {
    const titled = buildCatalogGroups({
      ...withLink,
      locations: withLink.locations.map((l) => (l.id === "agents" ? { ...l, label: "~/.agents/skills" } : l)),
    });
    const found = filterGroups(titled, { ...NO_FILTERS, query: "~/.agents" }, new Map());
    expect(found.flatMap((g) => g.entries.map((e) => e.name))).toEqual(["shared-one"]);
  });
});

describe("applyCatalogChange", () => {
  it("replaces updated items and drops removed ones", () => {
    const next = applyCatalogChange(scan, {
      skills: { updated: [skill("zeta", { description: "new" }), skill("fresh")], removed: ["alpha"] },
      plugins: { updated: [], removed: ["p1"] },
    });
    expect(next.skills.map((s) => s.id).sort()).toEqual(["cur", "desk", "fresh", "kit-skill", "warned", "zeta"]);
    expect(next.skills.find((s) => s.id === "zeta")!.description).toBe("new");
    expect(next.plugins).toEqual([]);
  });
});

describe("the sidebar's counts", () => {
  const clients = ["claude-code", "agents", "cursor", "codex"] as const;
  const locations = clients.map((client) => location(client, { client }));
  const placementOf = fc.record({ client: fc.constantFrom(...clients), link: fc.boolean() });
  const skillOf = fc.record({
    home: fc.constantFrom(...clients),
    placements: fc.option(fc.array(placementOf, { maxLength: 4 }), { nil: undefined }),
  });

  it("equal, for every client, the rows its filter shows (and no filter returns the groups as they are)", () => {
    fc.assert(
      fc.property(fc.array(skillOf, { maxLength: 30 }), (drawn) => {
        const skills = drawn.map(({ home, placements }, i) =>
          skill(`s${i}`, {
            client: home,
            locationId: home,
            dir: `/h/${home}/s${i}`,
            realDir: `/h/${home}/s${i}`,
            ...(placements
              ? {
                  placements: placements.map((p) => ({
                    locationId: p.client,
                    client: p.client,
                    path: `/h/${p.client}/s${i}`,
                    link: p.link,
                  })),
                }
              : {}),
          }),
        );
        const groups = buildCatalogGroups({ locations, skills, plugins: [], diagnostics: [] });
        expect(filterGroups(groups, NO_FILTERS, new Map())).toBe(groups);
        const counted = new Map(clientCounts(groups).map((c) => [c.client, c.count]));
        for (const client of clients) {
          const shown = filterGroups(groups, { ...NO_FILTERS, client }, new Map()).reduce(
            (n, g) => n + g.entries.length,
            0,
          );
          expect(counted.get(client) ?? 0).toBe(shown);
        }
      }),
      { numRuns: 300 },
    );
  });
});
