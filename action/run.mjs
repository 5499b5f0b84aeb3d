// The script of the composite action (action.yml): runs `skillshelf validate` on the paths given, prints annotations or
// writes SARIF, sets the counts as step outputs and fails the step as `fail-on` asks. Plain Node, no dependencies.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const env = process.env;
const actionPath = env.SKILLSHELF_ACTION_PATH || path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const FORMATS = ["annotations", "sarif"];
const FAIL_ON = ["error", "warning", "never"];

/** Stops the step with a workflow error annotation (exit 2: bad usage, as the CLI's own). */
function usage(message) {
  process.stdout.write(`::error title=skillshelf::${message}\n`);
  process.exit(2);
}

/** The CLI to run: the action folder's own build (a checkout that was built), else the published package at `version`. */
function cliCommand() {
  if (env.SKILLSHELF_CLI) return [process.execPath, env.SKILLSHELF_CLI];
  const local = path.join(actionPath, "bin", "skillshelf.js");
  if (existsSync(path.join(actionPath, "dist", "cli", "skillshelf.mjs"))) return [process.execPath, local];
  const pkg = JSON.parse(readFileSync(path.join(actionPath, "package.json"), "utf8"));
  const prefix = path.join(env.RUNNER_TEMP || actionPath, "skillshelf-cli");
  const spec = `skillshelf@${env.SKILLSHELF_VERSION || pkg.version}`;
  const install = spawnSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, spec], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (install.status !== 0) usage(`could not install ${spec}`);
  return [process.execPath, path.join(prefix, "node_modules", "skillshelf", "bin", "skillshelf.js")];
}

/** Runs `skillshelf validate` with the given extra flags; stdout is returned, stderr passed through. */
function validate(cli, paths, flags) {
  const result = spawnSync(cli[0], [...cli.slice(1), "validate", ...paths, "--profile", profile, ...flags], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status === 2 || result.status === null) process.exit(2);
  return result.stdout;
}

/** Sets a step output (GITHUB_OUTPUT), printed too when run outside Actions. */
function output(name, value) {
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `${name}=${value}\n`);
  else process.stdout.write(`${name}=${value}\n`);
}

const paths = (env.SKILLSHELF_PATHS ?? ".")
  .split(/\r?\n/)
  .map((p) => p.trim())
  .filter(Boolean);
const profile = env.SKILLSHELF_PROFILE || "agent-skills";
const format = env.SKILLSHELF_FORMAT || "annotations";
const failOn = env.SKILLSHELF_FAIL_ON || "error";
if (paths.length === 0) usage("paths is empty: give at least one path, one per line.");
if (!FORMATS.includes(format)) usage(`format must be ${FORMATS.join(" or ")}, not "${format}".`);
if (!FAIL_ON.includes(failOn)) usage(`fail-on must be ${FAIL_ON.join(", ")}, not "${failOn}".`);

const cli = cliCommand();
const { results } = JSON.parse(validate(cli, paths, ["--format", "json"]));
const diagnostics = results.flatMap((r) => r.diagnostics);
const count = (severity) => diagnostics.filter((d) => d.severity === severity).length;
const counts = {
  checked: results.length,
  invalid: results.filter((r) => !r.valid).length,
  errors: count("error"),
  warnings: count("warning"),
  notes: count("info"),
};

let sarifFile = "";
if (format === "sarif") {
  sarifFile = env.SKILLSHELF_SARIF_FILE || "skillshelf.sarif";
  writeFileSync(sarifFile, validate(cli, paths, ["--format", "sarif"]));
} else process.stdout.write(validate(cli, paths, ["--format", "github"]));

for (const [name, value] of Object.entries(counts)) output(name, value);
output("sarif-file", sarifFile);
const summary = `skillshelf: ${counts.checked} checked, ${counts.invalid} invalid; ${counts.errors} errors, ${counts.warnings} warnings, ${counts.notes} notes.`;
process.stdout.write(`${summary}\n`);
if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${summary}\n`);
const failed =
  failOn === "error" ? counts.errors > 0 : failOn === "warning" ? counts.errors + counts.warnings > 0 : false;
process.exit(failed ? 1 : 0);
