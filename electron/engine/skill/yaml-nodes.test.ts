// The symbol guards must say what yaml's own guards say, on yaml's nodes and on the fast path's node-likes.
import * as yaml from "yaml";
import { describe, expect, it } from "vitest";
import * as ours from "./yaml-nodes";

const GUARDS = ["isAlias", "isMap", "isScalar", "isSeq", "isCollection", "isNode"] as const;

function verdicts(guards: Record<(typeof GUARDS)[number], (node: unknown) => boolean>, value: unknown) {
  return GUARDS.map((name) => `${name}:${guards[name](value)}`);
}

/** Every node, pair and document of a parse, plus values that are no node at all. */
function samples(): unknown[] {
  const doc = yaml.parseDocument(
    "a: &x plain\nb: *x\nc: [1, {d: e}]\nf:\n  - g\n  - h: i\nj: |\n  block\nk: !!str tagged\nl:\n",
    { schema: "failsafe" },
  );
  const found: unknown[] = [doc, doc.contents, null, undefined, 0, "text", {}, [], { value: "x", range: [0, 1, 1] }];
  yaml.visit(doc, (_key, node) => {
    found.push(node);
  });
  found.push(new yaml.Scalar("s"), new yaml.YAMLMap(), new yaml.YAMLSeq(), new yaml.Pair("k", "v"));
  return found;
}

describe("yaml-nodes guards", () => {
  it("agree with yaml's guards on every kind of real yaml node and on non-nodes", () => {
    const all = samples();
    expect(all.filter((value) => yaml.isAlias(value)).length).toBeGreaterThan(0);
    expect(all.filter((value) => yaml.isSeq(value)).length).toBeGreaterThan(0);
    for (const value of all) expect(verdicts(ours, value)).toEqual(verdicts(yaml, value));
  });

  it("agree with yaml's guards on the factories' node-likes, which read like the parser's nodes", () => {
    const key = ours.scalarNode("name", 0, 4);
    const value = ours.scalarNode("pdf", 6, 9);
    const pair = ours.pairNode(key, value);
    const map = ours.mapNode([pair]);
    for (const node of [key, value, pair, map, ours.mapNode()])
      expect(verdicts(ours, node)).toEqual(verdicts(yaml, node));
    expect([yaml.isScalar(key), yaml.isPair(pair), yaml.isMap(map)]).toEqual([true, true, true]);

    const parsed = yaml.parseDocument("name: pdf", { schema: "failsafe" }).contents as yaml.YAMLMap<
      yaml.Scalar,
      yaml.Scalar
    >;
    const real = parsed.items[0]!;
    expect({ value: key.value, range: key.range }).toEqual({ value: real.key.value, range: real.key.range });
    expect({ value: value.value, range: value.range }).toEqual({ value: real.value!.value, range: real.value!.range });
    expect(map.items[0]!.key).toBe(key);
    expect(map.items[0]!.value).toBe(value);
  });

  it("loads the yaml package once, as the module itself", async () => {
    const first = ours.loadYaml();
    expect(ours.loadYaml()).toBe(first);
    expect((await first).parseDocument).toBe(yaml.parseDocument);
  });
});
