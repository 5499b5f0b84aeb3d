// The packed catalog the page receives: lossless for any skill (through JSON, as it travels), smaller for the usual
// one, and a damaged packed catalog is refused whole, never half-read.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packCatalog, unpackCatalog } from "./catalog-wire";
import type { ScanResult, Skill } from "./model";
import { testLocation, testSkill } from "./testing/model-fixtures";

const text = fc.string({ maxLength: 12 });
const placement = fc.record({
  locationId: text,
  client: fc.constantFrom("custom", "cursor"),
  path: text,
  link: fc.boolean(),
});
const diagnostic = fc.record({ code: text, severity: fc.constantFrom("error", "warning"), message: text, file: text });

/** Any skill: required keys, any mix of optional ones (absent, null or set), placements of every kind, unknown keys. */
const skill: fc.Arbitrary<Skill> = fc
  .record(
    {
      id: text,
      name: text,
      description: text,
      // Inside its location, the location itself, a neighbour sharing its prefix, Windows paths, and elsewhere.
      dir: fc.constantFrom("/a/x", "/a/x/y", "/a/", "/a", "/ab/x", "C:\\w\\s", "C:\\w", "C:\\w/s", "/b/y"),
      realDir: fc.constantFrom("/a/x", "/b/y", "/real/z"),
      client: fc.constantFrom("custom", "cursor"),
      locationId: fc.constantFrom("loc-1", "loc-2", "loc-3", "loc-gone"),
      version: fc.option(text),
      versionSource: fc.option(fc.constantFrom("metadata.version", "frontmatter.version")),
      contentHash: text,
      diagnostics: fc.array(diagnostic, { maxLength: 2 }),
      valid: fc.boolean(),
      links: fc.array(text, { maxLength: 2 }),
      userOwned: fc.boolean(),
      repository: fc.option(text),
      pluginId: text,
      drift: fc.array(text, { maxLength: 2 }),
      desktop: fc.record({ skillId: fc.option(text), accountTree: text }),
      someFutureKey: fc.jsonValue(),
    },
    { requiredKeys: ["id", "name", "description", "dir", "realDir", "client", "locationId", "version"] },
  )
  .chain((s) =>
    fc
      .oneof(
        fc.constant(undefined),
        fc.constant([{ locationId: s.locationId, client: s.client, path: s.dir, link: false }]),
        fc.constant([{ locationId: s.locationId, client: s.client, path: s.dir, link: true }]),
        fc.constant([{ locationId: s.locationId, client: s.client, path: s.dir, link: false, extra: 1 }]),
        fc.array(placement, { maxLength: 3 }),
      )
      .map((placements) => ({ ...testSkill("x"), ...s, ...(placements === undefined ? {} : { placements }) })),
  ) as unknown as fc.Arbitrary<Skill>;

