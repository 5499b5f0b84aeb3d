// One table of update scenarios run through both adapters of the update service — `skillshelf update` (the built bin)
// and the app's handlers (start, review, apply) — on the same homes and the same loopback servers: both must reach the
// same outcome (applied, refused with the same code and cause, or not started) and leave the same files.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { allSkills } from "../../../shared/scan-result";
import type { UpdateInfo } from "../../../shared/model";
import { runBin } from "../../../test-support/cli";
import { zipOf } from "../../../test-support/archives";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { installFromUpstream } from "../../../test-support/skills-installer";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { scan } from "../../engine/discovery/scan";
import { createEngine } from "../../handlers/engine";
import { EngineError } from "../../engine/errors";
import { createInstallHandlers } from "../../handlers/install-handlers";
import { INERT_DESKTOP } from "../../handlers/testing/inert-desktop";

const skillMd = (name: string, version: string) =>
  `---\nname: ${name}\ndescription: The ${name} skill, for parity tests.\nmetadata:\n  version: "${version}"\n  repository: https://github.com/acme/${name}\n---\n\n# ${name} ${version}\n`;
const plainMd = (name: string, text: string) =>
  `---\nname: ${name}\ndescription: Skill ${name}. Use it in tests.\n---\n\n${text}\n`;

/** What one adapter did, in terms both share. */
interface Outcome {
  outcome: "applied" | "refused" | "not-started";
  code?: string;
  cause?: string;
  version?: string | null;
}

/** A scenario: a home and a server, the skill to update, whether local edits are confirmed, and what must happen. */
interface Scenario {
  name: string;
  skill: string;
  prepare: (home: string, upstream: string) => Promise<{ releases?: Parameters<typeof startReleaseServer>[0] }>;
  /** After the server runs (content scenarios put the repository on it). */
  serve?: (server: RunningReleaseServer, upstream: string) => Promise<void>;
  confirmLocalEdits?: boolean;
  expected: Outcome;
}

const folder = (home: string, name: string) => path.join(home, ".claude", "skills", name);

