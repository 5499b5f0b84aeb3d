// CI (and anyone who wants the oracle test to run): installs Claude Code's validator into the oracle cache outside the
// repository, once; the interop test installs it on demand too, so this only moves the download before the tests.
import { ensureClaudeCode } from "../test-support/claude-code-oracle";

const result = ensureClaudeCode();
if (!result.ok) {
  console.error(
    `Claude Code's validator (the oracle of claude-code-oracle.test.ts) is not available: ${result.reason}.`,
  );
  process.exit(1);
}
console.log(`Claude Code's validator: ${result.bin}`);