/** The locations the skills name: loc-3 twice (the first is used), and no loc-gone. */
const LOCATIONS = [
  testLocation("loc-1", { path: "/a" }),
  testLocation("loc-2", { path: "C:\\w" }),
  testLocation("loc-3", { path: "/b" }),
  testLocation("loc-3", { path: "/other" }),
];
const catalogOf = (skills: Skill[]): ScanResult => ({ locations: LOCATIONS, skills, plugins: [], diagnostics: [] });
const throughJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("the packed catalog", () => {
  it("gives back every skill as it was, through JSON", () => {
    fc.assert(
      fc.property(fc.array(skill, { maxLength: 8 }), (skills) => {
        const catalog = throughJson(catalogOf(skills));
        expect(unpackCatalog(throughJson(packCatalog(catalog)))).toEqual(catalog);
      }),
      { numRuns: 400 },
    );
  });

  it("is smaller for the usual skill (one place, its own folder) and keeps the other parts of the catalog", () => {
    const usual = (i: number): Skill =>
      testSkill(`skill-${i}`, {
        description: "Formats reports. Use when the user asks for a report.",
        version: "1.0.0",
        versionSource: "metadata.version",
        contentHash: "ab".repeat(32),
        repository: null,
        placements: [{ locationId: "code", client: "claude-code", path: `/h/code/skill-${i}`, link: false }],
      });
    const catalog: ScanResult = {
      ...catalogOf(Array.from({ length: 100 }, (_, i) => usual(i))),
      diagnostics: [{ code: "x", severity: "warning", message: "m", file: "f" } as ScanResult["diagnostics"][number]],
    };
    const packed = JSON.stringify(packCatalog(catalog));
    expect(packed.length).toBeLessThan(JSON.stringify(catalog).length * 0.5);
    expect(unpackCatalog(JSON.parse(packed))).toEqual(catalog);
  });

  it("is refused whole when a row or the catalog is not what packing writes", () => {
    const good = throughJson(packCatalog(catalogOf([fc.sample(skill, { numRuns: 1, seed: 7 })[0]!])));
    const row = good.skillRows[0]!;
    const withRow = (r: unknown) => ({ ...good, skillRows: [r] });
    expect(unpackCatalog(good)).not.toBeNull();
    for (const bad of [
      null,
      "catalog",
      [],
      { ...good, skillRows: "rows" },
      { ...good, skills: [] },
      withRow(row.slice(0, -1)),
      withRow([...row, 0]),
      withRow("row"),
      withRow(row.map((cell, i) => (i === row.length - 1 ? ["not", "an", "object"] : cell))),
      withRow(row.map((cell, i) => (i === row.length - 2 ? 2 : cell))),
      // A location index nobody has, or not a whole index; a folder relative to no location, or of a bad shape.
      withRow(row.map((cell, i) => (i === 6 ? 9 : cell))),
      withRow(row.map((cell, i) => (i === 6 ? 0.5 : cell))),
      withRow(row.map((cell, i) => (i === 6 ? "loc-1" : i === 3 ? ["x"] : cell))),
      withRow(row.map((cell, i) => (i === 6 ? 0 : i === 3 ? ["x", ":"] : cell))),
      withRow(row.map((cell, i) => (i === 6 ? 0 : i === 3 ? [1] : cell))),
      withRow(row.map((cell, i) => (i === 6 ? 0 : i === 3 ? ["x", "/", "y"] : cell))),
      { ...withRow(row.map((cell, i) => (i === 6 ? 0 : cell))), locations: [{ id: 1, path: "/a" }] },
    ])
      expect(unpackCatalog(bad)).toBeNull();
  });

  it("never lets a row's other keys change what a skill is made of", () => {
    const good = throughJson(packCatalog(catalogOf([testSkill("x")])));
    const row = good.skillRows[0]!;
    row[row.length - 1] = JSON.parse('{"__proto__": {"valid": false, "polluted": true}, "id": "not-x", "extra": 1}');
    const skill = unpackCatalog(good)!.skills[0]!;
    expect(Object.getPrototypeOf(skill)).toBe(Object.prototype);
    expect("polluted" in skill).toBe(false);
    expect(skill.id).toBe("x");
    expect((skill as unknown as { extra: number }).extra).toBe(1);
  });

  it("names a skill's location by its place in the list and its folder by the rest of the path", () => {
    const inside = testSkill("x", { locationId: "loc-1", dir: "/a/x", realDir: "/a/x", repository: null });
    const [row] = throughJson(packCatalog(catalogOf([inside]))).skillRows;
    expect(row![6]).toBe(0);
    expect(row![3]).toEqual(["x"]);
    const windows = testSkill("y", { locationId: "loc-2", dir: "C:\\w\\y", realDir: "C:\\w\\y" });
    const [winRow] = throughJson(packCatalog(catalogOf([windows]))).skillRows;
    expect(winRow![3]).toEqual(["y", "\\"]);
    expect(unpackCatalog(throughJson(packCatalog(catalogOf([inside, windows]))))!.skills).toEqual([inside, windows]);
  });
});
