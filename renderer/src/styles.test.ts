// The app's stylesheets stay cheap for the first screen: styles.css is inline in the page the hosts render, and a
// :has() rule there (even one matching nothing on that screen) cost its first paint 15-25 ms of style and layout in
// Chromium (bench/app-stored.bench.ts); a class set by the component does the same job.
import { describe, expect, it } from "vitest";

const raw = import.meta.glob<string>("./**/*.css", { query: "?raw", import: "default", eager: true });
/** Each sheet's rules, its comments left out. */
const sheets = Object.fromEntries(
  Object.entries(raw).map(([file, text]) => [file, text.replace(/\/\*[\s\S]*?\*\//g, "")]),
);

describe("the app's stylesheets", () => {
  it("are found, as their text", () => {
    expect(Object.keys(sheets)).toContain("./styles.css");
    for (const [file, text] of Object.entries(raw))
      expect({ file, read: text.length > 0 }).toEqual({ file, read: true });
  });

  it("use no :has() selector", () => {
    for (const [file, text] of Object.entries(sheets))
      expect({ file, has: /:has\(/.test(text) }).toEqual({ file, has: false });
  });
});
