import { describe, expect, it } from "vitest";
import { runBin } from "../../test-support/cli";

describe("skillshelf dispatcher", () => {
  it("prints help and exits 0 for --help", async () => {
    const run = await runBin(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: skillshelf <command>");
  });

  it("exits 2 with the help on stderr for an unknown command", async () => {
    const run = await runBin(["frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown command "frobnicate"');
    expect(run.stdout).toBe("");
  });

  it("prints one command's help for help COMMAND, as COMMAND --help does", async () => {
    const [help, flag] = await Promise.all([runBin(["help", "validate"]), runBin(["validate", "--help"])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: skillshelf validate PATH...");
    expect(help.stdout).toBe(flag.stdout);
    const unknown = await runBin(["help", "frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  });

  it("prints the package version for --version", async () => {
    const run = await runBin(["--version"]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
