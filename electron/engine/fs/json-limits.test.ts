// JSON read from disk is bounded before JSON.parse: plugin.json and mcp.json by size and depth, Claude Code's and
// Claude Desktop's files and the skills lock by depth; each bomb becomes its file's diagnostic, never a crash.
import fc from "fast-check";
import { cp, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { jsonBombs } from "../../../test-support/bombs";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readDesktopTree } from "../discovery/desktop";
import { readJsonMember } from "../discovery/json-member";
import { readPlugin } from "../plugin/read-plugin";
import {
  jsonLimitProblem,
  MAX_JSON_DEPTH,
  MAX_MANIFEST_BYTES,
  parseJsonWithinLimits,
  readJsonFileWithinLimits,
} from "./json-limits";

const GOOD_PLUGIN = fileURLToPath(new URL("../plugin/fixtures/good/", import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function tempDir(): Promise<string> {
  const { dir, cleanup } = await makeTempDir();
  cleanups.push(cleanup);
  return dir;
}

describe("jsonLimitProblem", () => {
  it("measures nesting without counting brackets inside strings", () => {
    const deepest = (text: string) => [0, 1, 2, 3, 4].find((maxDepth) => !jsonLimitProblem(text, { maxDepth }));
    expect(deepest('{"a": [1, {"b": "[[[[{{{{\\"]]]"}]}')).toBe(3);
    expect(deepest("[]")).toBe(1);
    expect(deepest('"[[["')).toBe(0);
  });

  it("refuses any nesting past the limit, and accepts any nesting within it, for generated arrays and objects", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.boolean(), (depth, objects) => {
        const text = objects ? '{"a":'.repeat(depth) + "1" + "}".repeat(depth) : "[".repeat(depth) + "]".repeat(depth);
        const problem = jsonLimitProblem(text);
        expect(problem?.limit ?? null).toBe(depth > MAX_JSON_DEPTH ? "too-deep" : null);
        expect(parseJsonWithinLimits(text).ok).toBe(depth <= MAX_JSON_DEPTH);
      }),
      { numRuns: 200 },
    );
  });

  it("measures the same depth as a plain scan that steps over escapes one character at a time, for any text", () => {
    // The reference: the straightforward scanner the quick one (which jumps between quotes) must agree with.
    const plainDepth = (text: string) => {
      let depth = 0;
      let deepest = 0;
      for (let i = 0; i < text.length; i++) {
        const ch = text[i];
        if (ch === '"') {
          for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
        } else if (ch === "[" || ch === "{") deepest = Math.max(deepest, ++depth);
        else if ((ch === "]" || ch === "}") && depth > 0) depth--;
      }
      return deepest;
    };
    const measured = (text: string) => [...Array(40).keys()].find((maxDepth) => !jsonLimitProblem(text, { maxDepth }));
    const chars = fc.constantFrom('"', "\\", "[", "]", "{", "}", "a", ":", ",");
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 60 }), (list) => {
        const text = list.join("");
        expect(measured(text)).toBe(plainDepth(text));
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.json({ depthSize: "medium" }), (text) => {
        expect(measured(text)).toBe(plainDepth(text));
      }),
      { numRuns: 500 },
    );
  });

  it("refuses the JSON bombs (millions of `[`) by depth, and a text over maxBytes by size", () => {
    for (const bomb of jsonBombs()) expect(jsonLimitProblem(bomb.text)?.limit, bomb.name).toBe("too-deep");
    expect(jsonLimitProblem(`{"a":"${"x".repeat(MAX_MANIFEST_BYTES)}"}`, { maxBytes: MAX_MANIFEST_BYTES })?.limit).toBe(
      "too-large",
    );
  });
});

describe("plugin.json and mcp.json bombs", () => {
  it("reports a deep or oversized plugin.json as plugin.manifest.json (fatal), naming the limit", async () => {
    for (const [content, words] of [
      ["[".repeat(60_000), "levels deep"],
      ["[".repeat(2_000_000), "KiB limit"],
      [`{"description":"${"x".repeat(MAX_MANIFEST_BYTES)}"}`, "KiB limit"],
    ] as const) {
      const root = await tempDir();
      await writeTree(root, { "plugin.json": content });
      const report = await readPlugin(root, { profile: "agent-skills" });
      const found = report.diagnostics.find((d) => d.code === "plugin.manifest.json");
      expect(found?.message).toContain(words);
      expect(report.loads).toBe(false);
    }
  });

  it("reports a deep mcp.json as plugin.mcp.json and disables only the MCP servers", async () => {
    const root = await tempDir();
    await cp(GOOD_PLUGIN, root, { recursive: true });
    await writeFile(path.join(root, "mcp.json"), '{"mcpServers":' + '{"a":'.repeat(10_000) + "1" + "}".repeat(10_001));
    const report = await readPlugin(root, { profile: "agent-skills" });
    expect(report.diagnostics.find((d) => d.code === "plugin.mcp.json")?.message).toContain(
      `more than ${MAX_JSON_DEPTH} levels deep`,
    );
    expect(report.mcpServers).toEqual([]);
    expect(report.name).toBe("demo-plugin");
  });
});

describe("Claude Code's and Claude Desktop's JSON files", () => {
  it("reads a deep installed_plugins.json or skills lock as corrupt, saying why", async () => {
    const file = path.join(await tempDir(), "installed_plugins.json");
    await writeFile(file, '{"plugins":' + "[".repeat(1_000_000));
    expect(await readJsonMember(file, "plugins")).toEqual({
      kind: "corrupt",
      why: `it nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep, so it was not parsed.`,
    });
  });

  it("reports a deep Desktop manifest.json as desktop.manifest.corrupt and still lists the tree", async () => {
    const root = await tempDir();
    const tree = path.join(root, "a", "b");
    await writeTree(tree, { "manifest.json": '{"skills":[' + '{"x":'.repeat(200_000) });
    const read = await readDesktopTree(tree, root);
    expect(read.manifest).toBeNull();
    expect(read.diagnostics.map((d) => d.code)).toEqual(["desktop.manifest.corrupt"]);
    expect(read.diagnostics[0]?.message).toContain("levels deep");
  });
});

describe("readJsonFileWithinLimits (Skillshelf's own records: journals, manifests, backup records)", () => {
  it("reads a record, and treats a deep, oversized or missing one as unusable instead of parsing it", async () => {
    const tmp = await makeTempDir();
    try {
      const good = path.join(tmp.dir, "good.json");
      const deep = path.join(tmp.dir, "deep.json");
      const big = path.join(tmp.dir, "big.json");
      await writeFile(good, JSON.stringify({ target: "/x", backups: [] }));
      await writeFile(deep, "[".repeat(200_000) + "]".repeat(200_000));
      await writeFile(big, JSON.stringify({ pad: "x".repeat(4096) }));
      expect(await readJsonFileWithinLimits(good, 1024)).toEqual({ target: "/x", backups: [] });
      expect(await readJsonFileWithinLimits(deep, 1024 * 1024)).toBeNull();
      expect(await readJsonFileWithinLimits(big, 1024)).toBeNull();
      expect(await readJsonFileWithinLimits(path.join(tmp.dir, "none.json"), 1024)).toBeNull();
    } finally {
      await tmp.cleanup();
    }
  });
});
