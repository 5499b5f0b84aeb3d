// What a new version adds over an old one: new scripts, hooks, tools, servers, commands, hosts and hidden text; and
// whether that asks a person first (something that runs) or not.
import { describe, expect, it } from "vitest";
import { capabilityReviewOf, capabilitySummary, NO_CAPABILITIES, type Capabilities } from "./capabilities";

const old: Capabilities = {
  ...NO_CAPABILITIES,
  scripts: [{ path: "a.sh", interpreter: "bash", executable: true }],
  allowedTools: ["Read"],
  disallowedTools: ["WebFetch"],
  hosts: ["a.example"],
};

describe("capabilityReviewOf", () => {
  it("lists only what the new version adds or widens", () => {
    const next: Capabilities = {
      ...old,
      scripts: [...old.scripts, { path: "b.py", interpreter: "python", executable: false }],
      hooks: [{ file: "SKILL.md", event: "Stop", command: "./x.sh" }],
      allowedTools: ["Read", "Bash"],
      disallowedTools: [],
      servers: [{ kind: "mcp", name: "m", command: "npx m", file: ".mcp.json" }],
      shellCommands: [{ file: "SKILL.md", line: 3, command: "date" }],
      hosts: ["a.example", "b.example"],
      hidden: [{ file: "SKILL.md", line: 4, kind: "zero-width", text: "U+200B" }],
    };
    const review = capabilityReviewOf(old, next);
    expect(review.added.map((c) => [c.kind, c.item])).toEqual([
      ["script", "b.py"],
      ["hook", "./x.sh"],
      ["tool", "Bash"],
      ["tool", "WebFetch"],
      ["server", "npx m"],
      ["shell", "date"],
      ["host", "b.example"],
      ["hidden", "U+200B"],
    ]);
    expect(review.asks).toBe(true);
  });

  it("asks nothing when the new version adds nothing that runs", () => {
    expect(capabilityReviewOf(old, old)).toMatchObject({ added: [], asks: false });
    expect(capabilityReviewOf(old, { ...old, hosts: ["a.example", "c.example"] }).asks).toBe(false);
  });

  it("sums a folder's capabilities up in one line", () => {
    const caps = { ...old, servers: [{ kind: "mcp" as const, name: "m", command: "npx m", file: ".mcp.json" }] };
    expect(capabilitySummary(caps)).toBe(
      "Can run: a.sh (bash); starts an MCP server: npx m; allowed tools: Read; names hosts: a.example",
    );
  });
});
