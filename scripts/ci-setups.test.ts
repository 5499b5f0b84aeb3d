// The CI set-ups: action.yml against GitHub's published metadata schema (@action-validator/core) and run locally on a
// sample repository, the pre-commit hook on really staged files, and every snippet of docs/ci.md that can run here.
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { validateAction, validateWorkflow } from "@action-validator/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { BIN, runProcess, type CliRun } from "../test-support/cli";
import { skipBecause } from "../test-support/skip";
import { makeTempDir, writeTree } from "../test-support/tmp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ACTION = readFileSync(path.join(ROOT, "action.yml"), "utf8");
const DOC = readFileSync(path.join(ROOT, "docs/ci.md"), "utf8");
const SKILL = (name: string, extra = "", body = "Do it.") =>
  `---\nname: ${name}\ndescription: A skill for CI set-up tests.\n${extra}---\n\n${body}\n`;

type Run = CliRun;

/** Runs a program in `cwd` with extra environment (npm packs and installs can take minutes on a busy machine). */
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  runProcess(command, args, { cwd, env: { ...process.env, ...env }, timeoutMs: 10 * 60_000 });

/** The docs/ci.md code block whose info string names it (```yaml gitlab-ci). */
function snippet(name: string): string {
  const match = new RegExp("```\\w+ " + name + "\\n([\\s\\S]*?)```").exec(DOC);
  if (!match) throw new Error(`docs/ci.md has no ${name} block`);
  return match[1]!;
}

let repo: string;
let shims: string;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  const made = await makeTempDir("skillshelf-ci-");
  cleanups.push(made.cleanup);
  repo = path.join(made.dir, "sample repo");
  await writeTree(repo, {
    "skills/good/SKILL.md": SKILL("good"),
    "skills/bad/SKILL.md": SKILL("Bad"),
    "skills/warned/SKILL.md": SKILL("warned", "", ""),
    "README.md": "# Sample\n",
  });
  // `npm install skillshelf` and `npx skillshelf` of the snippets, without a registry: npx runs the checkout's bin.
  shims = path.join(made.dir, "shims");
  await mkdir(shims);
  await writeFile(path.join(shims, "npm"), `#!/bin/sh\n[ "$1" = install ] && exit 0\nexit 3\n`);
  await writeFile(
    path.join(shims, "npx"),
    `#!/bin/sh\n[ "$1" = skillshelf ] || exit 3\nshift\nexec "${process.execPath}" "${BIN}" "$@"\n`,
  );
  await chmod(path.join(shims, "npm"), 0o755);
  await chmod(path.join(shims, "npx"), 0o755);
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** Runs the action's script as the composite step does, with its inputs as the step's environment. */
async function runAction(inputs: Record<string, string>, cwd = repo) {
  const dir = await makeTempDir("skillshelf-action-");
  cleanups.push(dir.cleanup);
  const outputs = path.join(dir.dir, "output");
  const summary = path.join(dir.dir, "summary");
  await writeFile(outputs, "");
  const step = parse(ACTION).runs.steps[0] as { run: string; env: Record<string, string> };
  const env: NodeJS.ProcessEnv = { GITHUB_OUTPUT: outputs, GITHUB_STEP_SUMMARY: summary, RUNNER_TEMP: dir.dir };
  for (const [name, value] of Object.entries(step.env)) {
    const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(value)?.[1];
    const declared = input ? (parse(ACTION).inputs[input] as { default: string }) : undefined;
    env[name] = input ? (inputs[input] ?? declared!.default) : value === "${{ github.action_path }}" ? ROOT : value;
  }
  const result = await run("bash", ["-c", step.run], cwd, env);
  const values = Object.fromEntries(
    (await readFile(outputs, "utf8"))
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return { ...result, outputs: values };
}

describe("action.yml", () => {
  it("passes GitHub's action metadata schema", () => {
    expect(validateAction(ACTION).errors).toEqual([]);
  });

  it("is a composite action whose steps name a shell and whose expressions name declared inputs and outputs", () => {
    const action = parse(ACTION) as {
      inputs: Record<string, { description: string }>;
      outputs: Record<string, { value: string }>;
      runs: { using: string; steps: Array<{ id: string; shell: string }> };
    };
    expect(action.runs.using).toBe("composite");
    for (const step of action.runs.steps) expect(step.shell).toBe("bash");
    for (const [, used] of ACTION.matchAll(/\$\{\{ inputs\.([\w-]+) \}\}/g))
      expect(action.inputs).toHaveProperty(used!);
    expect(Object.keys(action.inputs).sort()).toEqual([
      "fail-on",
      "format",
      "paths",
      "profile",
      "sarif-file",
      "version",
    ]);
    for (const [name, out] of Object.entries(action.outputs))
      expect(out.value).toBe(`\${{ steps.${action.runs.steps[0]!.id}.outputs.${name} }}`);
  });

  it("prints annotations, sets the counts and fails on errors by default", async () => {
    const result = await runAction({ paths: "skills\n" });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^::error file=skills\/bad\/SKILL\.md,line=2,col=\d+,title=skill\.name\.uppercase::/m,
    );
    expect(result.stdout).toMatch(/^::warning file=skills\/warned\/SKILL\.md/m);
    const cli = JSON.parse((await run(process.execPath, [BIN, "validate", "skills", "--json"], repo)).stdout) as {
      results: Array<{ diagnostics: Array<{ severity: string }> }>;
    };
    const errors = cli.results.flatMap((r) => r.diagnostics).filter((d) => d.severity === "error").length;
    expect(result.outputs).toMatchObject({ checked: "3", invalid: "1", errors: String(errors), "sarif-file": "" });
    expect(Number(result.outputs.warnings)).toBeGreaterThan(0);
  });

  it("follows fail-on: never passes, warning fails on a warning alone, error does not", async () => {
    expect((await runAction({ paths: "skills", "fail-on": "never" })).code).toBe(0);
    expect((await runAction({ paths: "skills/warned", "fail-on": "warning" })).code).toBe(1);
    expect((await runAction({ paths: "skills/warned", "fail-on": "error" })).code).toBe(0);
    expect((await runAction({ paths: "skills/good", "fail-on": "warning" })).code).toBe(0);
  });

  it("writes SARIF on request, with the file named in its output", async () => {
    const result = await runAction({ paths: "skills", format: "sarif", "sarif-file": "out.sarif", "fail-on": "never" });
    expect(result.code).toBe(0);
    expect(result.outputs["sarif-file"]).toBe("out.sarif");
    const log = JSON.parse(await readFile(path.join(repo, "out.sarif"), "utf8")) as { version: string };
    expect(log.version).toBe("2.1.0");
    expect(result.stdout).not.toContain("::error");
  });

  it("refuses an unknown format or fail-on with an error annotation and exit 2", async () => {
    const bad = await runAction({ format: "xml" });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toContain("::error title=skillshelf::format must be");
    expect((await runAction({ "fail-on": "sometimes" })).code).toBe(2);
  });
});

