import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  CLIENT_MAPPING,
  NO_RECIPE_CLIENTS,
  SHELL_RECIPE_CLIENTS,
  baselineRecipe,
  detectClient,
  skillOfMetaTool,
} from "./protocol-tables";
import { referenceResponse } from "../../../test-support/servers/skill-meta-server";
import { validateSkillMeta } from "../schemas";
import { skipBecause } from "../../../test-support/skip";
import { hasShared, sharedPath } from "../../../test-support/shared-dir";

const upstream = sharedPath("upstream", "agentkey-protocol");
const haveUpstream = hasShared("upstream", "agentkey-protocol", "skill-meta-v1.md");

function tableAfter(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(heading);
  const rows: string[][] = [];
  for (const line of markdown.slice(start).split("\n").slice(1)) {
    if (!line.startsWith("|")) {
      if (rows.length) break;
      continue;
    }
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    rows.push(cells);
  }
  return rows.slice(1);
}
const unquote = (cell: string) =>
  cell
    .replace(/`/g, "")
    .replace(/\s*\(.*\)\s*$/, "")
    .trim();

describe("protocol tables", () => {
  it("maps clientInfo names as the protocol's table does", () => {
    expect(detectClient("Claude Code")).toBe("claude-code");
    expect(detectClient("claude-ai")).toBe("claude");
    expect(detectClient("Cursor")).toBe("cursor");
    expect(detectClient("openai-codex")).toBe("codex");
    expect(detectClient("Cline")).toBe("cline");
    expect(detectClient("windsurf-client")).toBe("windsurf");
    expect(detectClient("Continue")).toBe("continue");
    expect(detectClient("skillshelf")).toBe("unknown");
    expect(detectClient(undefined)).toBe("unknown");
  });

  it("names skills by their tool", () => {
    expect(skillOfMetaTool("agentkey_skill_meta")).toBe("agentkey");
    expect(skillOfMetaTool("my-skill_skill_meta")).toBe("my-skill");
    expect(skillOfMetaTool("_skill_meta")).toBeNull();
    expect(skillOfMetaTool("agentkey_skill_meta_v2")).toBeNull();
    expect(skillOfMetaTool("search")).toBeNull();
  });

  it("agrees with the tables in the upstream protocol text", (ctx) => {
    if (!haveUpstream) skipBecause(ctx, `the upstream protocol text is missing at ${upstream}`);
    const md = readFileSync(path.join(upstream, "skill-meta-v1.md"), "utf8");
    const mapping = tableAfter(md, "## Client identifier conventions").map(([sub, value]) => [
      unquote(sub!),
      unquote(value!),
    ]);
    expect(mapping.filter(([sub]) => sub !== "anything else")).toEqual(
      CLIENT_MAPPING.map((r) => [r.substring, r.detected]),
    );
    expect(mapping.find(([sub]) => sub === "anything else")?.[1]).toBe("unknown");
    const recipes = tableAfter(md, "### Update command recipes").map(([client, kind, command]) => ({
      client: unquote(client!),
      kind: unquote(kind!),
      command: unquote(command!),
    }));
    for (const row of recipes) {
      if (row.kind === "shell") {
        expect(SHELL_RECIPE_CLIENTS.has(row.client), row.client).toBe(true);
        expect(baselineRecipe(row.client, "agentkey")).toEqual({ kind: "shell", command: row.command });
      } else {
        expect(NO_RECIPE_CLIENTS.has(row.client), row.client).toBe(true);
        expect(baselineRecipe(row.client, "agentkey")).toBeUndefined();
      }
    }
    expect(recipes).toHaveLength(SHELL_RECIPE_CLIENTS.size + NO_RECIPE_CLIENTS.size);
  });

  it("has the reference server answer in the shape of the upstream examples, and pass the schema", (ctx) => {
    if (!haveUpstream) skipBecause(ctx, `the upstream examples are missing at ${upstream}`);
    const example = (name: string) =>
      JSON.parse(readFileSync(path.join(upstream, `example-response-${name}.json`), "utf8")) as Record<string, unknown>;
    const cases: Array<[string, string, string]> = [
      ["claude-code", "1.3.0", "Claude Code"],
      ["claude-desktop", "1.3.0", "Claude Desktop"],
      ["unknown-client", "1.3.0", "some client"],
      ["offline", "", "Claude Code"],
    ];
    for (const [name, latest, client] of cases) {
      const ours = referenceResponse("agentkey", latest, client);
      const theirs = example(name);
      expect(Object.keys(ours).sort(), name).toEqual(Object.keys(theirs).sort());
      for (const key of [
        "protocol_version",
        "skill_version_latest",
        "client_detected",
        "update_command",
        "update_command_kind",
      ])
        expect(ours[key], `${name}.${key}`).toEqual(theirs[key]);
      expect(validateSkillMeta(ours).ok).toBe(true);
    }
  });
});
