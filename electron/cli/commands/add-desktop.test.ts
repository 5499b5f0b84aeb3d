// `skillshelf add --client claude-desktop` through the built CLI: the .skill and the steps are printed, Desktop's tree
// is never written to, and --wait reports the upload arriving in an account (or, after a while, what to try).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { fixtureDesktopTree } from "../../../test-support/fixture-homes";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const SKILL = `---\nname: tidy\ndescription: Tidies notes.\nmetadata:\n  version: "3.0.0"\n---\n\nBody.\n`;

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let tree: string;
const env = () => ({
  SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
  XDG_STATE_HOME: "",
  XDG_CONFIG_HOME: "",
  CLAUDE_CONFIG_DIR: "",
});
const run = (...args: string[]) =>
  runBin(["add", "./src/tidy", "--client", "claude-desktop", "--yes", ...args, "--home", home, "--platform", "linux"], {
    env: env(),
    cwd: tmp.dir,
  });

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-add-desktop-cli-");
  home = path.join(tmp.dir, "home");
  tree = fixtureDesktopTree(home, "linux");
  await writeTree(tree, { "manifest.json": '{"skills":[]}', "skills/.keep": "" });
  await writeTree(path.join(tmp.dir, "src", "tidy"), { "SKILL.md": SKILL });
});
afterEach(() => tmp.cleanup());

describe("skillshelf add --client claude-desktop", () => {
  it("prints the .skill and the steps, and --wait reports the upload arriving in the account", async () => {
    const adding = run("--wait");
    // Desktop's sync writing the uploaded skill: whether before or during the wait, it is found there.
    await writeTree(path.join(tree, "skills", "tidy"), { "SKILL.md": SKILL });
    const add = await adding;
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toMatch(/For Claude Desktop, upload .*tidy.*\.skill/);
    expect(add.stdout).toContain("  1. Open Claude Desktop");
    expect(add.stdout).toContain('Waiting for Claude Desktop to show "tidy"');
    expect(add.stdout).toContain(
      `Added to Claude Desktop (account ${path.relative(path.dirname(path.dirname(tree)), tree)}): version 3.0.0.`,
    );
  });

  it("ends a --wait with nothing arriving with exit 1 and what to try, having written nothing into Desktop's tree", async () => {
    const add = await run("--wait", "--wait-minutes", "0.01", "--json");
    expect(add.code, add.stderr).toBe(1);
    const doc = JSON.parse(add.stdout) as {
      applied: boolean;
      arrivals: Array<{ name: string; arrival: { status: string; advice: string[] } }>;
    };
    expect(doc.applied).toBe(true);
    expect(doc.arrivals).toHaveLength(1);
    expect(doc.arrivals[0]!.name).toBe("tidy");
    expect(doc.arrivals[0]!.arrival.status).toBe("timeout");
    expect(doc.arrivals[0]!.arrival.advice.join(" ")).toContain('holds "tidy" yet');
    expect(await readdir(path.join(tree, "skills"))).toEqual([".keep"]);
  });

  it("refuses --wait without Claude Desktop among the clients", async () => {
    const add = await runBin(["add", "./src/tidy", "--client", "cursor", "--yes", "--wait", "--home", home], {
      env: env(),
      cwd: tmp.dir,
    });
    expect(add.code).toBe(2);
    expect(add.stderr).toContain("--wait waits for Claude Desktop");
  });
});
