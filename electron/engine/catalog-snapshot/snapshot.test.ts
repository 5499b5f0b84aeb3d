// The stored catalog comes back only for the set-up it was stored for, and a damaged or hostile file is ignored with
// a note, never shown.
import { readFile, truncate, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { packCatalog, unpackCatalog } from "../../../shared/catalog-wire";
import type { ScanResult } from "../../../shared/model";
import { makeTempDir } from "../../../test-support/tmp";
import { readCatalogSnapshot, snapshotFileIn, writeCatalogSnapshot, type SnapshotKey } from "./snapshot";

const catalog: ScanResult = {
  locations: [
    { id: "claude-code:user", client: "claude-code", scope: "user", path: "/h/.claude/skills", exists: true },
  ],
  skills: [
    {
      id: "s1",
      name: "alpha",
      description: "Does alpha things.",
      dir: "/h/.claude/skills/alpha",
      realDir: "/h/.claude/skills/alpha",
      client: "claude-code",
      locationId: "claude-code:user",
      version: "1.0.0",
      versionSource: "metadata.version",
      contentHash: "ab".repeat(32),
      diagnostics: [{ code: "skill.name.case", severity: "warning", message: "m", file: "/h/x", line: 2 }],
      valid: true,
      links: [],
      userOwned: true,
      placements: [
        { locationId: "claude-code:user", client: "claude-code", path: "/h/.claude/skills/alpha", link: false },
      ],
    },
  ],
  plugins: [],
  diagnostics: [],
};

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let key: SnapshotKey;
let file: string;
beforeEach(async () => {
  tmp = await makeTempDir();
  key = { home: "/h", platform: "linux", include: [], homeLocations: true, settingsFile: "/c/settings.json" };
  file = snapshotFileIn(tmp.dir, key);
  expect(await writeCatalogSnapshot(file, key, catalog, new Date("2026-01-02T03:04:05Z"))).toBe(true);
});
afterEach(() => tmp.cleanup());

describe("the stored catalog", () => {
  it("comes back as it was stored, with its time", async () => {
    expect(await readCatalogSnapshot(file, key)).toEqual({
      stored: { catalog, savedAt: "2026-01-02T03:04:05.000Z" },
      note: null,
    });
  });

  it("replaces the same key's file in an earlier format, which is never read again", async () => {
    const older = file.replace(/catalog-v\d+-/, "catalog-v1-");
    expect(older).not.toBe(file);
    await writeFile(older, '{"format":1}');
    expect(await writeCatalogSnapshot(file, key, catalog)).toBe(true);
    await expect(readFile(older)).rejects.toMatchObject({ code: "ENOENT" });
    expect((await readCatalogSnapshot(file, key)).stored?.catalog).toEqual(catalog);
  });

  it("is kept apart per home, platform, added folders and settings file (profile)", async () => {
    const others: SnapshotKey[] = [
      { ...key, home: "/other" },
      { ...key, platform: "darwin" },
      { ...key, include: ["/p"] },
      { ...key, homeLocations: false },
      { ...key, settingsFile: "/profile-2/settings.json" },
    ];
    for (const other of others) {
      expect(snapshotFileIn(tmp.dir, other)).not.toBe(file);
      expect(await readCatalogSnapshot(snapshotFileIn(tmp.dir, other), other)).toEqual({ stored: null, note: null });
      // Even a file copied over another's name is not shown for it.
      const read = await readCatalogSnapshot(file, other);
      expect(read.stored).toBeNull();
      expect(read.note).toMatch(/another home's or profile's/);
    }
  });

  it("is not stored when it breaks the reader's limits", async () => {
    const long = { ...catalog, skills: [{ ...catalog.skills[0]!, description: "x".repeat(70_000) }] };
    expect(await writeCatalogSnapshot(file, key, long)).toBe(false);
    let manifest: Record<string, unknown> = { name: "deep" };
    for (let i = 0; i < 70; i++) manifest = { nested: manifest };
    const plugin = {
      ...{ id: "p", name: "deep", format: "agent-plugins", root: "/h/p", manifest, version: null, description: null },
      ...{ repository: null, skills: [], mcpServers: [], diagnostics: [], valid: true, loads: true },
    } as unknown as ScanResult["plugins"][number];
    expect(await writeCatalogSnapshot(file, key, { ...catalog, plugins: [plugin] })).toBe(false);
    expect(await writeCatalogSnapshot(file, key, { ...catalog, plugins: [{ ...plugin, manifest: null }] })).toBe(true);
    expect(await writeCatalogSnapshot(file, key, { ...catalog, plugins: [{ ...plugin, root: 7 as never }] })).toBe(
      false,
    );
    expect((await readCatalogSnapshot(file, key)).stored?.catalog.plugins).toEqual([{ ...plugin, manifest: null }]);
  });
});

describe("a damaged or hostile stored catalog is ignored with a note", () => {
  async function expectIgnored(why: RegExp) {
    const read = await readCatalogSnapshot(file, key);
    expect(read.stored).toBeNull();
    expect(read.note).toMatch(why);
    expect(read.note).toMatch(/ignored .*rebuilt/);
  }

  it("truncated", async () => {
    const text = await readFile(file, "utf8");
    await writeFile(file, text.slice(0, text.length - 40));
    await expectIgnored(/not valid JSON/);
  });

  it("huge (over the size limit, not read)", async () => {
    await truncate(file, 65 * 1024 * 1024);
    await expectIgnored(/too large/);
  });

  it("deeply nested", async () => {
    await writeFile(file, "[".repeat(100_000) + "]".repeat(100_000));
    await expectIgnored(/levels deep|too deep|nest/);
  });

  it("with values of the wrong types", async () => {
    const packed = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const good = { ...packed, catalog: unpackCatalog(packed.catalog)! };
    // The file holds the catalog packed: a poisoned value is packed as the writer would pack it.
    const poisoned = (change: (c: Record<string, unknown>) => void) => {
      const copy = structuredClone(good) as unknown as { catalog: ScanResult } & Record<string, unknown>;
      change(copy as unknown as Record<string, unknown>);
      return JSON.stringify({ ...copy, catalog: packCatalog(copy.catalog) });
    };
    const rawly = (change: (catalog: Record<string, unknown>) => void) => {
      const copy = structuredClone(packed) as { catalog: Record<string, unknown> };
      change(copy.catalog);
      return JSON.stringify(copy);
    };
    const skill = (c: Record<string, unknown>) =>
      (c.catalog as ScanResult).skills[0] as unknown as Record<string, unknown>;
    const firstRow = (catalog: Record<string, unknown>) => (catalog.skillRows as unknown[][])[0]!;
    for (const [text, why] of [
      [poisoned((c) => (skill(c).name = 42)), /wrong shape/],
      [poisoned((c) => (skill(c).client = "evil")), /wrong shape/],
      [
        poisoned((c) => (skill(c).diagnostics = [{ code: "x", severity: "fatal", message: "m", file: "f" }])),
        /wrong shape/,
      ],
      [poisoned((c) => (skill(c).placements = "all" as never)), /wrong shape/],
      [poisoned((c) => ((c.catalog as Record<string, unknown>).plugins = [{ id: "p" }])), /wrong shape/],
      [rawly((catalog) => (catalog.skillRows = { length: 1 })), /wrong shape/],
      [rawly((catalog) => firstRow(catalog).pop()), /wrong shape/],
      [rawly((catalog) => (firstRow(catalog)[firstRow(catalog).length - 1] = ["not", "an", "object"])), /wrong shape/],
      [rawly((catalog) => (catalog.skills = [])), /wrong shape/],
      [poisoned((c) => (c.savedAt = 5)), /time/],
      [poisoned((c) => (c.format = 9)), /unknown format/],
      ["null", /not a JSON object/],
    ] as const) {
      await writeFile(file, text);
      await expectIgnored(why);
    }
  });
});
