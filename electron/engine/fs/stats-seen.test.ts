// A stat the search for targets took is handed to the validation cache's check of the same path once, then taken afresh.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { StatsSeen } from "./stats-seen";

let tmp: Awaited<ReturnType<typeof makeTempDir>>;
beforeEach(async () => {
  tmp = await makeTempDir();
});
afterEach(() => tmp.cleanup());

describe("StatsSeen", () => {
  it("keeps a stat (nanosecond times) for one take of the same path and the same kind of stat", async () => {
    const file = path.join(tmp.dir, "SKILL.md");
    await writeFile(file, "x");
    const seen = new StatsSeen();
    const info = seen.stat(file, false);
    expect(typeof info?.mtimeNs).toBe("bigint");
    expect(seen.take(file, true)).toBeUndefined();
    const { dev, ino, size, mtimeNs, ctimeNs } = info!;
    expect(seen.take(file, false)).toEqual({ dev, ino, size, mtimeNs, ctimeNs });
    expect(seen.take(file, false)).toBeUndefined();
    expect(seen.stat(path.join(tmp.dir, "absent"), true)).toBeUndefined();
    expect(seen.take(path.join(tmp.dir, "absent"), true)).toBeUndefined();
  });
});
