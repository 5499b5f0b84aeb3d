// The command's output when its reader leaves (`| head`) or its file cannot take it (a full disk): the built bin in a
// child process with a real closed pipe or /dev/full, and guardOutput over Node's own streams.
import { spawn } from "node:child_process";
import { closeSync, existsSync, openSync } from "node:fs";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { BIN } from "../../test-support/cli";
import { skipBecause } from "../../test-support/skip";
import { exitCodeWithOutput, guardOutput } from "./process-output";

const VALID_SKILL = fileURLToPath(new URL("../engine/discovery/fixtures/skills/team-report", import.meta.url));

/** Runs the bin with stdout going to `stdout` ("closed": a pipe whose reader has gone before the bin writes). */
function runWithStdout(args: string[], stdout: "closed" | number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      stdio: ["ignore", stdout === "closed" ? "pipe" : stdout, "pipe"],
    });
    // Our end of the pipe closes at once: the bin's first write meets EPIPE, as under `skillshelf … | head -0`.
    if (stdout === "closed") child.stdout!.destroy();
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** A Node writable stream whose every write fails with `code`. */
const failingStream = (code: string) =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback(Object.assign(new Error(`write ${code}`), { code }));
    },
  });

describe("the bin's output", () => {
  it("ends quietly with the command's own exit code when its reader has gone (EPIPE)", async () => {
    const help = await runWithStdout(["--help"], "closed");
    expect(help.stderr).toBe("");
    expect(help.code).toBe(0);
    // A result printed as bytes (validate --json): still its own code, 0 for a valid skill.
    const json = await runWithStdout(["validate", "--json", "--no-cache", VALID_SKILL], "closed");
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
  });

  it("says the output is incomplete and fails when the output file cannot take it (ENOSPC)", async (ctx) => {
    if (!existsSync("/dev/full")) skipBecause(ctx, "there is no /dev/full on this system to fill");
    const full = openSync("/dev/full", "w");
    try {
      const run = await runWithStdout(["--help"], full);
      expect(run.stderr).toBe("skillshelf: the output could not be written (ENOSPC); it is incomplete.\n");
      expect(run.code).toBe(1);
    } finally {
      closeSync(full);
    }
  });
});

describe("guardOutput", () => {
  it("drops writes after EPIPE without keeping a failure", async () => {
    const out = guardOutput(failingStream("EPIPE"));
    out.write("first");
    await out.settled();
    out.write("second");
    out.write(new Uint8Array([1]));
    expect(out.failure).toBeNull();
    expect(exitCodeWithOutput(0, out, guardOutput(new Writable({ write: (_c, _e, cb) => cb() })))).toBe(0);
  });

  it("keeps any other write error and turns success into a failed operation", async () => {
    const out = guardOutput(failingStream("EIO"));
    out.write("first");
    await out.settled();
    expect(out.failure?.code).toBe("EIO");
    const said: string[] = [];
    const err = guardOutput(new Writable({ write: (chunk, _e, cb) => (said.push(String(chunk)), cb()) }));
    expect(exitCodeWithOutput(0, out, err)).toBe(1);
    expect(exitCodeWithOutput(2, out, err)).toBe(2);
    await err.settled();
    expect(said.join("")).toContain("could not be written (EIO)");
  });
});
