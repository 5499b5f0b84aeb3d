import { describe, expect, it } from "vitest";
import { mayHoldRawInJson, printJson, type CliIo } from "./command";

/** An io that records what reached stdout as text and as bytes. */
function recordingIo(withBytes: boolean) {
  const out = { text: "", bytes: [] as Buffer[] };
  const io: CliIo = {
    stdout: (t) => (out.text += t),
    stderr: () => {},
    env: {},
    cwd: "/",
    ...(withBytes ? { stdoutBytes: (b: Uint8Array) => void out.bytes.push(Buffer.from(b)) } : {}),
  };
  return { io, out };
}

describe("printJson", () => {
  const value = { results: [{ name: "café — naïve", n: 1 }] };

  it("writes the document as UTF-8 bytes once when the writer takes bytes, the same text as the text path", () => {
    const bytes = recordingIo(true);
    const text = recordingIo(false);
    printJson(bytes.io, value);
    printJson(text.io, value);
    expect(bytes.out.text).toBe("");
    expect(Buffer.concat(bytes.out.bytes).toString("utf8")).toBe(text.out.text);
    expect(text.out.text).toBe(JSON.stringify(value, null, 2) + "\n");
  });

  it("escapes DEL, C1 controls, line separators and bidi controls on either path", () => {
    for (const raw of ["\u007f", "\u0085", "\u009f", "\u2028", "\u2029", "\u202a", "\u202e", "\u2066", "\u2069"]) {
      const doc = { name: `a${raw}b` };
      for (const withBytes of [true, false]) {
        const { io, out } = recordingIo(withBytes);
        printJson(io, doc);
        const printed = out.text + Buffer.concat(out.bytes).toString("utf8");
        expect(printed).not.toContain(raw);
        expect(JSON.parse(printed)).toEqual(doc);
      }
    }
  });
});

describe("mayHoldRawInJson", () => {
  it("finds each raw character's UTF-8 form and passes their neighbours", () => {
    for (const raw of ["\u007f", "\u0080", "\u009f", "\u2028", "\u202e", "\u2066", "\u2069"])
      expect(mayHoldRawInJson(Buffer.from(`x${raw}y`))).toBe(true);
    for (const fine of ["\u007e", "\u00a0", "é", "\u2027", "\u202f", "—", "\u2065", "\u206a", "ok"])
      expect(mayHoldRawInJson(Buffer.from(`x${fine}y`))).toBe(false);
    expect(mayHoldRawInJson(Buffer.from([0xe2]))).toBe(false);
    expect(mayHoldRawInJson(Buffer.from([0xc2]))).toBe(false);
  });
});