describe(".pre-commit-hooks.yaml", () => {
  const hooks = parse(readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Array<{
    id: string;
    entry: string;
    language: string;
    files: string;
    pass_filenames: boolean;
  }>;

  it("declares a node hook running the package's bin on the files that can change a skill", () => {
    expect(hooks).toHaveLength(1);
    const hook = hooks[0]!;
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(hook.language).toBe("node");
    expect(hook.pass_filenames).toBe(true);
    expect(Object.keys(pkg.bin)).toContain(hook.entry.split(" ")[0]);
    const files = new RegExp(hook.files);
    for (const f of ["SKILL.md", "a/b/SKILL.md", "p/plugin.json", "p/.claude-plugin/plugin.json", "x/marketplace.json"])
      expect(files.test(f), f).toBe(true);
    for (const f of ["dist/a.skill", "pdf.zip"]) expect(files.test(f), f).toBe(true);
    for (const f of ["README.md", "NOT-SKILL.md", "package.json", "skills/a/notes.md"])
      expect(files.test(f), f).toBe(false);
  });

  it("checks only the skills whose files are staged in a real git repository", async (ctx) => {
    const git = await run("git", ["--version"], repo).catch(() => null);
    if (!git || git.code !== 0) skipBecause(ctx, "git is not installed");
    const dir = await makeTempDir("skillshelf-hook-");
    cleanups.push(dir.cleanup);
    await writeTree(dir.dir, {
      "skills/one/SKILL.md": SKILL("one"),
      "skills/two/SKILL.md": SKILL("two"),
      "skills/broken/SKILL.md": SKILL("Broken"),
    });
    const gitEnv = {
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@t",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@t",
    };
    for (const args of [
      ["init", "-q"],
      ["add", "-A"],
      ["commit", "-qm", "init"],
    ])
      expect((await run("git", args, dir.dir, gitEnv)).code).toBe(0);
    await writeFile(path.join(dir.dir, "skills/two/SKILL.md"), SKILL("two", "", "Changed."));
    await writeFile(path.join(dir.dir, "skills/two/notes.md"), "notes\n");
    await writeFile(path.join(dir.dir, "skills/one/SKILL.md"), SKILL("one", "", "Changed, not staged."));
    expect((await run("git", ["add", "skills/two"], dir.dir)).code).toBe(0);
    const staged = (await run("git", ["diff", "--cached", "--name-only", "--diff-filter=ACMR"], dir.dir)).stdout
      .split("\n")
      .filter((f) => f && new RegExp(hooks[0]!.files).test(f));
    expect(staged).toEqual(["skills/two/SKILL.md"]);
    const [, ...entryArgs] = hooks[0]!.entry.split(" ");
    const hook = await run(process.execPath, [BIN, ...entryArgs, ...staged, "--json"], dir.dir);
    const results = (JSON.parse(hook.stdout) as { results: Array<{ name: string }> }).results;
    expect(results.map((r) => r.name)).toEqual(["two"]);
    expect(hook.code).toBe(0);
    await writeFile(path.join(dir.dir, "skills/broken/SKILL.md"), SKILL("Broken", "", "Still broken."));
    const failing = await run(process.execPath, [BIN, ...entryArgs, "skills/broken/SKILL.md"], dir.dir);
    expect(failing.code).toBe(1);
  });
});

describe("docs/ci.md", () => {
  it("its workflows pass GitHub's workflow schema and give the action only inputs it declares", () => {
    const inputs = Object.keys((parse(ACTION) as { inputs: object }).inputs);
    for (const name of ["github-annotations", "github-code-scanning"]) {
      const text = snippet(name);
      expect(validateWorkflow(text).errors, name).toEqual([]);
      const steps = (parse(text) as { jobs: { validate: { steps: Array<{ uses?: string; with?: object }> } } }).jobs
        .validate.steps;
      const ours = steps.find((s) => s.uses?.includes("/skillshelf@"))!;
      for (const key of Object.keys(ours.with ?? {})) expect(inputs, `${name}: ${key}`).toContain(key);
    }
    const scanning = parse(snippet("github-code-scanning")) as {
      jobs: { validate: { steps: Array<{ uses?: string; with?: Record<string, string> }> } };
    };
    const upload = scanning.jobs.validate.steps.find((s) => s.uses?.startsWith("github/codeql-action/upload-sarif"))!;
    const ours = scanning.jobs.validate.steps.find((s) => s.uses?.includes("/skillshelf@"))!;
    expect(upload.with!.sarif_file).toBe(ours.with!["sarif-file"]);
  });

  it("its GitLab job writes a Code Quality and a JUnit report where the artifacts say, and fails on errors", async () => {
    const job = (
      parse(snippet("gitlab-ci")) as Record<
        string,
        { script: string[]; artifacts: { reports: Record<string, string> } }
      >
    ).skills!;
    const dir = await makeTempDir("skillshelf-gitlab-");
    cleanups.push(dir.cleanup);
    await writeTree(dir.dir, { "skills/bad/SKILL.md": SKILL("Bad"), "skills/good/SKILL.md": SKILL("good") });
    const env = { PATH: `${shims}:${process.env.PATH}` };
    const result = await run("bash", ["-eo", "pipefail", "-c", job.script.join("\n")], dir.dir, env);
    expect(result.code, result.stderr).toBe(1);
    const quality = JSON.parse(
      await readFile(path.join(dir.dir, job.artifacts.reports.codequality!), "utf8"),
    ) as Array<{
      check_name: string;
    }>;
    expect(quality.map((i) => i.check_name)).toContain("skill.name.uppercase");
    const junit = await readFile(path.join(dir.dir, job.artifacts.reports.junit!), "utf8");
    expect(junit).toContain('<testsuites name="skillshelf validate" tests="2" failures="1"');
  });

  it("its pre-commit set-up names the hook this repository declares", () => {
    const config = parse(snippet("pre-commit")) as { repos: Array<{ hooks: Array<{ id: string }> }> };
    const hooks = parse(readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Array<{ id: string }>;
    expect(config.repos[0]!.hooks.map((h) => h.id)).toEqual(hooks.map((h) => h.id));
  });

  it("its plain shell step exits 1 on an error and 0 on a clean repository", async () => {
    const env = { PATH: `${shims}:${process.env.PATH}` };
    const failing = await run("sh", ["-e", "-c", snippet("shell")], repo, env);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain("skill.name.uppercase");
    const clean = await makeTempDir("skillshelf-clean-");
    cleanups.push(clean.cleanup);
    await writeTree(clean.dir, { "skills/good/SKILL.md": SKILL("good") });
    expect((await run("sh", ["-e", "-c", snippet("shell")], clean.dir, env)).code).toBe(0);
  });
});
