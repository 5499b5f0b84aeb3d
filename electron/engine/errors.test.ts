// The one code→cause map: every code stands for a cause, and a cause the thrower names is kept.
import { describe, expect, it } from "vitest";
import { FAILURE_CAUSES } from "../../shared/model";
import { causeOfCode, ENGINE_ERROR_CODES, EngineError } from "./errors";
import { problemOf } from "./lifecycle/problems";

describe("EngineError", () => {
  it("gives every code a cause from the one map", () => {
    expect(ENGINE_ERROR_CODES.length).toBeGreaterThan(40);
    for (const code of ENGINE_ERROR_CODES) {
      expect(FAILURE_CAUSES, code).toContain(causeOfCode(code));
      expect(new EngineError(code, "Refused.").failure, code).toBe(causeOfCode(code));
    }
  });

  it("keeps the cause the thrower names", () => {
    const error = new EngineError("install.download.failed", "The download failed.", "offline", "ENOTFOUND");
    expect([error.code, error.failure, error.detail, error.message]).toEqual([
      "install.download.failed",
      "offline",
      "ENOTFOUND",
      "The download failed.",
    ]);
  });

  it("gives an update problem the same cause as the map", () => {
    for (const code of ["manage.not-installed", "install.busy", "pack.refused", "settings.refused"] as const)
      expect(problemOf(new EngineError(code, "Refused.")).cause, code).toBe(causeOfCode(code));
  });
});
