// `skillshelf budget` and `prompt --client` over a fixture home: the listing, its cost, a switch set and undone.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { BudgetReport } from "../../../shared/budget";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { runCli } from "../run";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

async function home() {
  const t = await makeTempDir();
  cleanup = t.cleanup;
  await writeTree(t.dir, {
    "h/.claude/skills/alpha/SKILL.md": "---\nname: alpha\ndescription: Alpha does things.\n---\n# a\n",
    "h/.claude/skills/beta/SKILL.md": "---\nname: beta\ndescription: Beta.\n---\n# b\n",
    "h/.claude/settings.json": '{\n  "model": "opus"\n}\n',
  });
  return { home: path.join(t.dir, "h"), data: path.join(t.dir, "data") };
}

async function run(args: string[], data: string) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd: process.cwd(),
    env: { SKILLSHELF_DATA_DIR: data },
  });
  return { code, stdout, stderr };
}

describe("skillshelf budget", () => {
  it("reports Claude Code's listing, prints it as sent, and sets and undoes a switch byte for byte", async () => {
    const { home: h, data } = await home();
    const flags = ["--home", h, "--platform", "linux", "--client", "claude-code"];
    const json = await run(["budget", ...flags, "--json"], data);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as BudgetReport;
    expect(report.clients.map((c) => c.id)).toEqual(["claude-code"]);
    // 193 + 2 + 38, alpha 71+5+18, beta 71+4+5.
    expect(report.clients[0]!.chars).toBe(233 + 94 + 80);
    const text = await run(["budget", ...flags], data);
    expect(text.stdout).toContain("2 skills listed: 407 characters, ~102 tokens every conversation (limit 8,000)");
    expect(text.stdout).toContain("estimated");

    const prompt = await run(["prompt", ...flags], data);
    expect(prompt.code).toBe(0);
    expect(prompt.stdout).toBe(report.clients[0]!.text);

    const settings = path.join(h, ".claude", "settings.json");
    const before = await readFile(settings, "utf8");
    const set = await run(["budget", ...flags, "--set", "alpha=off"], data);
    expect(set.code).toBe(0);
    const undoId = /--undo (\S+)/.exec(set.stdout)![1]!;
    expect(await readFile(settings, "utf8")).toBe(
      '{\n  "model": "opus",\n  "skillOverrides": {\n    "alpha": "off"\n  }\n}\n',
    );
    const after = JSON.parse((await run(["budget", ...flags, "--json"], data)).stdout) as BudgetReport;
    expect(after.clients[0]!.entries.map((e) => e.name)).toEqual(["beta"]);
    expect((await run(["budget", "--undo", undoId], data)).code).toBe(0);
    expect(await readFile(settings, "utf8")).toBe(before);
  });

  it("says so, without a stack trace, for a client with no switch and for an unknown undo", async () => {
    const { home: h, data } = await home();
    const other = await run(["budget", "--home", h, "--client", "cursor", "--set", "alpha=off"], data);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("publishes no per-skill switch");
    const undo = await run(["budget", "--undo", "1-aaaaaaaaaaaa"], data);
    expect(undo.code).toBe(1);
    expect(undo.stderr).toBe("skillshelf budget: There is no settings change to undo under that name.\n");
  });
});
