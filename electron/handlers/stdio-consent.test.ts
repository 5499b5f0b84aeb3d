// Consent to start local (stdio) servers through the handlers: the page alone cannot grant it; approval is per exact
// command (a changed argument list waits for a new approval); Electron approves only through main's dialog.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test-support/tmp";
import type { StdioServer } from "../../shared/stdio-servers";
import type { DesktopIntegration, OutsideConsent } from "./context";
import { createEngine } from "./engine";
import { createHandlerSession, type HandlerSession } from "./handlers";
import {
  alphaLatest,
  STDIO_SERVER_SCRIPT,
  stdioConfigFile,
  writeStdioConfig,
  writeStdioHome,
} from "./testing/stdio-home";
import { INERT_DESKTOP } from "./testing/inert-desktop";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The web host's terminal, answering yes to every question and recording what it was shown. */
const terminalSaysYes = (shown: string[]): OutsideConsent => ({
  mode: "terminal",
  confirm: async (purpose, command) => (shown.push(`${purpose}: ${command}`), "yes"),
});

async function setup(
  confirm?: (servers: StdioServer[]) => Promise<boolean>,
  outsideConsent: OutsideConsent | null = terminalSaysYes([]),
): Promise<{ session: HandlerSession; home: string; root: string }> {
  const tmp = await makeTempDir();
  closers.push(tmp.cleanup);
  const scanOptions = await writeStdioHome(tmp.dir);
  const desktop: DesktopIntegration = {
    ...INERT_DESKTOP,
    ...(confirm ? { confirmStdioServers: confirm } : {}),
    ...(!confirm && outsideConsent ? { outsideConsent } : {}),
  };
  const session = createHandlerSession({
    host: confirm ? "electron" : "web",
    scanOptions,
    desktop,
    emit: () => undefined,
    engine: createEngine(scanOptions),
    liveCatalog: false,
  });
  closers.push(() => session.dispose());
  await session.handlers["catalog:scan"]();
  return { session, home: scanOptions.home, root: tmp.dir };
}

describe("stdio consent where the page approves (web host)", () => {
  it("does not start a local server on a settings change from the page alone", async () => {
    const { session } = await setup();
    await expect(session.handlers["settings:update"]({ askStdioServers: true } as never)).rejects.toThrow(
      /does not exist/,
    );
    expect(alphaLatest(await session.handlers["updates:check"](true))).toBeNull();
  });

  it("lists the exact command, starts it once approved by its id, and waits for a new approval when its arguments change", async () => {
    const { session, home, root } = await setup();
    const list = await session.handlers["stdio:list"]();
    expect(list.approval).toBe("page");
    expect(list.servers).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        name: "alpha-meta",
        configFile: stdioConfigFile(home),
        command: process.execPath,
        args: [STDIO_SERVER_SCRIPT, "alpha", "2.0.0"],
        cwd: null,
        envNames: ["SKILL_META_TOKEN"],
        approved: false,
      },
    ]);
    await expect(session.handlers["stdio:approve"]("0".repeat(32))).rejects.toThrow(/not in your apps' settings/);
    await expect(session.handlers["stdio:review"]()).rejects.toThrow(/Approve beside it/);
    expect(alphaLatest(await session.handlers["updates:check"](true))).toBeNull();

    const approved = await session.handlers["stdio:approve"](list.servers[0]!.id);
    expect(approved.servers[0]!.approved).toBe(true);
    expect(alphaLatest(await session.handlers["updates:check"](false))).toBe("2.0.0");
    const saved = path.join(root, "config", "stdio-approvals.json");
    expect((await stat(saved)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(saved, "utf8"))).toMatchObject({
      version: 1,
      approvals: [
        {
          id: list.servers[0]!.id,
          command: process.execPath,
          args: [STDIO_SERVER_SCRIPT, "alpha", "2.0.0"],
          configFile: stdioConfigFile(home),
        },
      ],
    });
    expect(await readFile(saved, "utf8")).not.toContain("expected");

    await writeStdioConfig(home, "3.0.0");
    const changed = await session.handlers["stdio:list"]();
    expect(changed.servers).toMatchObject([{ args: [STDIO_SERVER_SCRIPT, "alpha", "3.0.0"], approved: false }]);
    expect(changed.servers[0]!.id).not.toBe(list.servers[0]!.id);
    expect(alphaLatest(await session.handlers["updates:check"](true))).toBeNull();
    await session.handlers["stdio:approve"](changed.servers[0]!.id);
    expect(alphaLatest(await session.handlers["updates:check"](false))).toBe("3.0.0");

    await session.handlers["stdio:revoke"](changed.servers[0]!.id);
    expect(alphaLatest(await session.handlers["updates:check"](false))).toBeNull();
  });
});

