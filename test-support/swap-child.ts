// A child process that performs one folder update, for the crash-consistency test: it kills itself with SIGKILL at
// the named step (or runs to the end, so the parent can kill it at a random moment).
// Usage: node --import tsx test-support/swap-child.ts TARGET NEW_DIR DATA_DIR STEP|none [KEEP...]
import { applyFolderUpdate, type SwapStep } from "../electron/engine/transaction/swap";

const [target, newDir, dataDir, killAt, ...keep] = process.argv.slice(2);
if (!target || !newDir || !dataDir || !killAt) {
  process.stderr.write("usage: swap-child TARGET NEW_DIR DATA_DIR STEP|none [KEEP...]\n");
  process.exit(2);
}
process.stdout.write("ready\n");
await applyFolderUpdate(target, newDir, {
  dataDir,
  keep,
  onStep: (step: SwapStep) => {
    if (step === killAt) process.kill(process.pid, "SIGKILL");
  },
});
process.stdout.write("done\n");
