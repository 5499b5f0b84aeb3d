// The bin's side of validate's kept run: a build from sources keeps nothing, and output past a kept run's size is not
// kept in part.
import { describe, expect, it } from "vitest";
import { MAX_RUN_BYTES } from "../engine/validate-cache/run-index";
import { KeptOutput, planValidateRun } from "./validate-run";

describe("validate's kept run, from the bin's entry", () => {
  it("is never planned by code run from sources, which has no build hash to key on", () => {
    expect(planValidateRun(["."], { env: {}, cwd: process.cwd(), stdoutIsTerminal: false })).toBeNull();
  });

  it("keeps output only while it fits a kept run", () => {
    const output = new KeptOutput();
    output.add(Buffer.from("text\n"));
    output.add(new Uint8Array(3));
    expect(output.whole).toBe(true);
    expect(Buffer.concat(output.parts)).toEqual(Buffer.from("text\n\0\0\0"));
    output.add(Buffer.alloc(MAX_RUN_BYTES));
    expect(output.whole).toBe(false);
    expect(output.parts).toEqual([]);
  });
});