describe("stdio consent in the web host needs the person at the serve terminal", () => {
  it("refuses every approval where the host has no terminal to ask on, and starts nothing", async () => {
    const { session } = await setup(undefined, null);
    const list = await session.handlers["stdio:list"]();
    await expect(session.handlers["stdio:approve"](list.servers[0]!.id)).rejects.toThrow(/cannot be approved/);
    expect(alphaLatest(await session.handlers["updates:check"](true))).toBeNull();
    expect((await session.handlers["app:info"]()).consent).toBe("none");
  });

  it("shows the terminal the exact command and approves nothing it declines", async () => {
    const shown: string[] = [];
    let answer: "yes" | "no" = "no";
    const { session } = await setup(undefined, {
      mode: "terminal",
      confirm: async (purpose, command) => (shown.push(`${purpose}: ${command}`), answer),
    });
    expect((await session.handlers["app:info"]()).consent).toBe("terminal");
    const list = await session.handlers["stdio:list"]();
    await expect(session.handlers["stdio:approve"](list.servers[0]!.id)).rejects.toThrow(
      /not approved in the terminal/,
    );
    expect(alphaLatest(await session.handlers["updates:check"](true))).toBeNull();
    answer = "yes";
    expect((await session.handlers["stdio:approve"](list.servers[0]!.id)).servers[0]!.approved).toBe(true);
    expect(shown).toHaveLength(2);
    expect(shown[0]).toContain(`${process.execPath} ${STDIO_SERVER_SCRIPT} alpha 2.0.0`);
    expect(shown[0]).toContain('"alpha-meta"');
  });
});

describe("stdio consent where main asks in a native dialog (Electron)", () => {
  it("refuses approval by id from the page and approves only what the user allowed in the dialog", async () => {
    const asked: StdioServer[][] = [];
    let answer = false;
    const { session } = await setup(async (servers) => (asked.push(servers), answer));
    const list = await session.handlers["stdio:list"]();
    expect(list.approval).toBe("dialog");
    await expect(session.handlers["stdio:approve"](list.servers[0]!.id)).rejects.toThrow(/dialog/);
    expect((await session.handlers["stdio:review"]()).servers[0]!.approved).toBe(false);
    expect(asked).toEqual([list.servers]);
    expect(alphaLatest(await session.handlers["updates:check"](true))).toBeNull();
    answer = true;
    expect((await session.handlers["stdio:review"]()).servers[0]!.approved).toBe(true);
    expect(alphaLatest(await session.handlers["updates:check"](false))).toBe("2.0.0");
    await session.handlers["stdio:review"]();
    expect(asked).toHaveLength(2);
  });

  it("shows one dialog at a time: requests while it is open share its answer", async () => {
    let release: (allowed: boolean) => void = () => undefined;
    const asked: StdioServer[][] = [];
    const { session } = await setup(
      (servers) => (asked.push(servers), new Promise<boolean>((resolve) => (release = resolve))),
    );
    const first = session.handlers["stdio:review"]();
    const second = session.handlers["stdio:review"]();
    await expect.poll(() => asked.length).toBe(1);
    release(false);
    expect((await first).servers[0]!.approved).toBe(false);
    expect((await second).servers[0]!.approved).toBe(false);
    expect(asked).toHaveLength(1);
  });
});
