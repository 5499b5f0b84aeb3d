// The cache file keeps one record per line inside one JSON document, so a run splits it by keys and checks only the
// records it uses; a record that fails its check is dropped with a note, never trusted.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import type { CacheRecord } from "./format";
import { ValidationCache, cacheFileIn } from "./store";

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
let file: string;

const record = (name: string): CacheRecord => ({
  k: `agent-skills\n/skills/${name}`,
  e: [[".", "1:2:3:4:5"]],
  n: name,
  v: true,
  d: [
    {
      code: "skill.ref.missing",
      severity: "warning",
      message: `"${name}" \\ "quoted"`,
      file: `/skills/${name}/SKILL.md`,
    },
  ],
});

async function saved(names: string[]): Promise<string> {
  const cache = await ValidationCache.open(file, "rules-1");
  for (const name of names) cache.put(record(name).k, record(name));
  await cache.save();
  return readFile(file, "utf8");
}

describe("the validation cache file", () => {
  beforeEach(async () => {
    tmp = await makeTempDir();
    file = cacheFileIn(path.join(tmp.dir, "cache"));
  });
  afterEach(() => tmp.cleanup());

  it("holds one record per line, and is one JSON document with every record", async () => {
    const text = await saved(["a", "b", "c"]);
    expect(text.split("\n")).toHaveLength(3);
    const parsed = JSON.parse(text) as { format: number; rules: string; records: CacheRecord[] };
    expect(parsed.rules).toBe("rules-1");
    expect(parsed.records).toEqual(["a", "b", "c"].map(record));
    const cache = await ValidationCache.open(file, "rules-1");
    expect(cache.get(record("b").k)).toEqual(record("b"));
    expect(cache.note).toBeNull();
  });

  it("trusts the records it checks even when another line is damaged, drops that one with a note, and rewrites without it", async () => {
    const lines = (await saved(["a", "b", "c"])).split("\n");
    lines[1] = lines[1]!.replace('"v":true', '"v":"yes"');
    await writeFile(file, lines.join("\n"));
    const cache = await ValidationCache.open(file, "rules-1");
    expect(cache.note).toBeNull();
    expect(cache.get(record("a").k)).toEqual(record("a"));
    expect(cache.get(record("b").k)).toBeUndefined();
    expect(cache.note).toMatch(/a record in the validation cache .* was ignored \(it has the wrong shape\)/);
    expect(cache.get(record("c").k)).toEqual(record("c"));
    await cache.save();
    const rewritten = JSON.parse(await readFile(file, "utf8")) as { records: CacheRecord[] };
    expect(rewritten.records.map((r) => r.n)).toEqual(["a", "c"]);
  });

  it("still reads a file written in one line (earlier builds), and one of other rules as empty", async () => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify({ format: 2, rules: "rules-1", records: [record("a"), record("b")] }));
    const cache = await ValidationCache.open(file, "rules-1");
    expect(cache.get(record("b").k)).toEqual(record("b"));
    expect(cache.note).toBeNull();
    await saved(["a"]);
    const other = await ValidationCache.open(file, "rules-2");
    expect(other.get(record("a").k)).toBeUndefined();
    expect(other.note).toBeNull();
  });

  it("ignores a file cut short at a line's end, with a note", async () => {
    const lines = (await saved(["a", "b", "c"])).split("\n");
    await writeFile(file, lines.slice(0, 2).join("\n"));
    const cache = await ValidationCache.open(file, "rules-1");
    expect(cache.get(record("a").k)).toBeUndefined();
    expect(cache.note).toMatch(/ignored \(is not valid JSON\)/);
  });

  it("does not hold a record read from the file: each look-up parses its line afresh, so a run's objects can go", async () => {
    await saved(["a", "b"]);
    const cache = await ValidationCache.open(file, "rules-1");
    const first = cache.get(record("a").k);
    const second = cache.get(record("a").k);
    expect(second).toEqual(record("a"));
    expect(second).not.toBe(first);
    expect(second!.d).not.toBe(first!.d);
    cache.put(record("c").k, record("c"));
    await cache.save();
    const rewritten = JSON.parse(await readFile(file, "utf8")) as { records: CacheRecord[] };
    expect(rewritten.records).toEqual(["a", "b", "c"].map(record));
  });
});
