// A skill folder in a folder the user may not write: the update is refused with the reason and nothing changes
// (run as an unprivileged user, since root writes anywhere).
import { chmod, chown, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinUnprivileged, unprivilegedUnavailable } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { fingerprintTree } from "../../../test-support/tree-fingerprint";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: root, cleanup } = await makeTempDir("skillshelf-update-perm-")));
afterAll(async () => {
  await chmod(path.join(root, "home", ".claude", "skills"), 0o755).catch(() => undefined);
  await cleanup();
});

const skillMd = (version: string) =>
  `---\nname: report\ndescription: The report skill.\nmetadata:\n  version: "${version}"\n---\n\n# report\n`;

describe("update in a folder the user may not write", () => {
  it("is refused with the reason, the skill unchanged", async (ctx) => {
    const unavailable = unprivilegedUnavailable();
    if (unavailable) skipBecause(ctx, `running as root and ${unavailable}`);
    const skills = path.join(root, "home", ".claude", "skills");
    await writeTree(path.join(skills, "report"), { "SKILL.md": skillMd("1.0.0") });
    await writeTree(path.join(root, "v2", "report"), { "SKILL.md": skillMd("2.0.0") });
    const data = path.join(root, "data");
    await mkdir(data);
    for (const dir of [
      root,
      path.join(root, "home"),
      path.join(root, "home", ".claude"),
      path.join(root, "v2"),
      path.join(root, "v2", "report"),
    ])
      await chmod(dir, 0o755);
    // The data folder must belong to the user running Skillshelf (here the unprivileged one) and be private.
    if (process.getuid?.() === 0) await chown(data, 65534, 65534);
    await chmod(data, 0o700);
    await chmod(skills, 0o555);
    const before = JSON.stringify([...(await fingerprintTree(path.join(skills, "report")))]);
    const run = await runBinUnprivileged(
      [
        "update",
        "report",
        "--from",
        path.join(root, "v2", "report"),
        "--yes",
        "--home",
        path.join(root, "home"),
        "--platform",
        "linux",
      ],
      {
        env: {
          SKILLSHELF_DATA_DIR: data,
          SKILLSHELF_CACHE_DIR: path.join(data, "cache"),
          SKILLSHELF_CONFIG_DIR: path.join(data, "config"),
        },
      },
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/may not write in .*skills \(permission denied\); the folder was left as it was/);
    expect(JSON.stringify([...(await fingerprintTree(path.join(skills, "report")))])).toBe(before);
    expect(await readdir(skills)).toEqual(["report"]);
  });
});
