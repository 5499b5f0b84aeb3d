// An export of the app that only tests import is either made private (and tested through what the app calls) or
// marked as a seam tests need, with "Exported for tests" in its doc comment. A parse of the repository, no build.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkoutTree, exportUses, unmarkedTestOnlyExports, type SourceTree } from "./test-only-exports";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Test-only exports in files another change owns right now (the scan's off-thread work, the stored catalog, the skill
 * checks' speed), to be made private or marked there. An entry that is no longer found must be taken off this list.
 */
const PENDING: string[] = [];

/** A source tree held in memory. */
const memoryTree = (files: Record<string, string>): SourceTree => ({
  files: Object.keys(files),
  read: (file) => files[file]!,
});

const names = (tree: SourceTree) => unmarkedTestOnlyExports(tree).map((u) => `${u.file} ${u.name}`);

describe("exports only tests import", () => {
  it("are found however a test imports them, and not when the app imports them too or they are marked", () => {
    const tree = memoryTree({
      "electron/engine/a.ts": [
        "export function used() {}",
        "export function onlyTests() {}",
        "/** Why it exists. Exported for tests: they need it. */",
        "export const marked = 1;",
        "export const viaNamespace = 2;",
        "export const viaDynamic = 3;",
        "export const viaThen = 5;",
        "export const viaTypeQuery = 4;",
        "export interface Shape { x: number }",
        "export default function unusedDefault() {}",
      ].join("\n"),
      "electron/engine/b.ts": [
        'import { used } from "./a";',
        "export async function later() {",
        '  const { viaDynamic } = await import("./a");',
        "  return [used, viaDynamic];",
        "}",
        'export const lazily = () => import("./a").then((m) => m.viaThen);',
      ].join("\n"),
      "electron/engine/a.test.ts": 'import { onlyTests, marked, type Shape } from "./a";\nexport type T = Shape;',
      "test-support/helper.ts": 'import * as a from "../electron/engine/a";\nexport const v = a.viaNamespace;',
      "e2e/x.spec.ts": 'type Q = typeof import("../electron/engine/a").viaTypeQuery;\nexport const q: Q = 4;',
    });
    expect(names(tree).sort()).toEqual(
      [
        "electron/engine/a.ts Shape",
        "electron/engine/a.ts onlyTests",
        "electron/engine/a.ts viaNamespace",
        "electron/engine/a.ts viaTypeQuery",
      ].sort(),
    );
    const uses = new Map(exportUses(tree).map((u) => [u.name, u]));
    expect(uses.get("used")?.appImporters).toEqual(["electron/engine/b.ts"]);
    expect(uses.get("viaDynamic")?.appImporters).toEqual(["electron/engine/b.ts"]);
    expect(uses.get("viaThen")?.appImporters).toEqual(["electron/engine/b.ts"]);
    expect(uses.get("marked")).toMatchObject({ marked: true, testImporters: ["electron/engine/a.test.ts"] });
    expect(uses.get("default")).toMatchObject({ appImporters: [], testImporters: [] });
  });

  it("counts folders of test helpers (testing/, test-support/, fixtures/) as tests", () => {
    const tree = memoryTree({
      "shared/a.ts": "export const forFixtures = 1;\nexport const forApp = 2;",
      "shared/testing/fixtures.ts": 'import { forFixtures } from "../a";\nexport const f = forFixtures;',
      "renderer/src/catalog/View.tsx": 'import { forApp } from "../../../shared/a";\nexport const V = () => forApp;',
    });
    expect(names(tree)).toEqual(["shared/a.ts forFixtures"]);
  });

  it("catches an export planted in a real module that only its test imports", () => {
    const real = checkoutTree(repo);
    const files = ["shared/tokens.ts", "shared/tokens.test.ts"];
    const before = memoryTree(Object.fromEntries(files.map((f) => [f, real.read(f)])));
    const planted = memoryTree({
      "shared/tokens.ts": `${real.read("shared/tokens.ts")}\n/** A planted export. */\nexport const PLANTED = 1;\n`,
      "shared/tokens.test.ts": `${real.read("shared/tokens.test.ts")}\nimport { PLANTED } from "./tokens";\nvoid PLANTED;\n`,
    });
    const found = new Set(names(before));
    expect(names(planted).filter((n) => !found.has(n))).toEqual(["shared/tokens.ts PLANTED"]);
  });

  it("has none in the repository that is not marked, beyond the pending list", () => {
    const found = names(checkoutTree(repo));
    expect(found.filter((n) => !PENDING.includes(n))).toEqual([]);
    expect(PENDING.filter((n) => !found.includes(n))).toEqual([]);
  });
});
