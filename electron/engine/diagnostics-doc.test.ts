// docs/diagnostics.md cannot drift from the code: every code the source can report is documented there, and every
// documented code is still reported somewhere.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DISCOVERY_CODES } from "./discovery/codes";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DOC = path.join(REPO, "docs", "diagnostics.md");

/** Families every code starts with; a family that only the doc names is added from it below. */
const FAMILIES = [
  "skill",
  "plugin",
  "desktop",
  "meta",
  "scan",
  "pack",
  "install",
  "recipe",
  "capability",
  "claude-plugin",
  "marketplace",
  "directory",
];
/** Dotted literals of three or more parts that are not codes (reverse-domain identifiers); any other is taken for a code. */
const NOT_CODE_IDENTIFIERS = new Set([
  "com.example.client",
  "dev.skillshelf.app",
  "yaml.node.type",
  "settings.local.json",
]);
/** Dotted string literals of those families that are not codes: file names and a version source (Skill.versionSource). */
const NOT_CODES = new Set(["plugin.version", "settings.local.json"]);
const FILE_NAME = /^[a-z-]+\.(md|json|ini|exe|zip|skill|ya?ml|toml|txt)$/;

interface DocRow {
  code: string;
  severity: string;
  cells: string[];
}

function docRows(): DocRow[] {
  const rows: DocRow[] = [];
  for (const line of readFileSync(DOC, "utf8").split("\n")) {
    const match = /^\| `([^`]+)` \|/.exec(line);
    if (!match) continue;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((c) => c.trim());
    rows.push({ code: match[1]!, severity: cells[1] ?? "", cells });
  }
  return rows;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" || entry.name === "testing" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every code string literal in electron/ (the engine, handlers, CLI and hosts), by code, with the first file using it. */
function sourceCodes(families: readonly string[]): Map<string, string> {
  const literal = new RegExp(
    `(["'\`])((?:${families.map((f) => f.replace(/[-]/g, "\\-")).join("|")})\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)*)\\1`,
    "g",
  );
  const codes = new Map<string, string>();
  for (const file of sourceFiles(path.join(REPO, "electron"))) {
    for (const match of readFileSync(file, "utf8").matchAll(literal)) {
      const code = match[2]!;
      if (NOT_CODES.has(code) || FILE_NAME.test(code) || codes.has(code)) continue;
      codes.set(code, path.relative(REPO, file));
    }
  }
  return codes;
}

/** Literals shaped like a code (three or more dotted kebab-case parts) whose family is not one of `families`. */
function unknownFamilies(families: readonly string[]): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(path.join(REPO, "electron"))) {
    for (const match of readFileSync(file, "utf8").matchAll(/(["'`])([a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*){2,})\1/g)) {
      const code = match[2]!;
      if (!NOT_CODE_IDENTIFIERS.has(code) && !families.includes(code.split(".")[0]!))
        found.add(`${code} (${path.relative(REPO, file)})`);
    }
  }
  return [...found];
}

describe("docs/diagnostics.md", () => {
  const rows = docRows();
  const documented = new Set(rows.map((r) => r.code));
  const families = [...new Set([...FAMILIES, ...rows.map((r) => r.code.split(".")[0]!)])];
  const inSource = sourceCodes(families);

  it("finds the codes in the source (the extraction itself works)", () => {
    for (const known of [
      "skill.name.uppercase",
      "plugin.mcp.server.url",
      "desktop.name.reserved",
      "scan.drift",
      "meta.schema",
    ])
      expect(inSource.has(known), known).toBe(true);
    expect(inSource.has("skill.md")).toBe(false);
    expect(inSource.has("plugin.json")).toBe(false);
  });

  it("documents every code the source can report", () => {
    const missing = [...inSource].filter(([code]) => !documented.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing, "add a row for each to docs/diagnostics.md").toEqual([]);
  });

  it("documents no code the source no longer has", () => {
    const stale = [...documented].filter((code) => !inSource.has(code));
    expect(stale, "remove these rows from docs/diagnostics.md, or restore the code").toEqual([]);
  });

  it("knows every code family in the source", () => {
    expect(
      unknownFamilies(families),
      "a new family of codes: add a section for it to docs/diagnostics.md (or list a non-code in NOT_CODE_IDENTIFIERS)",
    ).toEqual([]);
  });

  it("documents discovery's code table", () => {
    expect(Object.keys(DISCOVERY_CODES).filter((code) => !documented.has(code))).toEqual([]);
  });

  it("gives each code once, with a severity, a meaning and a fix", () => {
    const seen = new Set<string>();
    for (const row of rows) {
      expect(seen.has(row.code), `${row.code} is listed twice`).toBe(false);
      seen.add(row.code);
      expect(["error", "warning", "info"], row.code).toContain(row.severity);
      expect(row.cells, row.code).toHaveLength(4);
      expect(
        row.cells.every((c) => c.length > 0),
        row.code,
      ).toBe(true);
    }
  });
  it("says install.busy also means an interrupted update not yet finished, where the swap reports it so", () => {
    const swap = readFileSync(path.join(REPO, "electron/engine/transaction/swap.ts"), "utf8");
    expect(swap).toMatch(/"install\.busy",[\s\S]{0,300}was interrupted/);
    const row = docRows().find((r) => r.code === "install.busy");
    expect(row?.cells[2]).toMatch(/interrupted and not yet finished/);
    expect(row?.cells[3]).toMatch(/skillshelf rollback/);
  });
});
