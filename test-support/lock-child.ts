// A child process that takes one folder's update lock and is killed right after its Nth file-system call, for the
// lock's crash test: every point at which a crash can stop lockTarget is reached in turn.
// Usage: node --import tsx test-support/lock-child.ts DATA_DIR TARGET N
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const [dataDir, target, nth] = process.argv.slice(2);
if (!dataDir || !target || !nth) {
  process.stderr.write("usage: lock-child DATA_DIR TARGET N\n");
  process.exit(2);
}
let calls = 0;
const promises = fs.promises as unknown as Record<string, unknown>;
for (const name of ["mkdir", "open", "writeFile", "link", "rm", "readFile", "stat"]) {
  const original = promises[name] as (...args: unknown[]) => Promise<unknown>;
  promises[name] = async (...args: unknown[]) => {
    const result = await original(...args);
    if (++calls === Number(nth)) process.kill(process.pid, "SIGKILL");
    return result;
  };
}
syncBuiltinESMExports();
const { lockTarget } = await import("../electron/engine/transaction/journal");
await lockTarget(dataDir, target);
process.stdout.write(`locked after ${calls} calls\n`);
