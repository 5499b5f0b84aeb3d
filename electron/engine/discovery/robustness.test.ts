import { execFileSync } from "node:child_process";
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ScanResult } from "../../../shared/model";
import { runBinUnprivileged, unprivilegedUnavailable } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { hashSkillFolderWithInfo } from "./hash";
import { scan } from "./scan";

const skillMd = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill.\n---\n# ${name}\n`;
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups) await c();
  cleanups = [];
});
async function home(): Promise<string> {
  const tmp = await makeTempDir();
  cleanups.push(tmp.cleanup);
  return tmp.dir;
}
const scanLinux = (h: string, extra: object = {}) => scan({ home: h, platform: "linux", env: {}, ...extra });

describe("discovery never crashes or hangs", () => {
  it("reports symlink loops in a skills folder as broken links and survives loops inside a skill", async () => {
    const h = await home();
    const skills = path.join(h, ".agents", "skills");
    await writeTree(skills, { "good/SKILL.md": skillMd("good") });
    await symlink("self-loop", path.join(skills, "self-loop"));
    await symlink("ping", path.join(skills, "pong"));
    await symlink("pong", path.join(skills, "ping"));
    await symlink("..", path.join(skills, "good", "up"));
    await symlink(".", path.join(skills, "good", "here"));
    const result = await scanLinux(h);
    expect(result.skills.map((s) => s.name)).toEqual(["good"]);
    const broken = result.diagnostics.filter((d) => d.code === "scan.link.broken");
    expect(broken.map((d) => path.basename(d.file)).sort()).toEqual(["ping", "pong", "self-loop"]);
    expect(broken.every((d) => d.message.includes("loops back on itself"))).toBe(true);
  });

  it("never reads through a link that leaves the skill folder (the hash ignores it)", async () => {
    const h = await home();
    const outside = path.join(h, "outside.txt");
    await writeFile(outside, "secret v1");
    const skill = path.join(h, ".agents", "skills", "linker");
    await writeTree(skill, { "SKILL.md": skillMd("linker") });
    await symlink(outside, path.join(skill, "secret.txt"));
    const before = await hashSkillFolderWithInfo(skill);
    await writeFile(outside, "secret v2, changed");
    const after = await hashSkillFolderWithInfo(skill);
    expect(after.hash).toBe(before.hash);
    expect(after.files).toBe(1);
  });

  it("caps a huge skills folder and says so", async () => {
    const h = await home();
    const skills = path.join(h, ".cursor", "skills");
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) files[`s-${i}/SKILL.md`] = skillMd(`s-${i}`);
    await writeTree(skills, files);
    const result = await scanLinux(h, { maxEntriesPerLocation: 50 });
    expect(result.skills).toHaveLength(50);
    expect(result.diagnostics.filter((d) => d.code === "scan.location.truncated").map((d) => d.file)).toEqual([skills]);
  });

  it("hashes a huge skill folder within its caps and marks the hash partial", async () => {
    const h = await home();
    const skill = path.join(h, "big");
    const files: Record<string, string> = { "SKILL.md": skillMd("big") };
    for (let i = 0; i < 40; i++) files[`data/part-${i}.txt`] = "x".repeat(1000);
    await writeTree(skill, files);
    const capped = await hashSkillFolderWithInfo(skill, { maxEntries: 10 });
    expect(capped.truncated).toBe(true);
    const bytes = await hashSkillFolderWithInfo(skill, { maxBytes: 5000 });
    expect(bytes.truncated).toBe(true);
    expect(bytes.bytes).toBeLessThanOrEqual(5000);
    expect((await hashSkillFolderWithInfo(skill)).truncated).toBe(false);
  });

  it("does not block on a named pipe inside a skill folder", async () => {
    const h = await home();
    const skill = path.join(h, ".agents", "skills", "piped");
    await writeTree(skill, { "SKILL.md": skillMd("piped") });
    execFileSync("mkfifo", [path.join(skill, "pipe")]);
    const result = await scanLinux(h);
    expect(result.skills.map((s) => s.name)).toEqual(["piped"]);
  });

  it("treats a corrupt manifest.json as a diagnostic and still lists the tree's skills", async () => {
    const h = await home();
    const tree = path.join(h, ".config", "Claude", "local-agent-mode-sessions", "skills-plugin", "org", "acct");
    await writeTree(tree, { "manifest.json": "{ not json", "skills/notes/SKILL.md": skillMd("notes") });
    const tree2 = path.join(h, ".config", "Claude", "local-agent-mode-sessions", "skills-plugin", "org", "other");
    await writeTree(tree2, {
      "manifest.json": JSON.stringify({ lastUpdated: 1, skills: "nope" }),
      "skills/todo/SKILL.md": skillMd("todo"),
    });
    const tree3 = path.join(h, ".config", "Claude", "local-agent-mode-sessions", "skills-plugin", "org", "third");
    await writeTree(tree3, { "skills/plan/SKILL.md": skillMd("plan") });
    const result = await scanLinux(h);
    expect(result.skills.map((s) => [s.name, s.desktop?.skillId, s.desktop?.accountTree]).sort()).toEqual([
      ["notes", null, "org/acct"],
      ["plan", null, "org/third"],
      ["todo", null, "org/other"],
    ]);
    const codes = result.diagnostics.map((d) => `${d.code} ${path.relative(h, d.file)}`);
    expect(codes).toEqual(
      expect.arrayContaining([
        `desktop.manifest.corrupt ${path.join(path.relative(h, tree), "manifest.json")}`,
        `desktop.manifest.corrupt ${path.join(path.relative(h, tree2), "manifest.json")}`,
        `desktop.manifest.missing ${path.join(path.relative(h, tree3), "manifest.json")}`,
      ]),
    );
  });

  it("reports a location it cannot list (a file where a folder should be)", async () => {
    const h = await home();
    await mkdir(path.join(h, ".cursor"), { recursive: true });
    await writeFile(path.join(h, ".cursor", "skills"), "not a folder");
    const desktopRoot = path.join(h, ".config", "Claude", "local-agent-mode-sessions", "skills-plugin");
    await mkdir(path.dirname(desktopRoot), { recursive: true });
    await writeFile(desktopRoot, "not a folder either");
    const result = await scanLinux(h);
    expect(result.diagnostics.filter((d) => d.code === "scan.location.unreadable").map((d) => d.file)).toEqual([
      desktopRoot,
      path.join(h, ".cursor", "skills"),
    ]);
  });

  it("reports a folder without read permission (as an unprivileged user, since root reads anything)", async (ctx) => {
    const h = await home();
    const skills = path.join(h, ".gemini", "skills");
    await writeTree(skills, { "locked/SKILL.md": skillMd("locked") });
    await chmod(skills, 0o000);
    cleanups.unshift(() => chmod(skills, 0o755));
    const unavailable = unprivilegedUnavailable();
    if (unavailable) skipBecause(ctx, `running as root and ${unavailable}`);
    await chmod(h, 0o755);
    const result = isRoot
      ? (JSON.parse(
          (await runBinUnprivileged(["scan", "--home", h, "--platform", "linux", "--json"])).stdout,
        ) as ScanResult)
      : await scanLinux(h);
    expect(result.skills.filter((s) => s.dir.startsWith(h))).toEqual([]);
    expect(
      result.diagnostics.some(
        (d) => d.code === "scan.location.unreadable" && d.file === skills && d.message.includes("permission"),
      ),
    ).toBe(true);
  });

  it("reports a corrupt installed_plugins.json and a missing install path", async () => {
    const h = await home();
    await writeTree(h, { ".claude/plugins/installed_plugins.json": "[1,2" });
    expect((await scanLinux(h)).diagnostics.map((d) => d.code)).toContain("scan.plugins.corrupt");
    await writeTree(h, {
      ".claude/plugins/installed_plugins.json": JSON.stringify({
        version: 2,
        plugins: { "x@m": [{ scope: "user", installPath: path.join(h, "nowhere"), version: "1.0.0" }] },
      }),
    });
    const result = await scanLinux(h);
    expect(result.diagnostics.map((d) => d.code)).toContain("scan.plugin.missing");
    expect(result.plugins).toEqual([]);
  });

  it("reports a corrupt lock file and keeps scanning", async () => {
    const h = await home();
    await writeTree(h, {
      ".agents/.skill-lock.json": '{"version": 3, "skills": [] }',
      ".agents/skills/one/SKILL.md": skillMd("one"),
    });
    const result = await scanLinux(h);
    expect(result.diagnostics.map((d) => d.code)).toContain("scan.lock.corrupt");
    expect(result.skills.map((s) => [s.name, s.lock])).toEqual([["one", undefined]]);
  });

  it("reports progress from start to finish", async () => {
    const h = await home();
    await writeTree(h, {
      ".agents/skills/one/SKILL.md": skillMd("one"),
      ".agents/skills/two/SKILL.md": skillMd("two"),
    });
    const values: number[] = [];
    await scanLinux(h, { onProgress: (p: { value: number }) => values.push(p.value) });
    expect(values[0]).toBe(-1);
    expect(values.at(-1)).toBe(1);
  });
});
