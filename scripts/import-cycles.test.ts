// No two modules of the app import each other, directly or round a longer loop — type-only imports included, which
// lint's import-x/no-cycle does not count. A walk over the relative imports of electron/, shared/ and renderer/src.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const roots = ["electron", "shared", "renderer/src"];
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.{1,2}\/[^"']*)["']|\bimport\(\s*["'](\.{1,2}\/[^"']*)["']\s*\)/g;

/** Every .ts/.tsx module under the roots, tests and fixtures left out (relative to the repository). */
function modules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "fixtures" && entry.name !== "node_modules") walk(rel);
      } else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.(test|spec)\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith(".d.ts")
      )
        found.push(rel);
    }
  };
  roots.forEach(walk);
  return found;
}

/** The module a relative specifier names, as the bundler resolves it (extensionless, or a folder's index). */
function resolveModule(from: string, spec: string): string | null {
  const base = path.join(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return (
    candidates.find(
      (c) => /\.tsx?$/.test(c) && existsSync(path.join(repo, c)) && statSync(path.join(repo, c)).isFile(),
    ) ?? null
  );
}

/** The import graph: each module and the modules it imports (values and types alike). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of modules()) {
    const text = readFileSync(path.join(repo, file), "utf8");
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveModule(file, (m[1] ?? m[2])!))
      .filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected groups of more than one module (or a module importing itself): each is a cycle. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import cycles", () => {
  it("finds the modules of electron/, shared/ and renderer/src and their imports", () => {
    const graph = importGraph();
    expect(graph.get(path.join("electron", "engine", "discovery", "scan.ts"))).toContain(
      path.join("electron", "engine", "discovery", "plan.ts"),
    );
    expect(graph.get(path.join("shared", "ipc.ts"))).toContain(path.join("shared", "model.ts"));
  });

  it("has none, type-only imports included", () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