const SCENARIOS: Scenario[] = [
  {
    name: "an outdated copy from its release (checksums published) is applied",
    skill: "report",
    prepare: async (home) => {
      await writeTree(folder(home, "report"), { "SKILL.md": skillMd("report", "1.0.0"), "mine.txt": "mine\n" });
      const asset = zipOf({ "report/SKILL.md": skillMd("report", "1.1.0") });
      return {
        releases: {
          releases: { "acme/report": { tag: "v1.1.0", checksums: true, assets: { "report.skill": asset } } },
        },
      };
    },
    expected: { outcome: "applied", version: "1.1.0" },
  },
  {
    name: "an up-to-date copy is not started",
    skill: "report",
    prepare: async (home) => {
      await writeTree(folder(home, "report"), { "SKILL.md": skillMd("report", "1.1.0") });
      return { releases: { releases: { "acme/report": { tag: "v1.1.0" } } } };
    },
    expected: { outcome: "not-started" },
  },
  {
    name: "a release holding another skill is refused as invalid; nothing changes",
    skill: "report",
    prepare: async (home) => {
      await writeTree(folder(home, "report"), { "SKILL.md": skillMd("report", "1.0.0") });
      const asset = zipOf({ "other/SKILL.md": skillMd("other", "1.1.0") });
      return { releases: { releases: { "acme/report": { tag: "v1.1.0", assets: { "report.skill": asset } } } } };
    },
    expected: { outcome: "refused", cause: "invalid" },
  },
  {
    name: "a copy without a version whose folder changed on GitHub is applied from the repository",
    skill: "b",
    prepare: async (home, upstream) => {
      await writeTree(upstream, { "skills/b/SKILL.md": plainMd("b", "Do it."), "skills/b/x.sh": "echo b\n" });
      await installFromUpstream(home, upstream, ["b"]);
      await writeTree(upstream, { "skills/b/x.sh": "echo b2\n" });
      return {};
    },
    serve: (server, upstream) => server.trees.setRepo("acme/skills", { dir: upstream }),
    expected: { outcome: "applied" },
  },
  {
    name: "a copy changed locally is refused without the user's yes (cause changed-locally); nothing changes",
    skill: "c",
    prepare: async (home, upstream) => {
      await writeTree(upstream, { "skills/c/SKILL.md": plainMd("c", "Upstream.") });
      await installFromUpstream(home, upstream, ["c"]);
      await writeTree(path.join(home, ".agents/skills/c"), { "SKILL.md": plainMd("c", "My own edit.") });
      await writeTree(upstream, { "skills/c/SKILL.md": plainMd("c", "Upstream, newer.") });
      return {};
    },
    serve: (server, upstream) => server.trees.setRepo("acme/skills", { dir: upstream }),
    expected: { outcome: "refused", code: "install.local-changes", cause: "changed-locally" },
  },
  {
    name: "a copy changed locally is replaced after the user's yes (the app no longer refuses what the CLI does)",
    skill: "c",
    prepare: async (home, upstream) => {
      await writeTree(upstream, { "skills/c/SKILL.md": plainMd("c", "Upstream.") });
      await installFromUpstream(home, upstream, ["c"]);
      await writeTree(path.join(home, ".agents/skills/c"), { "SKILL.md": plainMd("c", "My own edit.") });
      await writeTree(upstream, { "skills/c/SKILL.md": plainMd("c", "Upstream, newer.") });
      return {};
    },
    serve: (server, upstream) => server.trees.setRepo("acme/skills", { dir: upstream }),
    confirmLocalEdits: true,
    expected: { outcome: "applied" },
  },
];

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A fresh home and server for one run of a scenario. */
async function world(scenario: Scenario) {
  const tmp = await makeTempDir("skillshelf-update-parity-");
  const home = path.join(tmp.dir, "home");
  const upstream = path.join(tmp.dir, "upstream");
  const { releases } = await scenario.prepare(home, upstream);
  const server = await startReleaseServer(releases ?? {});
  await scenario.serve?.(server, upstream);
  const env = {
    SKILLSHELF_GITHUB_API: server.url,
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
  cleanups.push(async () => {
    await server.close();
    await tmp.cleanup();
  });
  return { tmp, home, server, env };
}

/** The files of every skill folder of the home afterwards (backups and staging are elsewhere). */
async function skillFiles(home: string): Promise<string> {
  const out: string[] = [];
  for (const dir of [path.join(home, ".claude", "skills"), path.join(home, ".agents", "skills")])
    out.push(...[...(await fingerprintTree(dir).catch(() => new Map<string, string>()))].map((e) => e.join("=")));
  return out.sort().join("\n");
}

async function throughCli(scenario: Scenario): Promise<{ outcome: Outcome; files: string }> {
  const { tmp, home, env, server } = await world(scenario);
  const flags = ["--yes", "--json", "--home", home, "--platform", "linux", "--github-api", server.url];
  if (scenario.confirmLocalEdits) flags.push("--overwrite-local");
  const run = await runBin(["update", scenario.skill, ...flags], { env, cwd: tmp.dir });
  const report = JSON.parse(run.stdout) as {
    applied?: boolean;
    version?: string | null;
    state?: string;
    error?: { code: string; cause?: string };
  };
  const outcome: Outcome = report.applied
    ? { outcome: "applied", version: report.version ?? null }
    : report.error && report.error.code !== "install.not-due"
      ? { outcome: "refused", code: report.error.code, ...(report.error.cause ? { cause: report.error.cause } : {}) }
      : { outcome: "not-started" };
  return { outcome, files: await skillFiles(home) };
}

async function throughHandlers(scenario: Scenario): Promise<{ outcome: Outcome; files: string }> {
  const { home, env } = await world(scenario);
  const scanOptions = { home, platform: "linux" as const, env };
  const catalog = await scan(scanOptions);
  const skill = allSkills(catalog).find((s) => s.name === scenario.skill)!;
  const sources = { servers: [], includeStdio: false };
  const [info] = (await createEngine(scanOptions).checkUpdates([skill], { force: true, sources })) as UpdateInfo[];
  const install = createInstallHandlers({
    scanOptions,
    desktop: INERT_DESKTOP,
    emit: () => undefined,
    catalog: () => catalog,
    updateInfo: async () => info,
  });
  cleanups.unshift(() => install.dispose());
  const h = install.handlers;
  let outcome: Outcome;
  try {
    const { taskId } = await h["update:start"](skill.id);
    const review = await h["update:review"](taskId);
    if (!review.ok) outcome = { outcome: "refused", code: review.problem.code, cause: review.problem.cause };
    else {
      const confirm = review.review.localEdits && scenario.confirmLocalEdits ? { overwriteLocal: true } : undefined;
      const applied = await h["update:apply"](taskId, confirm);
      outcome = applied.ok
        ? { outcome: "applied", version: applied.kind === "replace-folder" ? applied.version : null }
        : { outcome: "refused", code: applied.problem.code, cause: applied.problem.cause };
    }
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    outcome = { outcome: "not-started" };
  }
  return { outcome, files: await skillFiles(home) };
}

describe("the CLI and the app reach the same outcome for the same copy", () => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))("%s", async (_name, scenario) => {
    const cli = await throughCli(scenario);
    const app = await throughHandlers(scenario);
    expect(cli.outcome).toMatchObject(scenario.expected);
    expect(app.outcome).toEqual(cli.outcome);
    expect(app.files).toBe(cli.files);
  });
});
