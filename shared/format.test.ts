import { describe, expect, it } from "vitest";
import { formatBytes, formatDateTime, formatRelativeTime, parseDate, splitInlineCode } from "./format";

describe("formatBytes", () => {
  it("uses bytes below 1 KB, then KB and MB with one decimal", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1023)).toBe("1023 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(50 * 1024 * 1024)).toBe("50.0 MB");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date(2026, 10, 30, 14, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it("says how long ago, in words people use", () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe("just now");
    expect(formatRelativeTime(ago(60_000), now)).toBe("1 minute ago");
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatRelativeTime(new Date(2026, 10, 29, 23, 30), now)).toBe("yesterday");
    expect(formatRelativeTime(new Date(2026, 10, 26, 9, 0), now)).toBe("4 days ago");
    expect(formatRelativeTime(new Date(2026, 2, 12, 9, 0), now)).toBe("12 Mar 2026");
  });
  it("gives a date for the future and a fallback for nonsense", () => {
    expect(formatRelativeTime(new Date(2027, 0, 2), now)).toBe("2 Jan 2027");
    expect(formatRelativeTime(new Date(NaN), now)).toBe("at an unknown time");
  });
  it("has the exact time for tooltips and reads ISO strings", () => {
    expect(formatDateTime(new Date(2026, 2, 12, 9, 5))).toBe("12 Mar 2026, 09:05");
    expect(parseDate("2026-03-12T09:05:00Z")?.toISOString()).toBe("2026-03-12T09:05:00.000Z");
    expect(parseDate("not a date")).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });
});

describe("splitInlineCode", () => {
  it("turns backtick spans into code parts without the backticks", () => {
    expect(splitInlineCode('Move it under a new `metadata:` line as `  version: "1.2.0"`.')).toEqual([
      { code: false, text: "Move it under a new " },
      { code: true, text: "metadata:" },
      { code: false, text: " line as " },
      { code: true, text: '  version: "1.2.0"' },
      { code: false, text: "." },
    ]);
    expect(splitInlineCode("Use ``a`b`` here")).toEqual([
      { code: false, text: "Use " },
      { code: true, text: "a`b" },
      { code: false, text: " here" },
    ]);
  });
  it("leaves text without a closed span as it is", () => {
    expect(splitInlineCode("no code")).toEqual([{ code: false, text: "no code" }]);
    expect(splitInlineCode("a lone ` backtick")).toEqual([{ code: false, text: "a lone ` backtick" }]);
    expect(splitInlineCode("")).toEqual([]);
  });
});
