// The cache file's record check: a listed path is trusted only as a plain path inside the skill's folder.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cacheParts,
  isRecord,
  recordFromBytes,
  resultFromBytes,
  splitCacheBytes,
  type CacheRecord,
  type ScanPart,
} from "./format";

/** The cache file the store writes, joined into one buffer as it lands on disk. */
const cacheBytes = (rules: string, records: ReadonlyArray<string | Uint8Array>): Buffer =>
  Buffer.concat(cacheParts(rules, records));

const record = (rel: string): CacheRecord => ({
  k: "agent-skills\n/skills/a",
  e: [
    [".", "1:2:3:4:5"],
    [rel, "1:2:3:4:5"],
  ],
  n: "a",
  v: true,
  d: [],
});

/** The rule in words: "." (the folder), or names joined by "/", none empty, "." or "..". */
const plainPath = (rel: string) =>
  rel === "." || rel.split("/").every((name) => name !== "" && name !== "." && name !== "..");

describe("a cache record's listed paths", () => {
  it("are refused when they climb out, are absolute, or hold an empty, '.' or '..' name", () => {
    for (const rel of ["..", "../x", "a/../b", "./a", "a/.", "/a", "a/", "a//b", "", "a/./b"])
      expect(isRecord(record(rel)), rel).toBe(false);
    for (const rel of ["SKILL.md", "references/a.md", "...", "a..b/c", ".hidden/x", "a/..b"])
      expect(isRecord(record(rel)), rel).toBe(true);
  });

  it("are trusted exactly when every name is a plain one, for any path made of names, dots and slashes", () => {
    const chars = fc.constantFrom("a", ".", "/", "b");
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 12 }), (list) => {
        const rel = list.join("");
        expect(isRecord(record(rel))).toBe(plainPath(rel));
      }),
      { numRuns: 5000 },
    );
  });
});

describe("a cache record's count of the paths its result depends on", () => {
  it("is absent (all of them) or a whole number from 1 to the number of paths", () => {
    for (const o of [1, 2, undefined]) expect(isRecord({ ...record("SKILL.md"), o }), String(o)).toBe(true);
    for (const o of [0, 3, -1, 1.5, "1", null, Number.NaN])
      expect(isRecord({ ...record("SKILL.md"), o } as unknown), String(o)).toBe(false);
  });
});

describe("splitting a cache file into its records by key", () => {
  const line = (key: string) => JSON.stringify({ ...record("SKILL.md"), k: key });

  it("decodes keys with escapes and non-ASCII names, and keeps each record's bytes as written", () => {
    const keys = [
      "agent-skills\n/skills/café",
      'agent-skills\n/skills/quote"d\\x',
      "claude-desktop\n/s/a",
      "agent-skills\n/s/back\\nslash",
      "agent-skills\n/s/two\nlines",
      "agent-skills\n/s/tab\there",
      "no newline",
      "agent-skills\n",
    ];
    const split = splitCacheBytes(cacheBytes("r", keys.map(line)), "r");
    expect([...split!.keys()]).toEqual(keys);
    expect(Buffer.from(split!.get(keys[1]!)!).toString("utf8")).toBe(line(keys[1]!));
  });

  it("lays out records of this run (text) and records read back (bytes), mixed and of any length, one per line", () => {
    const recordText = fc
      .tuple(fc.string({ maxLength: 30 }), fc.nat({ max: 3_000_000 }))
      .map(([key, padding]) => JSON.stringify({ k: key, pad: "x".repeat(padding % 700_000) }));
    fc.assert(
      fc.property(fc.array(fc.tuple(recordText, fc.boolean()), { maxLength: 12 }), (records) => {
        const texts = records.map(([text]) => text);
        const parts = records.map(([text, asBytes]) => (asBytes ? Buffer.from(text) : text));
        const expected = `{"format":2,"rules":"r","oneRecordPerLine":true,"records":[${texts.join(",\n")}]}`;
        expect(cacheBytes("r", parts).toString("utf8")).toBe(expected);
        expect(JSON.parse(expected)).toMatchObject({ records: texts.map((t) => JSON.parse(t) as unknown) });
      }),
      { numRuns: 40 },
    );
  });

  it("refuses a file whose key is not UTF-8, not closed or not valid JSON, or whose line does not end as laid out", () => {
    const good = cacheBytes("r", [line("a"), line("b")]);
    const bad = Buffer.from(good);
    bad[bad.indexOf('"a"') + 1] = 0xff;
    expect(splitCacheBytes(bad, "r")).toBeNull();
    expect(splitCacheBytes(cacheBytes("r", ['{"k":"a\\"}']), "r")).toBeNull();
    expect(splitCacheBytes(cacheBytes("r", ['{"k":"a\\x"}']), "r")).toBeNull();
    expect(splitCacheBytes(Buffer.from(good.toString().replace(",\n", "\n")), "r")).toBeNull();
    expect(splitCacheBytes(good, "other rules")).toBeNull();
    expect(splitCacheBytes(good.subarray(0, good.length - 1), "r")).toBeNull();
  });
});

describe("a record's result without its scan part (validate's read)", () => {
  const key = "agent-skills\n/skills/a";
  const scanPart: ScanPart = {
    r: "/skills/a",
    f: "/skills/a/SKILL.md",
    ds: 'Says ,"s":{ and "quotes".',
    fm: '{"name":"a","s":{"x":1}}',
    bl: 4,
    ver: null,
    vs: null,
    repo: null,
  };
  const full: CacheRecord = {
    ...record("SKILL.md"),
    k: key,
    d: [{ code: "x.y", severity: "warning", message: 'Names ,"s":{ in a message.', file: "/skills/a/SKILL.md" }],
    s: scanPart,
  };
  const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
  const { s: _s, ...result } = full;

  it("is the record without `s`, parsed from the bytes before it, whatever the strings hold", () => {
    expect(resultFromBytes(key, bytes(full))).toEqual(result);
    expect(recordFromBytes(key, bytes(full))).toEqual(full);
  });

  it("is kept when only the scan part is damaged (the scan, which reads it, still refuses the record)", () => {
    const damaged = { ...full, s: { ...scanPart, bl: -1 } };
    expect(resultFromBytes(key, bytes(damaged))).toEqual(result);
    expect(recordFromBytes(key, bytes(damaged))).toBeNull();
  });

  it("is parsed whole when the scan part is not last, and refused like any record when the rest is wrong", () => {
    const { d, ...head } = full;
    expect(resultFromBytes(key, bytes({ ...head, d }))).toEqual(full);
    const scanFirst = { k: key, s: scanPart, e: full.e, n: "a", v: true, d };
    expect(resultFromBytes(key, bytes(scanFirst))).toEqual(scanFirst);
    expect(resultFromBytes("agent-skills\n/skills/b", bytes(full))).toBeNull();
    expect(resultFromBytes(key, bytes({ ...full, v: "yes" }))).toBeNull();
    expect(resultFromBytes(key, Buffer.from([0xff, 0xfe]))).toBeNull();
  });
});
