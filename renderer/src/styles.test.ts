// The app's stylesheets stay cheap for the first screen: styles.css is inline in the page the hosts render, and a
// :has() rule there (even one matching nothing on that screen) cost its first paint 15-25 ms of style and layout in
// Chromium (bench/app-stored.bench.ts); a class set by the component does the same job.
import { describe, expect, it } from "vitest";

const sheets = import.meta.glob<string>("./**/*.css", { query: "?raw", import: "default", eager: true });

describe("the app's stylesheets", () => {
  it("are found", () => {
    expect(Object.keys(sheets)).toContain("./styles.css");
  });

  it("use no :has() selector", () => {
    for (const [file, text] of Object.entries(sheets))
      expect({ file, has: /:has\(/.test(text) }).toEqual({ file, has: false });
  });
});
