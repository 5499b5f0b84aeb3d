// Honest skips: a test that cannot run on this machine says why and is reported skipped, never passed; under CI the
// machine is expected to provide what the test needs, so the same condition fails the test there instead.
import type { TestContext } from "vitest";

/** True when the tests run under CI (`CI=true` or `CI=1`), where every test must really run. */
export function underCi(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.CI === "true" || env.CI === "1";
}

/** Skips the running test with the reason printed and recorded; under CI it throws the reason instead. */
export function skipBecause(
  ctx: Pick<TestContext, "skip" | "task">,
  reason: string,
  env: NodeJS.ProcessEnv = process.env,
): never {
  if (underCi(env)) throw new Error(`This test cannot run here, and CI must run it: ${reason}.`);
  console.warn(`[skipped] ${ctx.task.name}: ${reason}.`);
  return ctx.skip(reason);
}
