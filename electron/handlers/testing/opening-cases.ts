// Opening files never runs a program: the cases both hosts run, against the real handlers and engine. "Open" and
// "Reveal" reach only real paths inside skill and plugin folders, open only plain text files as text, reveal the rest.
import { chmod, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import type { Spawner } from "../../engine/open/opener";
import type { DesktopIntegration } from "../context";
import { createEngine } from "../engine";
import { createHandlerSession, type HandlerSession } from "../handlers";

const skill = (name: string) => `---\nname: ${name}\ndescription: Does ${name} things.\n---\n# ${name}\n`;

/** Everything either host's integration started or asked of Electron's shell, as argv lines. */
export type Log = string[][];

/** A spawner that records each argv and answers xdg-mime like a desktop with a text editor for text/plain. */
export const recordingSpawner =
  (log: Log): Spawner =>
  async (command, args) => {
    log.push([command, ...args]);
    return { code: 0, stdout: command === "xdg-mime" ? "org.gnome.TextEditor.desktop\n" : "" };
  };

const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];

async function harness(host: OpeningHost) {
  const tmp = await makeTempDir();
  const root = tmp.dir;
  await writeTree(root, {
    "home/.claude/skills/alpha/SKILL.md": skill("alpha"),
    "home/.claude/skills/alpha/x.md": "# notes\n",
    "home/.claude/skills/alpha/run.sh": "#!/bin/sh\nid\n",
    "home/notes.md": "in the home, not in a skill",
    "outside/secret.md": "outside",
    "authoring/beta/SKILL.md": skill("beta"),
  });
  const alpha = path.join(root, "home/.claude/skills/alpha");
  await symlink(path.join(root, "outside"), path.join(alpha, "elsewhere"));
  await symlink("/usr/bin/id", path.join(alpha, "id"));
  await chmod(path.join(alpha, "run.sh"), 0o755);
  const log: Log = [];
  const scanOptions = {
    home: path.join(root, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(root, "cache") },
  };
  const session = createHandlerSession({
    host: host.name,
    scanOptions,
    desktop: host.desktop(log),
    emit: () => undefined,
    engine: createEngine(scanOptions),
    liveCatalog: false,
  });
  open.push({ session, cleanup: tmp.cleanup });
  await session.handlers["catalog:scan"]();
  return { session, root, alpha, log };
}

/** One host's desktop integration, built around a log of what it started. */
export interface OpeningHost {
  name: "web" | "electron";
  desktop: (log: Log) => DesktopIntegration;
}

/** The environment the Linux text opener sees in these cases (no desktop files on disk). */
export const OPENING_ENV = { HOME: "/nonexistent", XDG_DATA_DIRS: "/nonexistent" };

/** The opening cases every host must pass, run against the real handlers and engine on a temporary home. */
export function describeOpeningCases(host: OpeningHost): void {
  describe(`opening files on the ${host.name} host`, () => {
    afterEach(async () => {
      for (const item of open.splice(0)) {
        await item.session.dispose();
        await item.cleanup();
      }
    });

    it("opens a .md inside a skill as text with the text/plain handler, never through the general opener", async () => {
      const { session, alpha, log } = await harness(host);
      const result = await session.handlers["shell:open-in-editor"](path.join(alpha, "x.md"));
      expect(result).toEqual({ action: "opened-as-text", path: path.join(alpha, "x.md") });
      expect(log).toEqual([
        ["xdg-mime", "query", "default", "text/plain"],
        ["gtk-launch", "org.gnome.TextEditor.desktop", path.join(alpha, "x.md")],
      ]);
    });

    it("refuses a link out of a skill, to a folder outside or to /usr/bin/id, for open and reveal", async () => {
      const { session, alpha, log } = await harness(host);
      for (const target of [
        path.join(alpha, "elsewhere"),
        path.join(alpha, "elsewhere", "secret.md"),
        path.join(alpha, "id"),
        "/usr/bin/id",
      ]) {
        await expect(session.handlers["shell:open-in-editor"](target), target).rejects.toThrow(
          /not part of the catalog/,
        );
        await expect(session.handlers["shell:reveal"](target), target).rejects.toThrow(/not part of the catalog/);
      }
      expect(log).toEqual([]);
    });

    it("does not count locations such as the home folder as part of the catalog", async () => {
      const { session, root, log } = await harness(host);
      await expect(session.handlers["shell:open-in-editor"](path.join(root, "home/notes.md"))).rejects.toThrow(
        /not part of the catalog/,
      );
      await expect(session.handlers["shell:reveal"](path.join(root, "home"))).rejects.toThrow(
        /not part of the catalog/,
      );
      expect(log).toEqual([]);
    });

    it("refuses author:open of / and of the home folder, so /usr/bin/id stays out of reach", async () => {
      const { session, root, log } = await harness(host);
      await expect(session.handlers["author:open"]("/")).rejects.toThrow(/top of a disk/);
      await expect(session.handlers["author:open"](path.join(root, "home"))).rejects.toThrow(/home folder/);
      await expect(session.handlers["author:open"]("/usr")).rejects.toThrow(/system folder/);
      await expect(session.handlers["shell:open-in-editor"]("/usr/bin/id")).rejects.toThrow(/not part of the catalog/);
      await expect(session.handlers["shell:reveal"]("/usr/bin/id")).rejects.toThrow(/not part of the catalog/);
      expect(log).toEqual([]);
    });

    it("opens files of the folder opened in author mode, and no longer once it is closed", async () => {
      const { session, root, log } = await harness(host);
      const beta = path.join(root, "authoring/beta");
      await expect(session.handlers["shell:open-in-editor"](path.join(beta, "SKILL.md"))).rejects.toThrow(
        /not part of the catalog/,
      );
      await session.handlers["author:open"](beta);
      expect(await session.handlers["shell:open-in-editor"](path.join(beta, "SKILL.md"))).toMatchObject({
        action: "opened-as-text",
      });
      await session.handlers["author:close"]();
      await expect(session.handlers["shell:open-in-editor"](path.join(beta, "SKILL.md"))).rejects.toThrow(
        /not part of the catalog/,
      );
      expect(log.filter((argv) => argv[0] === "gtk-launch")).toEqual([
        ["gtk-launch", "org.gnome.TextEditor.desktop", path.join(beta, "SKILL.md")],
      ]);
    });

    it("reveals an executable inside a skill folder (x.md with an execute bit, run.sh) instead of opening it", async () => {
      const { session, alpha, log } = await harness(host);
      await chmod(path.join(alpha, "x.md"), 0o755);
      const reveal =
        host.name === "web" ? (p: string) => ["xdg-open", path.dirname(p)] : (p: string) => ["showItemInFolder", p];
      for (const name of ["x.md", "run.sh"]) {
        const result = await session.handlers["shell:open-in-editor"](path.join(alpha, name));
        expect(result, name).toMatchObject({
          action: "revealed",
          path: path.join(alpha, name),
          reason: expect.any(String),
        });
      }
      expect(log).toEqual([reveal(path.join(alpha, "x.md")), reveal(path.join(alpha, "run.sh"))]);
      expect(log.flat()).not.toContain("openPath");
    });
  });
}
