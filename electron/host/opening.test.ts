// The web host's opening rules: the shared cases on its desktop integration, then the same paths through its HTTP
// API, with real programs on a temporary PATH that record the argv they were started with.
import { chmod, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { describeOpeningCases, OPENING_ENV, recordingSpawner } from "../handlers/testing/opening-cases";
import { webDesktopIntegration } from "./desktop-fallback";
import type { WebHost } from "./server";
import { postApi, startSessionHost } from "./testing/web-host";

describeOpeningCases({
  name: "web",
  desktop: (log) => webDesktopIntegration({ platform: "linux", env: OPENING_ENV, spawn: recordingSpawner(log) }),
});

describe.skipIf(process.platform === "win32")("the web host's HTTP API with real openers on PATH", () => {
  let host: WebHost;
  let root: string;
  let cleanup: () => Promise<void>;
  const argvLog = () =>
    readFile(path.join(root, "argv.log"), "utf8").then(
      (t) => t.split("\n").filter(Boolean),
      () => [] as string[],
    );

  beforeAll(async () => {
    const tmp = await makeTempDir();
    root = tmp.dir;
    cleanup = tmp.cleanup;
    const log = path.join(root, "argv.log");
    const record = (answer: string) => `#!/bin/sh\nprintf '%s\\n' "\${0##*/} $*" >> '${log}'\n${answer}\n`;
    await writeTree(root, {
      "bin/xdg-mime": record("echo texteditor.desktop"),
      "bin/gtk-launch": record("exit 0"),
      "bin/xdg-open": record("exit 0"),
      "home/.claude/skills/alpha/SKILL.md": "---\nname: alpha\ndescription: Does alpha things.\n---\n# alpha\n",
      "home/.claude/skills/alpha/x.md": "# x\n",
      "home/.claude/skills/alpha/run.sh": "#!/bin/sh\n",
      "outside/secret.md": "s",
    });
    for (const name of ["xdg-mime", "gtk-launch", "xdg-open", "../home/.claude/skills/alpha/run.sh"])
      await chmod(path.join(root, "bin", name), 0o755);
    await symlink("/usr/bin/id", path.join(root, "home/.claude/skills/alpha/id"));
    await symlink(path.join(root, "outside"), path.join(root, "home/.claude/skills/alpha/elsewhere"));
    const scanOptions = {
      home: path.join(root, "home"),
      platform: "linux" as const,
      env: { SKILLSHELF_CACHE_DIR: path.join(root, "cache") },
    };
    host = await startSessionHost(
      root,
      scanOptions,
      webDesktopIntegration({
        platform: "linux",
        env: { PATH: path.join(root, "bin"), HOME: path.join(root, "home"), XDG_DATA_DIRS: root },
      }),
    );
    expect((await postApi(host, "catalog:scan", [])).status).toBe(200);
  });

  afterAll(async () => {
    await host?.close();
    await cleanup?.();
  });

  it("opens a .md of a skill with the text/plain handler and reveals a script, through the API", async () => {
    const alpha = path.join(root, "home/.claude/skills/alpha");
    expect((await postApi(host, "shell:open-in-editor", [path.join(alpha, "x.md")])).body).toEqual({
      ok: true,
      value: { action: "opened-as-text", path: path.join(alpha, "x.md") },
    });
    expect((await postApi(host, "shell:open-in-editor", [path.join(alpha, "run.sh")])).body).toMatchObject({
      ok: true,
      value: { action: "revealed", path: path.join(alpha, "run.sh") },
    });
    expect(await argvLog()).toEqual([
      "xdg-mime query default text/plain",
      `gtk-launch texteditor.desktop ${alpha}/x.md`,
      `xdg-open ${alpha}`,
    ]);
  });

  it("refuses author:open('/') and the home folder, then open and reveal of /usr/bin/id and of links out of a skill", async () => {
    const before = await argvLog();
    expect((await postApi(host, "author:open", ["/"])).body).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/top of a disk/), cause: "refused" },
    });
    expect((await postApi(host, "author:open", [path.join(root, "home")])).body).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/home folder/), cause: "refused" },
    });
    const alpha = path.join(root, "home/.claude/skills/alpha");
    for (const target of ["/usr/bin/id", path.join(alpha, "id"), path.join(alpha, "elsewhere/secret.md")]) {
      expect((await postApi(host, "shell:open-in-editor", [target])).body, target).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/not part of the catalog/), cause: "refused" },
      });
      expect((await postApi(host, "shell:reveal", [target])).body, target).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/not part of the catalog/), cause: "refused" },
      });
    }
    expect(await argvLog()).toEqual(before);
  });
});
