// A child process that adds one skill, for the add crash test: it kills itself with SIGKILL at the named step (or runs
// to the end, so the parent can kill it at a random moment).
// Usage: node --import tsx test-support/add-child.ts SOURCE HOME DATA_DIR STEP|none [NTH]
import { addSkill } from "../electron/engine/manage/add";
import type { AddStep } from "../electron/engine/manage/journaled-place";

const [source, home, dataDir, killAt, nth = "1"] = process.argv.slice(2);
if (!source || !home || !dataDir || !killAt) {
  process.stderr.write("usage: add-child SOURCE HOME DATA_DIR STEP|none [NTH]\n");
  process.exit(2);
}
let seen = 0;
process.stdout.write("ready\n");
await addSkill(source, {
  home,
  env: {},
  cwd: home,
  dataDir,
  platform: "linux",
  clients: ["claude-code", "cursor"],
  replace: true,
  onStep: (step: AddStep) => {
    if (step === killAt && ++seen === Number(nth)) process.kill(process.pid, "SIGKILL");
  },
});
process.stdout.write("done\n");
