// `skillshelf update` when the skill-meta server gives a shell recipe, through the built bin and a real loopback
// server: shown verbatim; run only with --run-recipe and --yes (no terminal to ask on here), output and exit status back.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../../../test-support/cli";
import { BLANK_DISCOVERY_ENV } from "../../../test-support/fixture-homes";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../../test-support/servers/skill-meta-server";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

let tmp: string;
let cleanup: () => Promise<void>;
let home: string;
let meta: RunningSkillMetaServer;
let marker: string;

beforeAll(async () => {
  ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-update-recipe-"));
  home = path.join(tmp, "home");
  marker = path.join(tmp, "recipe-ran");
  await writeTree(home, {
    ".claude/skills/agentkey/SKILL.md":
      '---\nname: agentkey\ndescription: Keeps keys out of prompts.\nmetadata:\n  version: "1.7.2"\n---\n\n# AgentKey\n',
  });
  meta = await startSkillMetaServer({
    skill: "agentkey",
    latest: "1.8.0",
    recipe: { kind: "shell", command: `printf ran > '${marker}'; echo updated; exit 3` },
  });
});
afterAll(async () => {
  await meta.close();
  await cleanup();
});

const update = (...flags: string[]) =>
  runBin(
    [
      "update",
      "agentkey",
      "--home",
      home,
      "--platform",
      "linux",
      "--server",
      meta.url,
      "--github-api",
      "http://127.0.0.1:9",
      ...flags,
    ],
    {
      env: {
        ...BLANK_DISCOVERY_ENV,
        SKILLSHELF_CACHE_DIR: path.join(tmp, "cache"),
        SKILLSHELF_DATA_DIR: path.join(tmp, "data"),
        SKILLSHELF_CONFIG_DIR: path.join(tmp, "config"),
      },
      cwd: tmp,
    },
  );
const ran = () =>
  readFile(marker, "utf8").then(
    (t) => t,
    () => null,
  );

describe.skipIf(process.platform === "win32")(
  "skillshelf update with a shell recipe (skipped on Windows: the recipe is POSIX sh)",
  () => {
    it("shows the command verbatim and runs nothing without --run-recipe (exit 0)", async () => {
      const run = await update();
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`\n  printf ran > '${marker}'; echo updated; exit 3\n`);
      expect(run.stdout).toContain("--run-recipe");
      expect(await ran()).toBeNull();
    });

    it("does not run it when it cannot ask (no terminal) and --yes is not given (exit 1)", async () => {
      const run = await update("--run-recipe");
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("no terminal to confirm on");
      expect(await ran()).toBeNull();
    });

    it("runs it with --run-recipe --yes, streaming its output and reporting its exit status (3 → exit 1)", async () => {
      const run = await update("--run-recipe", "--yes");
      expect(run.stdout).toContain("updated\n");
      expect(run.stderr).toContain("The command exited with code 3.");
      expect(run.code).toBe(1);
      expect(await ran()).toBe("ran");
    });
  },
);
