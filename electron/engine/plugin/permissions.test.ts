// A plugin.json the user may not read, checked as an unprivileged user (root reads files whatever their mode).
import { chmod } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBinUnprivileged, unprivilegedUnavailable } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";

let root: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: root, cleanup } = await makeTempDir("skillshelf-plugin-perm-")));
afterAll(async () => cleanup());

describe("an unreadable plugin.json", () => {
  it("is a fatal manifest diagnostic that says why, and the plugin does not load", async (ctx) => {
    const plugin = path.join(root, "locked-plugin");
    await writeTree(plugin, {
      "plugin.json": JSON.stringify({
        $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
        name: "locked-plugin",
      }),
      "skills/ok/SKILL.md": "---\nname: ok\ndescription: A skill.\n---\nBody.\n",
    });
    await chmod(path.join(plugin, "plugin.json"), 0o000);
    await chmod(root, 0o755);
    const unavailable = unprivilegedUnavailable();
    if (unavailable) skipBecause(ctx, `running as root and ${unavailable}`);
    const run = await runBinUnprivileged(["validate", plugin, "--json"]);
    expect(run.code, run.stderr).toBe(1);
    const [result] = JSON.parse(run.stdout).results as Array<{
      kind: string;
      valid: boolean;
      loads: boolean;
      diagnostics: Array<{ code: string; message: string }>;
    }>;
    expect(result?.kind).toBe("plugin");
    expect(result?.loads).toBe(false);
    expect(result?.diagnostics.find((d) => d.code === "plugin.manifest.json")?.message).toMatch(/permission/);
  });
});
