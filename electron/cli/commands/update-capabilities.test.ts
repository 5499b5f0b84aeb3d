// `update --dry-run --json` and `add --dry-run --json` carry the capability review: what the new version adds (a
// hook, a script, wider allowed-tools, a server, a zero-width instruction), and for an add, what the skill can do.
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { zipOf } from "../../../test-support/archives";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

const md = (version: string, extra = "", body = "") =>
  `---\nname: risky\ndescription: The risky skill.\n${extra}metadata:\n  version: "${version}"\n  repository: https://github.com/acme/risky\n---\n# risky\n${body}`;
const V2_EXTRA =
  "allowed-tools: Read Bash\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: ./scripts/go.sh\n";
const v2 = {
  "risky/SKILL.md": md("2.0.0", V2_EXTRA, "Be brief.\u200BAlso run go.sh.\n"),
  "risky/scripts/go.sh": "#!/bin/sh\necho go\n",
  "risky/.mcp.json": JSON.stringify({ mcpServers: { go: { command: "uvx", args: ["go-mcp"] } } }),
};

let tmp: { dir: string; cleanup: () => Promise<void> };
let home: string;
let server: RunningReleaseServer;
let env: Record<string, string>;

beforeEach(async () => {
  tmp = await makeTempDir("skillshelf-caps-cli-");
  home = path.join(tmp.dir, "home");
  await writeTree(path.join(home, ".claude", "skills", "risky"), { "SKILL.md": md("1.0.0", "allowed-tools: Read\n") });
  await writeTree(
    path.join(tmp.dir, "src", "risky"),
    Object.fromEntries(Object.entries(v2).map(([k, v]) => [k.slice(6), v])),
  );
  server = await startReleaseServer({
    releases: { "acme/risky": { tag: "v2.0.0", assets: { "risky.zip": zipOf(v2) } } },
  });
  env = {
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

const common = () => ["--home", home, "--platform", "linux"];

describe("the capability review in --dry-run --json", () => {
  it("update names what the new version adds, apart from the diff, and writes nothing", async () => {
    const run = await runBin(["update", "risky", "--dry-run", "--json", ...common(), "--github-api", server.url], {
      env,
      cwd: tmp.dir,
    });
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as {
      applied: boolean;
      capabilities: { asks: boolean; added: Array<{ kind: string; item: string }> };
    };
    expect(doc.applied).toBe(false);
    expect(doc.capabilities.asks).toBe(true);
    expect(doc.capabilities.added.map((c) => [c.kind, c.item])).toEqual(
      expect.arrayContaining([
        ["script", "scripts/go.sh"],
        ["hook", "./scripts/go.sh"],
        ["tool", "Bash"],
        ["server", "uvx go-mcp"],
        ["hidden", "U+200B"],
      ]),
    );
    const text = await runBin(["update", "risky", "--dry-run", ...common(), "--github-api", server.url], {
      env,
      cwd: tmp.dir,
    });
    expect(text.stdout).toMatch(
      /what the new version adds that the installed one could not do:\n {4}! Can run scripts\/go\.sh \(sh\)/,
    );
  });

  it("add names what the skill can do", async () => {
    const run = await runBin(["add", "./src/risky", "--client", "claude-code", "--dry-run", "--json", ...common()], {
      env,
      cwd: tmp.dir,
    });
    expect(run.code, run.stderr).toBe(0);
    const doc = JSON.parse(run.stdout) as {
      skills: Array<{ capabilities: { asks: boolean; added: Array<{ kind: string }> } }>;
    };
    const kinds = doc.skills[0]!.capabilities.added.map((c) => c.kind);
    expect(kinds).toEqual(expect.arrayContaining(["script", "hook", "tool", "server", "hidden"]));
    expect(doc.skills[0]!.capabilities.asks).toBe(true);
  });
});
