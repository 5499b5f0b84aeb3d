// Stdio consent through the web host's HTTP API: the page cannot switch local servers on with a setting, cannot name a
// command the host did not list, and a listed command starts only once approved by its id with the one-time code the
// serve terminal printed beside that exact command.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test-support/tmp";
import type { StdioServerList } from "../../shared/stdio-servers";
import type { UpdateInfo } from "../../shared/model";
import { alphaLatest, writeStdioConfig, writeStdioHome } from "../handlers/testing/stdio-home";
import { webDesktopIntegration } from "./desktop-fallback";
import { codeConsent } from "./outside-consent";
import type { WebHost } from "./server";
import { postApi, startSessionHost } from "./testing/web-host";

describe("stdio consent through the web host", () => {
  let host: WebHost;
  let home: string;
  let cleanup: () => Promise<void>;
  let terminal = "";
  const lastCode = () => [...terminal.matchAll(/type this code into the page: (\S+)/g)].at(-1)![1]!;
  /** Asks for a code (the terminal prints it), then approves with it, as the page does. */
  const approveWithCode = async (id: string) => {
    const asked = await postApi<StdioServerList>(host, "stdio:approve", [id, null]);
    expect(asked.body.value?.servers.find((s) => s.id === id)?.approved).toBe(false);
    return postApi<StdioServerList>(host, "stdio:approve", [id, lastCode()]);
  };
  const check = async (force: boolean) =>
    alphaLatest((await postApi<UpdateInfo[]>(host, "updates:check", [force])).body.value ?? []);
  const list = async () => (await postApi<StdioServerList>(host, "stdio:list", [])).body.value!;

  beforeAll(async () => {
    const tmp = await makeTempDir();
    cleanup = tmp.cleanup;
    const scanOptions = await writeStdioHome(tmp.dir);
    home = scanOptions.home;
    host = await startSessionHost(
      tmp.dir,
      scanOptions,
      webDesktopIntegration({
        spawn: async () => ({ code: 0, stdout: "" }),
        outsideConsent: codeConsent({ write: (text) => (terminal += text) }),
      }),
    );
    expect((await postApi(host, "catalog:scan", [])).status).toBe(200);
  });

  afterAll(async () => {
    await host?.close();
    await cleanup?.();
  });

  it("refuses a settings change that would switch local servers on, and starts none", async () => {
    const refused = await postApi(host, "settings:update", [{ askStdioServers: true }]);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.ok).toBe(false);
    expect(await check(true)).toBeNull();
  });

  it("refuses an id the host did not produce, starts an approved command, and asks again after its arguments change", async () => {
    const first = await list();
    expect(first).toMatchObject({
      approval: "page",
      servers: [{ name: "alpha-meta", command: process.execPath, approved: false }],
    });
    expect((await postApi(host, "stdio:approve", ["not an id; rm -rf /"])).status).toBe(400);
    expect((await postApi(host, "stdio:approve", ["f".repeat(32)])).body).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/not in your apps' settings/), cause: "refused" },
    });
    expect((await postApi(host, "stdio:review", [])).body.ok).toBe(false);
    expect(await check(true)).toBeNull();

    const id = first.servers[0]!.id;
    expect((await postApi(host, "stdio:approve", [id])).body.ok).toBe(true);
    expect(terminal).toContain(`${process.execPath} `);
    expect(await check(true)).toBeNull();
    expect((await postApi(host, "stdio:approve", [id, "ABCD-EFGH"])).body).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/not the one the terminal shows/) },
    });
    expect(await check(true)).toBeNull();
    const code = lastCode();
    expect((await approveWithCode(id)).body.value?.servers[0]?.approved).toBe(true);
    expect(await check(false)).toBe("2.0.0");
    expect((await postApi(host, "stdio:approve", [id, code])).body.ok).toBe(false);

    await writeStdioConfig(home, "3.0.0");
    const changed = await list();
    expect(changed.servers).toMatchObject([{ approved: false, args: [expect.any(String), "alpha", "3.0.0"] }]);
    expect(await check(true)).toBeNull();
    await approveWithCode(changed.servers[0]!.id);
    expect(await check(false)).toBe("3.0.0");
  });
});
