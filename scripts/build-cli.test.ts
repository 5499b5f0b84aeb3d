// What each CLI command can load, read from esbuild's metafile of a fresh build: start-up cost is what a command
// imports, so `validate` must never reach the MCP SDK, zod, ajv or the update checks, and `--help` nothing but the dispatcher.
import { isBuiltin } from "node:module";
import path from "node:path";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../test-support/tmp";
// @ts-expect-error: the build script is plain JavaScript without declarations.
import { buildCli } from "./build.mjs";

let meta: Metafile;
let tmp: Awaited<ReturnType<typeof makeTempDir>>;

/** Every input file and external package an output can load: its static imports, plus dynamic ones when asked. */
function reach(
  start: string,
  followDynamic: boolean,
  seen = new Set<string>(),
  found = { inputs: new Set<string>(), externals: new Set<string>() },
) {
  if (seen.has(start)) return found;
  seen.add(start);
  const output = meta.outputs[start]!;
  for (const input of Object.keys(output.inputs)) found.inputs.add(input);
  for (const imported of output.imports) {
    if (!followDynamic && imported.kind === "dynamic-import") continue;
    if (imported.external) found.externals.add(imported.path);
    else reach(imported.path, followDynamic, seen, found);
  }
  return found;
}

/** The chunk that holds a source file. */
function chunkHolding(input: string): string {
  const out = Object.keys(meta.outputs).find((key) => key.endsWith(".mjs") && input in meta.outputs[key]!.inputs);
  if (!out) throw new Error(`no chunk holds ${input}`);
  return out;
}

/** The modules of Node a graph imports that cost a first load: crypto, zlib and url. */
const costlyBuiltins = (graph: { externals: Set<string> }) =>
  [...graph.externals].filter((e) => ["node:crypto", "node:zlib", "node:url"].includes(e));

function outputOf(entry: string): string {
  const out = Object.keys(meta.outputs).find((key) => meta.outputs[key]!.entryPoint === entry);
  if (!out) throw new Error(`no output for ${entry}`);
  return out;
}

/** What running `skillshelf <command>` can load: the entry's static graph plus the command module's whole graph. */
function commandGraph(command: string) {
  const found = reach(outputOf("electron/cli/main.ts"), false);
  return reach(outputOf(`electron/cli/commands/${command}.ts`), true, new Set(), found);
}

const FORBIDDEN_FOR_VALIDATE = [
  /^@modelcontextprotocol\//,
  /^zod(\/|$)/,
  /^ajv(\/|$)/,
  /^electron\/engine\/updates\//,
  /^node_modules\/(zod|ajv|@modelcontextprotocol)\//,
  /^electron\/engine\/schemas\.ts$/,
];

