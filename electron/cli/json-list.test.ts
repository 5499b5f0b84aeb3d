import { describe, expect, it } from "vitest";
import { printJson, type CliIo } from "./command";
import { JsonListPrinter } from "./json-list";

/** An io that records what reached stdout, as text or bytes, and how many writes. */
function recordingIo(withBytes: boolean) {
  const out = { text: "", writes: 0 };
  const io: CliIo = {
    stdout: (t) => ((out.text += t), out.writes++),
    stderr: () => {},
    env: {},
    cwd: "/",
    ...(withBytes
      ? { stdoutBytes: (b: Uint8Array) => ((out.text += Buffer.from(b).toString("utf8")), out.writes++) }
      : {}),
  };
  return { io, out };
}

const item = (i: number) => ({
  path: `/skills/s-${i}`,
  name: `naïve — ${"x".repeat(i % 300)}`,
  valid: i % 3 === 0,
  diagnostics: i % 2 ? [] : [{ code: "c", severity: "info", message: 'a "quoted"\nline', file: "/f", line: i }],
  nested: { list: [1, [2, { three: null }]], empty: {}, none: [] },
});

describe("JsonListPrinter", () => {
  it("prints what printJson prints for the whole list: none, one, and thousands of items across pieces", () => {
    for (const count of [0, 1, 2, 3_000])
      for (const withBytes of [true, false]) {
        const items = Array.from({ length: count }, (_, i) => item(i));
        const streamed = recordingIo(withBytes);
        const printer = new JsonListPrinter(streamed.io, "results");
        for (const it of items) printer.add(it);
        expect(streamed.out.writes).toBe(0);
        printer.end();
        const whole = recordingIo(withBytes);
        printJson(whole.io, { results: items });
        expect(streamed.out.text).toBe(whole.out.text);
      }
  });

  it("escapes raw controls and line separators as printJson does, on either writer", () => {
    const items = [{ name: "a\u007fb\u0085c\u2028d\u202ee\u2066f" }, { name: "plain" }];
    for (const withBytes of [true, false]) {
      const { io, out } = recordingIo(withBytes);
      const printer = new JsonListPrinter(io, "results");
      for (const it of items) printer.add(it);
      printer.end();
      expect(out.text).toBe(
        JSON.stringify({ results: items }, null, 2).replace(
          /[\u007f-\u009f\u2028-\u202e\u2066-\u2069]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
        ) + "\n",
      );
      expect(JSON.parse(out.text)).toEqual({ results: items });
    }
  });
});
