// Link extraction and target classification: what counts as a reference to a bundled file.
import { describe, expect, it } from "vitest";
import { classifyTarget, extractLinks } from "./references";

const targets = (md: string) => extractLinks(md).map((l) => l.target);

describe("extractLinks", () => {
  it("finds links, images, reference definitions and links nested in link text, with line and column", () => {
    const md =
      'Intro\nSee [a](refs/a.md) and ![b](img/b.png "title").\n[![logo](logo.svg)](docs/index.md)\n[def]: defs/c.md\n';
    expect(extractLinks(md, 10)).toEqual([
      { target: "refs/a.md", line: 11, column: 9 },
      { target: "img/b.png", line: 11, column: 29 },
      { target: "docs/index.md", line: 12, column: 21 },
      { target: "logo.svg", line: 12, column: 10 },
      { target: "defs/c.md", line: 13, column: 8 },
    ]);
  });

  it("ignores fenced, indented and inline code, and escaped brackets", () => {
    const md = [
      "```",
      "[a](a.md)",
      "```",
      "~~~~",
      "[b](b.md)",
      "~~~~",
      "",
      "    [c](c.md)",
      "",
      "`[d](d.md)` and ``[e](e.md)``",
      "\\[f](f.md)",
      "[g](g.md)",
    ].join("\n");
    expect(targets(md)).toEqual(["g.md"]);
  });

  it("still reads links in indented list continuations", () => {
    expect(targets("- item\n\n    continued with [h](h.md)\n")).toEqual(["h.md"]);
  });

  it("reads angle-bracket targets and targets with balanced parentheses", () => {
    expect(targets("[a](<my file.md>) [b](docs/a_(1).md)")).toEqual(["<my file.md>", "docs/a_(1).md"]);
  });

  it("stays quick and finite on pathological lines", () => {
    expect(extractLinks("[a".repeat(50_000) + "](")).toEqual([]);
    expect(
      extractLinks("[[x](y)](z)")
        .map((l) => l.target)
        .sort(),
    ).toEqual(["y", "z"]);
    expect(Array.isArray(extractLinks("[[[[x](y)](z)](w)](v)"))).toBe(true);
  });
});

describe("classifyTarget", () => {
  it("skips URLs, protocol-relative links, mailto: and anchors", () => {
    for (const t of [
      "https://x.y/a.md",
      "HTTP://x",
      "mailto:a@b.c",
      "//cdn/x.js",
      "#top",
      "",
      "  ",
      "?q=1",
      "tel:123",
    ]) {
      expect(["url", "anchor"]).toContain(classifyTarget(t).kind);
    }
  });

  it("flags absolute paths and paths that climb out", () => {
    for (const t of [
      "/etc/hosts",
      "\\\\server\\share",
      "C:\\x.md",
      "c:/x.md",
      "~/notes.md",
      "../x.md",
      "a/../../x.md",
      "..",
      "%2e%2e/x.md",
    ]) {
      expect({ t, kind: classifyTarget(t).kind }).toEqual({ t, kind: "outside" });
    }
  });

  it("normalizes relative paths: ./, inner .., #fragments, ?queries, %-escapes, trailing /", () => {
    const rel = (t: string) => {
      const c = classifyTarget(t);
      return c.kind === "relative" ? c.rel : c.kind;
    };
    expect(rel("./references/a.md")).toBe("references/a.md");
    expect(rel("references/../scripts/x.py")).toBe("scripts/x.py");
    expect(rel("guide.md#section")).toBe("guide.md");
    expect(rel("data.csv?raw=1")).toBe("data.csv");
    expect(rel("my%20file.md")).toBe("my file.md");
    expect(rel("<my file.md>")).toBe("my file.md");
    expect(rel("references/")).toBe("references");
    expect(rel("bad%zzescape.md")).toBe("bad%zzescape.md");
    expect(rel(".")).toBe("anchor");
  });
});