describe("the CLI bundle loads per command", () => {
  beforeAll(async () => {
    tmp = await makeTempDir();
    meta = await buildCli(tmp.dir);
  }, 120_000);
  afterAll(() => tmp.cleanup());

  it("builds skillshelf.mjs and read-worker.mjs side by side, with shared chunks in the same folder", () => {
    const outputs = Object.keys(meta.outputs)
      .filter((o) => o.endsWith(".mjs"))
      .map((o) => path.basename(o));
    expect(outputs).toContain("skillshelf.mjs");
    expect(outputs).toContain("read-worker.mjs");
    expect(outputs.filter((o) => o.startsWith("chunk-")).length).toBeGreaterThan(5);
    expect(new Set(Object.keys(meta.outputs).map((o) => path.dirname(o))).size).toBe(1);
  });

  it("--help and --version load only the dispatcher: no command module, no package", () => {
    const found = reach(outputOf("electron/cli/main.ts"), false);
    expect([...found.inputs].filter((i) => i.startsWith("electron/cli/commands/") && !i.endsWith("/index.ts"))).toEqual(
      [],
    );
    expect([...found.externals].filter((e) => !e.startsWith("node:"))).toEqual([]);
  });

  it("validate can never load the MCP SDK, zod, ajv or the update checks, even through a lazy import", () => {
    const found = commandGraph("validate");
    expect(found.inputs.has("electron/engine/skill/read-skill.ts")).toBe(true);
    const everything = [...found.inputs, ...found.externals];
    expect(everything.filter((name) => FORBIDDEN_FOR_VALIDATE.some((re) => re.test(name)))).toEqual([]);
  });

  it("validate's eager graph (what checking one skill loads) holds no plugin reader and no semver: they load only for plugins", () => {
    const found = reach(outputOf("electron/cli/main.ts"), false);
    reach(outputOf("electron/cli/commands/validate.ts"), false, new Set(), found);
    expect(found.inputs.has("electron/engine/skill/targets.ts")).toBe(true);
    expect(
      [...found.inputs].filter((i) => i.startsWith("electron/engine/plugin/") || i.includes("node_modules/semver/")),
    ).toEqual([]);
    expect([...found.externals].filter((e) => !e.startsWith("node:") && e !== "buffer" && e !== "process")).toEqual([]);
  });

  /** What `validate` loads before its first await: the CLI's entry and the command's module, with their static imports. */
  const validateEagerGraph = () => {
    const eager = reach(outputOf("electron/cli/main.ts"), false);
    reach(outputOf("electron/cli/commands/validate.ts"), false, new Set(), eager);
    return eager;
  };

  it("validate's eager graph holds no skill reader and no rules: a run whose every skill is in the cache never loads them", () => {
    const eager = validateEagerGraph();
    expect(eager.inputs.has("electron/engine/validate-cache/cached-skill.ts")).toBe(true);
    const reader = [
      "electron/engine/validate-target.ts",
      "electron/engine/skill/read-skill.ts",
      "electron/engine/skill/frontmatter.ts",
      "electron/engine/skill/body.ts",
      "electron/engine/skill/references.ts",
      "electron/engine/validate-cache/scan-part.ts",
    ];
    expect(reader.filter((input) => eager.inputs.has(input))).toEqual([]);
    const whole = commandGraph("validate");
    expect(reader.filter((input) => !whole.inputs.has(input))).toEqual([]);
    // The content hash is the scan's: validate never computes one, nor loads the scan's readers to share its worker.
    const scanOnly = ["electron/engine/discovery/hash.ts", "electron/engine/discovery/read.ts"];
    expect(scanOnly.filter((input) => whole.inputs.has(input))).toEqual([]);
    expect(whole.inputs.has("electron/engine/discovery/worker-pool.ts")).toBe(true);
  });

  it("the skill reader's graph holds no yaml package: it loads only for frontmatter the fast path and cheap limits leave to it", () => {
    const eager = reach(chunkHolding("electron/engine/skill/read-skill.ts"), false);
    expect(eager.inputs.has("electron/engine/skill/simple-frontmatter.ts")).toBe(true);
    expect([...eager.inputs].filter((i) => i.includes("node_modules/yaml/"))).toEqual([]);
    const whole = commandGraph("validate");
    expect([...whole.inputs].some((i) => i.startsWith("node_modules/yaml/"))).toBe(true);
  });

  it("validate's eager graph holds no archive reader, writer or CI format, and no node:crypto, node:zlib or node:url: each loads only when a run needs it", () => {
    const eager = validateEagerGraph();
    expect(eager.inputs.has("electron/engine/validate-cache/store.ts")).toBe(true);
    const lazy = [
      "electron/engine/skill/archive.ts",
      "electron/engine/fs/write.ts",
      "electron/cli/commands/validate-formats.ts",
      "electron/cli/commands/validate-ci-reports.ts",
      "electron/cli/commands/diagnostic-rules.ts",
    ];
    expect([...eager.inputs].filter((i) => lazy.includes(i) || i.startsWith("electron/engine/archive/"))).toEqual([]);
    expect(costlyBuiltins(eager)).toEqual([]);
    // They are still reachable when a run needs them.
    const whole = commandGraph("validate");
    expect(lazy.filter((i) => !whole.inputs.has(i))).toEqual([]);
    expect(["node:crypto", "node:zlib"].filter((e) => !whole.externals.has(e))).toEqual([]);
  });

  it("validate's kept run is checked and printed again before the dispatcher, any command or the rules load", () => {
    const replay = reach(outputOf("electron/cli/main.ts"), false);
    reach(chunkHolding("electron/cli/validate-run.ts"), false, new Set(), replay);
    expect(replay.inputs.has("electron/engine/validate-cache/run-index.ts")).toBe(true);
    const later = [
      "electron/cli/run.ts",
      "electron/cli/commands/index.ts",
      "electron/cli/commands/validate.ts",
      "electron/engine/skill/targets.ts",
      "electron/engine/skill/read-skill.ts",
      "electron/engine/validate-cache/store.ts",
      "electron/engine/fs/write.ts",
    ];
    expect(later.filter((input) => replay.inputs.has(input))).toEqual([]);
    expect(costlyBuiltins(replay)).toEqual([]);
    // A run where some skills changed: their pieces are spliced with the skill reader alone, no search, cache file,
    // dispatcher or writer, and no node:crypto.
    const spliced = reach(chunkHolding("electron/cli/validate-splice.ts"), false, new Set(), replay);
    const reader = "electron/engine/skill/read-skill.ts";
    expect(spliced.inputs.has(reader)).toBe(true);
    expect(later.filter((input) => input !== reader && spliced.inputs.has(input))).toEqual([]);
    expect(costlyBuiltins(spliced)).toEqual([]);
  });

  it("the check is real: outdated, which asks skill-meta servers, does reach the MCP SDK and the update checks", () => {
    const found = commandGraph("outdated");
    expect([...found.inputs].some((i) => i.startsWith("node_modules/@modelcontextprotocol/sdk/"))).toBe(true);
    expect([...found.inputs].some((i) => i.startsWith("electron/engine/updates/"))).toBe(true);
  });

  it("bundles every package: no output imports anything but Node's own modules (the packed CLI has no dependencies)", () => {
    const externals = Object.values(meta.outputs).flatMap((out) =>
      out.imports.filter((i) => i.external).map((i) => i.path),
    );
    expect(externals.length).toBeGreaterThan(0);
    expect(externals.filter((name) => !isBuiltin(name))).toEqual([]);
  });

  it("the scan worker does not load the MCP SDK, zod or ajv", () => {
    const found = reach(outputOf("electron/engine/discovery/read-worker.ts"), true);
    expect(
      [...found.externals, ...found.inputs].filter((name) =>
        FORBIDDEN_FOR_VALIDATE.slice(0, 3).some((re) => re.test(name)),
      ),
    ).toEqual([]);
  });
});
