import { describe, expect, it } from "vitest";
import {
  bytesHoldControlButLines,
  bytesHoldWideControl,
  escapeControl,
  escapeHidden,
  hasControlOrBreak,
} from "./terminal-text";

/** Every character a terminal could act on, as found by code point (not by the function under test). */
function rawControls(text: string): number[] {
  return [...text].map((c) => c.codePointAt(0)!).filter((c) => c < 0x20 || (c >= 0x7f && c <= 0x9f));
}

describe("escapeControl", () => {
  it("shows the terminal attacks of the issue as visible escapes", () => {
    expect(escapeControl("\u001b]0;owned\u0007name")).toBe("\\x1b]0;owned\\x07name");
    expect(escapeControl("\u001b[2Jclear")).toBe("\\x1b[2Jclear");
    expect(escapeControl("safe\rrm -rf ~")).toBe("safe\\rrm -rf ~");
    expect(escapeControl("a\u009b31mred")).toBe("a\\u009b31mred");
    expect(escapeControl("del\u007f")).toBe("del\\x7f");
    expect(escapeControl("nul\u0000")).toBe("nul\\x00");
  });

  it("escapes line feeds and tabs on one line, keeps them in a block", () => {
    expect(escapeControl("one\ntwo\tthree")).toBe("one\\ntwo\\tthree");
    expect(escapeControl("one\ntwo\tthree\r\n\u001b[2J", { keepNewlines: true })).toBe("one\ntwo\tthree\\r\n\\x1b[2J");
  });

  it("escapes Unicode line separators and bidirectional overrides, which change how a line reads", () => {
    expect(escapeControl("a\u2028b\u2029c")).toBe("a\\u2028b\\u2029c");
    expect(escapeControl("run \u202eexe.txt")).toBe("run \\u202eexe.txt");
    expect(escapeControl("x\u2066y\u2069")).toBe("x\\u2066y\\u2069");
  });

  it("leaves printable text alone, Unicode and backslashes included", () => {
    const text = "Ünïcödé — 日本語 🙂 C:\\Users\\me \\x1b";
    expect(escapeControl(text)).toBe(text);
    expect(escapeControl(text, { keepNewlines: true })).toBe(text);
  });

  it("leaves no raw control character in any C0, DEL or C1 input and is stable when applied twice", () => {
    let all = "";
    for (let c = 0; c <= 0xa0; c++) all += String.fromCharCode(c);
    const once = escapeControl(all);
    expect(rawControls(once)).toEqual([]);
    expect(escapeControl(once)).toBe(once);
    expect(rawControls(escapeControl(all, { keepNewlines: true }))).toEqual([0x09, 0x0a]);
  });
});

const encoder = new TextEncoder();

describe("the byte tests", () => {
  it("are true exactly where escapeControl changes the text (lines kept), for every BMP character", () => {
    const wide = (text: string) => /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(text);
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `a${String.fromCharCode(code)}b`;
      const bytes = encoder.encode(text);
      expect(bytesHoldControlButLines(bytes), `U+${code.toString(16)}`).toBe(
        escapeControl(text, { keepNewlines: true }) !== text,
      );
      expect(bytesHoldWideControl(bytes), `U+${code.toString(16)}`).toBe(wide(text));
    }
  });

  it("find a character cut at the end of the bytes no more than the text holds", () => {
    expect(bytesHoldWideControl(Uint8Array.from([0x61, 0xe2, 0x80]))).toBe(false);
    expect(bytesHoldWideControl(Uint8Array.from([0x61, 0xc2]))).toBe(false);
  });
});

describe("hasControlOrBreak", () => {
  it("finds control characters and line breaks", () => {
    for (const text of ["a\nb", "a\rb", "a\tb", "\u001b[2J", "x\u007f", "x\u009b", "x\u0085", "a\u2028b", "a\u202eb"]) {
      expect(hasControlOrBreak(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("accepts an ordinary command", () => {
    expect(hasControlOrBreak("npx skills update pdf-tools --yes && echo 'done — ok'")).toBe(false);
    expect(hasControlOrBreak("echo 'Ünïcödé 日本語 🙂'")).toBe(false);
  });

  it("finds format (Cf) and default-ignorable characters, which show as nothing", () => {
    const hidden = [
      "\u200b",
      "\u200c",
      "\u200d",
      "\u200e",
      "\u200f",
      "\u061c",
      "\u00ad",
      "\u2060",
      "\ufeff",
      "\ufe0f",
      "\u3164",
    ];
    for (let tag = 0xe0000; tag <= 0xe007f; tag++) hidden.push(String.fromCodePoint(tag));
    for (const char of hidden) expect(hasControlOrBreak(`npx skills update${char} x`), escapeHidden(char)).toBe(true);
  });
});

describe("escapeHidden", () => {
  it("shows invisible characters as escapes, and controls as escapeControl does", () => {
    expect(escapeHidden("up\u200bdate\u{e0041}\u202e\r\n\u001b")).toBe("up\\u200bdate\\u{e0041}\\u202e\\r\\n\\x1b");
    expect(escapeHidden("Ünïcödé 🙂 C:\\x")).toBe("Ünïcödé 🙂 C:\\x");
  });
});
