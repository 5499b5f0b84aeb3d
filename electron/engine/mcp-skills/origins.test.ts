// The remote-origins record in a real temp data folder: written and read back, and refused when someone else could
// have planted it (writable by others), since updates would fetch from the server it names.
import { chmod, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { forgetPreviousOrigin, readOrigins, recordOrigin, restorePreviousOrigin } from "./origins";

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await makeTempDir("origins-");
});
afterEach(async () => {
  await tmp.cleanup();
});

const digest = `sha256:${"a".repeat(64)}`;
const mcp = {
  kind: "mcp" as const,
  server: "http://127.0.0.1:1/mcp",
  uri: "skill://notes/SKILL.md",
  resources: [{ uri: "skill://notes/SKILL.md", digest, size: 3 }],
};

describe("remote origins", () => {
  it("records one origin per installed folder and reads it back", async () => {
    const dir = path.join(tmp.dir, "home", ".agents", "skills", "notes");
    await recordOrigin(tmp.dir, dir, mcp);
    await recordOrigin(tmp.dir, dir, { ...mcp, resources: [{ ...mcp.resources[0]!, size: 4 }] });
    const read = await readOrigins(tmp.dir);
    expect([...read.keys()]).toEqual([dir]);
    expect(read.get(dir)).toMatchObject({ kind: "mcp", uri: mcp.uri, resources: [{ size: 4 }] });
  });

  it("keeps the origin an update replaced for Undo, once, and forgets it after an update from elsewhere", async () => {
    const dir = path.join(tmp.dir, "home", ".agents", "skills", "notes");
    const newer = { ...mcp, resources: [{ ...mcp.resources[0]!, digest: `sha256:${"b".repeat(64)}` }] };
    await recordOrigin(tmp.dir, dir, mcp);
    await recordOrigin(tmp.dir, dir, newer, mcp);
    expect((await readOrigins(tmp.dir)).get(dir)).toMatchObject({ resources: newer.resources, previous: mcp });
    expect(await restorePreviousOrigin(tmp.dir, dir)).toBe(true);
    expect((await readOrigins(tmp.dir)).get(dir)).toMatchObject({ resources: mcp.resources });
    expect((await readOrigins(tmp.dir)).get(dir)?.previous).toBeUndefined();
    expect(await restorePreviousOrigin(tmp.dir, dir)).toBe(false);

    await recordOrigin(tmp.dir, dir, newer, mcp);
    expect(await forgetPreviousOrigin(tmp.dir, dir)).toBe(true);
    expect(await restorePreviousOrigin(tmp.dir, dir)).toBe(false);
    expect((await readOrigins(tmp.dir)).get(dir)).toMatchObject({ resources: newer.resources });
  });

  it.skipIf(process.platform === "win32")("refuses a record other users may write", async () => {
    const file = path.join(tmp.dir, "remote-origins.json");
    await writeFile(file, JSON.stringify({ version: 1, skills: { "/x/notes": { ...mcp, recordedAt: "now" } } }));
    await chmod(file, 0o666);
    await expect(readOrigins(tmp.dir)).rejects.toMatchObject({ code: "install.data.untrusted" });
  });
});
