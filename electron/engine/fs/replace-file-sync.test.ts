// The cache's quick writer: the file is whole or absent for its readers, written with the mode asked for, and a link
// at its name or at a temp name is never followed.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { mkdir, readlink, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { replaceFileSync } from "./replace-file-sync";

let tmp: Awaited<ReturnType<typeof makeTempDir>>;

describe("replaceFileSync", () => {
  beforeEach(async () => {
    tmp = await makeTempDir();
  });
  afterEach(() => tmp.cleanup());

  it("writes every part in order, past one writev's worth of parts, and replaces the file that was there", async () => {
    const file = path.join(tmp.dir, "run");
    await writeFile(file, "old");
    const parts = Array.from({ length: 3000 }, (_, i) => Buffer.from(`${i},`));
    replaceFileSync(file, [...parts, new Uint8Array(0)], 0o600);
    expect(readFileSync(file, "utf8")).toBe(parts.join(""));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(tmp.dir)).toEqual(["run"]);
  });

  it("replaces a link at the file's name, leaving what it pointed to alone", async () => {
    const target = path.join(tmp.dir, "elsewhere");
    await writeFile(target, "theirs");
    const file = path.join(tmp.dir, "run");
    await symlink(target, file);
    replaceFileSync(file, [Buffer.from("ours")], 0o600);
    expect(readFileSync(target, "utf8")).toBe("theirs");
    expect(readFileSync(file, "utf8")).toBe("ours");
    await expect(readlink(file)).rejects.toThrow();
  });

  it("leaves no temp file when the file cannot be put in place, and says why", async () => {
    const file = path.join(tmp.dir, "run");
    await mkdir(path.join(file, "inside"), { recursive: true });
    expect(() => replaceFileSync(file, [Buffer.from("x")], 0o600)).toThrow(/EISDIR|EPERM|ENOTEMPTY/);
    expect(readdirSync(tmp.dir)).toEqual(["run"]);
    expect(existsSync(path.join(file, "inside"))).toBe(true);
  });
});
