// skipBecause: skipped with the reason outside CI, a failure under CI; never a silent pass.
import { describe, expect, it, vi } from "vitest";
import { skipBecause, underCi } from "./skip";

function fakeContext() {
  const skip = vi.fn((note?: string): never => {
    throw new Error(`skipped: ${note}`);
  });
  return { ctx: { skip, task: { name: "a permission test" } } as unknown as Parameters<typeof skipBecause>[0], skip };
}

describe("skipBecause", () => {
  it("skips with the reason, printed, outside CI", () => {
    const { ctx, skip } = fakeContext();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(() => skipBecause(ctx, "setpriv is missing", {})).toThrow("skipped: setpriv is missing");
    expect(skip).toHaveBeenCalledWith("setpriv is missing");
    expect(warn).toHaveBeenCalledWith("[skipped] a permission test: setpriv is missing.");
    warn.mockRestore();
  });

  it("fails with the reason under CI instead of skipping", () => {
    const { ctx, skip } = fakeContext();
    expect(() => skipBecause(ctx, "setpriv is missing", { CI: "true" })).toThrow("CI must run it: setpriv is missing.");
    expect(skip).not.toHaveBeenCalled();
  });

  it("knows CI by CI=true or CI=1 only", () => {
    expect([underCi({ CI: "true" }), underCi({ CI: "1" }), underCi({ CI: "false" }), underCi({})]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
