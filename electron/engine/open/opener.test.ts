import { chmod, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { openAsText, revealPath, spawnProgram, type Spawner } from "./opener";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A spawner that records each argv and answers xdg-mime like a desktop with a text editor set up. */
function recordingSpawner(answers: Record<string, { code: number | null; stdout?: string } | "missing"> = {}) {
  const calls: string[][] = [];
  const spawn: Spawner = async (command, args) => {
    calls.push([command, ...args]);
    const answer = answers[path.basename(command)] ?? { code: 0 };
    if (answer === "missing") throw Object.assign(new Error(`spawn ${command} ENOENT`), { code: "ENOENT" });
    return { code: answer.code, stdout: answer.stdout ?? "" };
  };
  return { calls, spawn };
}

describe("openAsText", () => {
  it("uses open -t on macOS and Notepad by its full path on Windows", async () => {
    const mac = recordingSpawner();
    await openAsText("/Users/ann/skills/pdf/SKILL.md", { platform: "darwin", env: {}, spawn: mac.spawn });
    expect(mac.calls).toEqual([["open", "-t", "/Users/ann/skills/pdf/SKILL.md"]]);
    const win = recordingSpawner();
    await openAsText("C:\\skills\\pdf\\SKILL.md", {
      platform: "win32",
      env: { SystemRoot: "C:\\Windows" },
      spawn: win.spawn,
    });
    expect(win.calls).toEqual([["C:\\Windows\\System32\\notepad.exe", "C:\\skills\\pdf\\SKILL.md"]]);
  });

  it("on Linux asks xdg-mime for the text/plain handler and starts it with gtk-launch", async () => {
    const linux = recordingSpawner({ "xdg-mime": { code: 0, stdout: "org.gnome.TextEditor.desktop\n" } });
    await openAsText("/home/ann/skills/pdf/SKILL.md", {
      platform: "linux",
      env: { HOME: "/nonexistent", XDG_DATA_DIRS: "/nonexistent" },
      spawn: linux.spawn,
    });
    expect(linux.calls).toEqual([
      ["xdg-mime", "query", "default", "text/plain"],
      ["gtk-launch", "org.gnome.TextEditor.desktop", "/home/ann/skills/pdf/SKILL.md"],
    ]);
  });

  it("falls back to gio launch of the handler's desktop file, and reports when nothing can open text", async () => {
    const tmp = await makeTempDir();
    cleanups.push(tmp.cleanup);
    await writeTree(tmp.dir, { "share/applications/editor.desktop": "[Desktop Entry]\nExec=editor %f\n" });
    const env = { HOME: "/nonexistent", XDG_DATA_DIRS: path.join(tmp.dir, "share") };
    const fallback = recordingSpawner({ "xdg-mime": { code: 0, stdout: "editor.desktop\n" }, "gtk-launch": "missing" });
    await openAsText("/s/a.md", { platform: "linux", env, spawn: fallback.spawn });
    expect(fallback.calls.at(-1)).toEqual([
      "gio",
      "launch",
      path.join(tmp.dir, "share/applications/editor.desktop"),
      "/s/a.md",
    ]);
    const none = recordingSpawner({ "xdg-mime": { code: 0, stdout: "\n" } });
    await expect(openAsText("/s/a.md", { platform: "linux", env, spawn: none.spawn })).rejects.toThrow(
      /No text editor is set up/,
    );
    expect(none.calls).toEqual([["xdg-mime", "query", "default", "text/plain"]]);
    const odd = recordingSpawner({ "xdg-mime": { code: 0, stdout: "../../evil\n" } });
    await expect(openAsText("/s/a.md", { platform: "linux", env, spawn: odd.spawn })).rejects.toMatchObject({
      name: "OpenerError",
    });
    const failing = recordingSpawner({
      "xdg-mime": { code: 0, stdout: "editor.desktop\n" },
      "gtk-launch": { code: 1 },
      gio: { code: 2 },
    });
    await expect(openAsText("/s/a.md", { platform: "linux", env, spawn: failing.spawn })).rejects.toThrow(
      /could not be started/,
    );
  });

  it.skipIf(process.platform === "win32")(
    "starts real programs found on PATH, with the exact arguments and no shell",
    async () => {
      const tmp = await makeTempDir();
      cleanups.push(tmp.cleanup);
      const log = path.join(tmp.dir, "argv.log");
      const record = (answer: string) => `#!/bin/sh\nprintf '%s\\n' "\${0##*/}" "$@" >> '${log}'\n${answer}\n`;
      await writeTree(tmp.dir, {
        "bin/xdg-mime": record("echo texteditor.desktop"),
        "bin/gtk-launch": record("exit 0"),
        "skill/it's $(id).md": "x",
      });
      await chmod(path.join(tmp.dir, "bin/xdg-mime"), 0o755);
      await chmod(path.join(tmp.dir, "bin/gtk-launch"), 0o755);
      const file = path.join(tmp.dir, "skill/it's $(id).md");
      await openAsText(file, {
        platform: "linux",
        env: { PATH: path.join(tmp.dir, "bin"), HOME: tmp.dir, XDG_DATA_DIRS: tmp.dir },
        spawn: spawnProgram,
      });
      expect((await readFile(log, "utf8")).split("\n")).toEqual([
        "xdg-mime",
        "query",
        "default",
        "text/plain",
        "gtk-launch",
        "texteditor.desktop",
        file,
        "",
      ]);
    },
  );
});

describe("revealPath", () => {
  it("shows a file's folder on Linux, selects it on macOS and Windows, and reports a missing file manager", async () => {
    const tmp = await makeTempDir();
    cleanups.push(tmp.cleanup);
    await writeTree(tmp.dir, { "s/run.sh": "x" });
    const file = path.join(tmp.dir, "s/run.sh");
    const linux = recordingSpawner();
    await revealPath(file, { platform: "linux", env: {}, spawn: linux.spawn });
    await revealPath(path.join(tmp.dir, "s"), { platform: "linux", env: {}, spawn: linux.spawn });
    expect(linux.calls).toEqual([
      ["xdg-open", path.join(tmp.dir, "s")],
      ["xdg-open", path.join(tmp.dir, "s")],
    ]);
    const mac = recordingSpawner();
    await revealPath(file, { platform: "darwin", env: {}, spawn: mac.spawn });
    expect(mac.calls).toEqual([["open", "-R", file]]);
    const win = recordingSpawner();
    await revealPath(file, { platform: "win32", env: { SystemRoot: "C:\\Windows" }, spawn: win.spawn });
    expect(win.calls).toEqual([["C:\\Windows\\explorer.exe", `/select,${file}`]]);
    await expect(
      revealPath(file, { platform: "linux", env: {}, spawn: recordingSpawner({ "xdg-open": "missing" }).spawn }),
    ).rejects.toThrow(/file manager could not be started/);
    await expect(
      revealPath(file, { platform: "linux", env: {}, spawn: recordingSpawner({ "xdg-open": { code: 4 } }).spawn }),
    ).rejects.toThrow(/exited with 4/);
    await expect(
      revealPath(path.join(tmp.dir, "gone"), { platform: "linux", env: {}, spawn: linux.spawn }),
    ).rejects.toThrow(/nothing at/);
  });
});
