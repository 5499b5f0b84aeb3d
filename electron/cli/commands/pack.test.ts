// `skillshelf pack` through the built bin: exit codes 0/1/2, one JSON document with --json, the archive Desktop accepts.
import { chmod, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin, runBinUnprivileged, unprivilegedUnavailable } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { readSkillArchive } from "../../engine/skill/archive";

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-cli-pack-"));
  await writeTree(path.join(tmp, "agentkey"), {
    "SKILL.md":
      "---\nname: agentkey\ndescription: Keeps API keys out of prompts. Use when a task needs a secret.\nversion: 1.8.0\n---\n\n# AgentKey\n",
    ".DS_Store": "junk",
  });
  await writeTree(path.join(tmp, "claude-tools"), {
    "SKILL.md": "---\nname: claude-tools\ndescription: A reserved name.\n---\n\nBody.\n",
  });
});
afterAll(async () => cleanup());

describe("skillshelf pack", () => {
  it("--for claude-desktop writes NAME.skill in the working folder that passes the desktop profile (exit 0)", async () => {
    const run = await runBin(["pack", "agentkey", "--for", "claude-desktop"], { cwd: tmp });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Packed agentkey 1.8.0 into agentkey.skill (1 file).");
    expect(run.stdout).toContain("moved under `metadata:`");
    const report = await readSkillArchive(path.join(tmp, "agentkey.skill"), { profile: "claude-desktop" });
    expect(report).toMatchObject({ valid: true, version: "1.8.0", versionSource: "metadata.version" });
  });

  it("--json prints one document; an existing --out file is refused (exit 1) and kept, --force replaces it", async () => {
    const out = path.join(tmp, "out.skill");
    const first = await runBin(["pack", path.join(tmp, "agentkey"), "--out", out, "--for", "claude-desktop", "--json"]);
    expect(first.code).toBe(0);
    const doc = JSON.parse(first.stdout) as { packed: boolean; file: string; files: string[]; moved: string[] };
    expect(doc).toMatchObject({ packed: true, file: out, files: ["agentkey/SKILL.md"], moved: ["version"] });
    const bytes = await readFile(out);
    const again = await runBin(["pack", path.join(tmp, "agentkey"), "--out", out, "--json"]);
    expect(again.code).toBe(1);
    expect(
      (JSON.parse(again.stdout) as { packed: boolean; diagnostics: Array<{ code: string }> }).diagnostics.map(
        (d) => d.code,
      ),
    ).toContain("pack.out.exists");
    expect(Buffer.compare(await readFile(out), bytes)).toBe(0);
    const forced = await runBin(["pack", path.join(tmp, "agentkey"), "--out", out, "--force", "--json"]);
    expect(forced.code).toBe(0);
    expect(new TextDecoder().decode(await readFile(out))).not.toBe(new TextDecoder().decode(bytes));
  });

  it("--out into a folder that does not exist creates it; one it cannot make is one JSON refusal, no stack trace", async () => {
    const made = await runBin(["pack", "agentkey", "--out", "missing/deeper/x.skill", "--json"], { cwd: tmp });
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ packed: true, file: path.join(tmp, "missing/deeper/x.skill") });
    const blocked = await runBin(["pack", "agentkey", "--out", "agentkey/SKILL.md/x.skill", "--json"], { cwd: tmp });
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toBe("");
    const doc = JSON.parse(blocked.stdout) as { packed: boolean; diagnostics: Array<{ code: string }> };
    expect(doc.packed).toBe(false);
    expect(doc.diagnostics.map((d) => d.code)).toContain("pack.out.unwritable");
    const text = await runBin(["pack", "agentkey", "--out", "agentkey/SKILL.md/x.skill"], { cwd: tmp });
    expect(text.code).toBe(1);
    expect(text.stderr).toMatch(/^Not packed: The archive cannot be written there\.\n/);
    expect(text.stderr).not.toMatch(/\bat .*\.(m?js|ts):\d+/);
  });

  it("refuses a skill Desktop would refuse, with the diagnostics on stderr (exit 1)", async () => {
    const run = await runBin(["pack", "claude-tools", "--for", "claude-desktop"], { cwd: tmp });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Not packed: The packed skill would not pass Claude Desktop's upload rules.");
    expect(run.stderr).toContain("[desktop.name.reserved]");
    await expect(readFile(path.join(tmp, "claude-tools.skill"))).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses a folder with a part it may not read, naming it (as an unprivileged user, since root reads anything)", async (ctx) => {
    const dir = path.join(tmp, "locked", "locked-skill");
    await writeTree(dir, {
      "SKILL.md": "---\nname: locked-skill\ndescription: Has a locked folder.\n---\n\nBody.\n",
      "private/notes.md": "x",
    });
    await chmod(path.join(dir, "private"), 0o000);
    for (const p of [tmp, path.join(tmp, "locked")]) await chmod(p, 0o755);
    const unavailable = unprivilegedUnavailable();
    if (unavailable) skipBecause(ctx, `running as root and ${unavailable}`);
    const run = await runBinUnprivileged(["pack", dir, "--out", path.join(tmp, "locked", "locked.skill"), "--json"]);
    expect(run.code, run.stderr).toBe(1);
    const doc = JSON.parse(run.stdout) as { packed: boolean; diagnostics: Array<{ code: string; message: string }> };
    expect(doc.packed).toBe(false);
    expect(doc.diagnostics).toEqual([
      expect.objectContaining({
        code: "pack.unreadable",
        message: expect.stringContaining("private cannot be read (EACCES)"),
      }),
    ]);
  });

  it("exits 2 for bad usage: no DIR, an unknown --for, a DIR that is not a folder", async () => {
    expect((await runBin(["pack"], { cwd: tmp })).code).toBe(2);
    const unknown = await runBin(["pack", "agentkey", "--for", "cursor"], { cwd: tmp });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--for takes claude-desktop");
    expect((await runBin(["pack", "missing-folder"], { cwd: tmp })).code).toBe(2);
  });
});
