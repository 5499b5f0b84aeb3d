// The catalog's answer is packed and turned into JSON in turns: the same bytes as packing it at once, and the
// answering thread gets turns while ten thousand skills are packed.
import { describe, expect, it } from "vitest";
import { countTurns } from "../../test-support/event-loop-turns";
import { packCatalog, unpackCatalog } from "../../shared/catalog-wire";
import type { ScanResult } from "../../shared/model";
import { jsonTextOf } from "../../shared/serialized-json";
import { testLocation, testSkill } from "../../shared/testing/model-fixtures";
import { catalogJson } from "./catalog-json";

const catalogOf = (count: number, onRead: () => void = () => undefined): ScanResult => ({
  locations: [testLocation("code")],
  skills: Array.from({ length: count }, (_, i) => {
    const skill = testSkill(`skill-${i}`, { version: "1.0.0", versionSource: "metadata.version" });
    return Object.defineProperty(skill, "description", {
      enumerable: true,
      get: () => (onRead(), `About skill-${i}`),
    });
  }),
  plugins: [],
  diagnostics: [],
});

describe("the catalog's answer", () => {
  it("is the packed catalog's JSON, for a short catalog and a long one", async () => {
    for (const count of [3, 2_100]) {
      const catalog = catalogOf(count);
      const text = jsonTextOf(await catalogJson(catalog));
      expect(text).toBe(JSON.stringify(packCatalog(catalog)));
      expect(unpackCatalog(JSON.parse(text))).toEqual(JSON.parse(JSON.stringify(catalog)));
    }
  });

  it("packs a long catalog a slice per turn of the event loop, not all at once", async () => {
    const turns = countTurns();
    const seenAt: number[] = [];
    const catalog = catalogOf(3_000, () => seenAt.push(turns.now()));
    try {
      await catalogJson(catalog);
    } finally {
      turns.stop();
    }
    expect(seenAt.length).toBeGreaterThanOrEqual(3_000);
    expect(seenAt.at(-1)! - seenAt[0]!).toBeGreaterThanOrEqual(3);
  });
});
