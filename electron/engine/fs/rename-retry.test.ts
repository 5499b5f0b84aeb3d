// renameWithRetry with injected faults: a folder held open for a moment on Windows is renamed after a bounded backoff,
// one held for good fails with a sentence saying what held it, and the swap built on it keeps the folder intact.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";
import { EngineError } from "../errors";
import { applyFolderUpdate } from "../transaction/swap";
import { RENAME_RETRY_DELAYS_MS, renameRetry, renameWithRetry } from "./rename-retry";

let tmp: { dir: string; cleanup: () => Promise<void> };
let slept: number[];
const saved = { ...renameRetry };
beforeEach(async () => {
  tmp = await makeTempDir();
  slept = [];
  renameRetry.sleep = async (ms) => void slept.push(ms);
});
afterEach(async () => {
  Object.assign(renameRetry, saved);
  await tmp.cleanup();
});

/** A fault that fails the first `times` renames of `from` with `code`, as a program holding the folder does. */
function heldFor(times: number, code: string, from?: string) {
  let left = times;
  return (source: string) => {
    if ((from === undefined || source === from) && left-- > 0)
      throw Object.assign(new Error(`${code}: resource busy or locked`), { code });
  };
}

const skillMd = (text: string) => `---\nname: demo\ndescription: The demo skill.\n---\n\n# ${text}\n`;

describe("renameWithRetry", () => {
  it("on Windows, retries EBUSY, EPERM and EACCES with a growing delay, then renames", async () => {
    renameRetry.platform = "win32";
    for (const code of ["EBUSY", "EPERM", "EACCES"]) {
      await writeTree(path.join(tmp.dir, code, "a"), { "f.txt": code });
      renameRetry.fault = heldFor(3, code);
      slept = [];
      await renameWithRetry(path.join(tmp.dir, code, "a"), path.join(tmp.dir, code, "b"));
      expect(await readFile(path.join(tmp.dir, code, "b", "f.txt"), "utf8")).toBe(code);
      expect(slept).toEqual(RENAME_RETRY_DELAYS_MS.slice(0, 3));
    }
  });

  it("gives up after a bounded number of tries, saying another program holds the folder", async () => {
    renameRetry.platform = "win32";
    renameRetry.fault = heldFor(1000, "EBUSY");
    await writeTree(path.join(tmp.dir, "a"), { "f.txt": "x" });
    const error = (await renameWithRetry(path.join(tmp.dir, "a"), path.join(tmp.dir, "b")).catch((e) => e)) as Error;
    expect(error.message).toMatch(/stayed in use by another program .*antivirus.*failed with EBUSY 9 times/);
    expect(slept).toEqual(RENAME_RETRY_DELAYS_MS);
  });

  it("elsewhere, and for other errors, fails at once (a real permission error is not waited on)", async () => {
    renameRetry.platform = "linux";
    renameRetry.fault = heldFor(1, "EACCES");
    const error = (await renameWithRetry(path.join(tmp.dir, "a"), path.join(tmp.dir, "b")).catch((e) => e)) as Error;
    expect((error as NodeJS.ErrnoException).code).toBe("EACCES");
    renameRetry.platform = "win32";
    renameRetry.fault = null;
    const missing = (await renameWithRetry(path.join(tmp.dir, "nope"), path.join(tmp.dir, "b")).catch(
      (e) => e,
    )) as Error;
    expect((missing as NodeJS.ErrnoException).code).toBe("ENOENT");
    expect(slept).toEqual([]);
  });
});

describe("the swap's renames", () => {
  const setUp = async () => {
    const target = path.join(tmp.dir, "skills", "demo");
    const next = path.join(tmp.dir, "release", "demo");
    await writeTree(target, { "SKILL.md": skillMd("Old") });
    await writeTree(next, { "SKILL.md": skillMd("New") });
    return { target, next, dataDir: path.join(tmp.dir, "data") };
  };

  it("an update goes through while an indexer holds the folder for a moment", async () => {
    const { target, next, dataDir } = await setUp();
    renameRetry.platform = "win32";
    renameRetry.fault = heldFor(2, "EPERM", target);
    await applyFolderUpdate(target, next, { dataDir });
    expect(await readFile(path.join(target, "SKILL.md"), "utf8")).toContain("# New");
    expect(slept).toEqual(RENAME_RETRY_DELAYS_MS.slice(0, 2));
  });

  it("an update against a folder held for good fails plainly and leaves the folder as it was", async () => {
    const { target, next, dataDir } = await setUp();
    const before = await fingerprintTree(target);
    renameRetry.platform = "win32";
    renameRetry.fault = heldFor(1000, "EBUSY", target);
    const error = await applyFolderUpdate(target, next, { dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe("install.swap.failed");
    expect((error as EngineError).message).toMatch(/in use by another program/);
    renameRetry.fault = null;
    expect(await fingerprintTree(target)).toEqual(before);
  });
});
