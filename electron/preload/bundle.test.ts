// The built preload runs in Electron's sandbox, where only `require("electron")` (and a few polyfills) exist:
// the bundle must carry everything else inside it. The test setup builds dist/ before the tests run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const bundle = readFileSync(path.resolve(__dirname, "../../dist/preload/preload.cjs"), "utf8");

describe("dist/preload/preload.cjs", () => {
  it("requires nothing but electron", () => {
    const required = [...bundle.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((match) => match[1]);
    expect(new Set(required)).toEqual(new Set(["electron"]));
    expect(bundle).not.toMatch(/\brequire\(\s*[^"'`\s]/);
  });

  it("exposes window.skillshelf through the context bridge", () => {
    expect(bundle).toContain("exposeInMainWorld");
    expect(bundle).toContain('"skillshelf"');
  });
});
