// Electron main's opening rules: the shared cases on its desktop integration (Electron's shell is recorded; text files
// go to the text opener, never shell.openPath), then the same refusals through main's IPC door.
import type { BrowserWindow, Dialog, Shell } from "electron";
import { chmod, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { createEngine } from "../handlers/engine";
import { createHandlerSession } from "../handlers/handlers";
import { describeOpeningCases, OPENING_ENV, recordingSpawner, type Log } from "../handlers/testing/opening-cases";
import { electronDesktopIntegration } from "./desktop";
import { pageIpcCaller } from "./testing/page-ipc";

function electronDesktop(log: Log) {
  const shell = {
    showItemInFolder: (p: string) => void log.push(["showItemInFolder", p]),
    openPath: async (p: string) => (log.push(["openPath", p]), ""),
    openExternal: async () => undefined,
  } as unknown as Pick<Shell, "showItemInFolder" | "openExternal">;
  const dialog = { showOpenDialog: async () => ({ canceled: true, filePaths: [] }) } as unknown as Pick<
    Dialog,
    "showOpenDialog" | "showMessageBox"
  >;
  return electronDesktopIntegration({
    shell,
    dialog,
    getWindow: () => null as BrowserWindow | null,
    platform: "linux",
    env: OPENING_ENV,
    spawn: recordingSpawner(log),
  });
}

describeOpeningCases({ name: "electron", desktop: electronDesktop });

describe("main's IPC door for opening", () => {
  it("refuses author:open('/') and open of /usr/bin/id from our own window, and reveals a script instead of opening it", async () => {
    const tmp = await makeTempDir();
    const root = tmp.dir;
    await writeTree(root, {
      "home/.claude/skills/alpha/SKILL.md": "---\nname: alpha\ndescription: Does alpha things.\n---\n",
      "home/.claude/skills/alpha/run.sh": "#!/bin/sh\n",
    });
    const alpha = path.join(root, "home/.claude/skills/alpha");
    await chmod(path.join(alpha, "run.sh"), 0o755);
    await symlink("/usr/bin/id", path.join(alpha, "id"));
    const log: Log = [];
    const scanOptions = {
      home: path.join(root, "home"),
      platform: "linux" as const,
      env: { SKILLSHELF_CACHE_DIR: path.join(root, "cache") },
    };
    const session = createHandlerSession({
      host: "electron",
      scanOptions,
      desktop: electronDesktop(log),
      emit: () => undefined,
      engine: createEngine(scanOptions),
      liveCatalog: false,
    });
    const call = pageIpcCaller(session.handlers);
    try {
      await call("catalog:scan");
      await expect(call("author:open", "/")).rejects.toThrow(/top of a disk/);
      await expect(call("shell:open-in-editor", "/usr/bin/id")).rejects.toThrow(/not part of the catalog/);
      await expect(call("shell:open-in-editor", path.join(alpha, "id"))).rejects.toThrow(/not part of the catalog/);
      expect(await call("shell:open-in-editor", path.join(alpha, "run.sh"))).toMatchObject({ action: "revealed" });
      expect(log).toEqual([["showItemInFolder", path.join(alpha, "run.sh")]]);
    } finally {
      await session.dispose();
      await tmp.cleanup();
    }
  });
});
