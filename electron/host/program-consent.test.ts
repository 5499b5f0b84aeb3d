// The audit's attack on the web host, with the real server on 127.0.0.1: a holder of its key adds an update server in
// the settings, checks, and asks to run that server's command. Nothing runs until the person at the serve terminal
// says yes — to its question, or by a one-time code it printed beside that exact command — and without a terminal,
// nothing runs at all.
import { PassThrough } from "node:stream";
import { access } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { startSkillMetaServer } from "../../test-support/servers/skill-meta-server";
import type { UpdateInfo } from "../../shared/model";
import type { OutsideConsent } from "../handlers/context";
import { webDesktopIntegration } from "./desktop-fallback";
import { codeConsent, questionConsent } from "./outside-consent";
import type { WebHost } from "./server";
import { postApi, startSessionHost } from "./testing/web-host";

const SKILL = '---\nname: agentkey\ndescription: Keeps keys.\nmetadata:\n  version: "1.2.0"\n---\n# agentkey\n';
const COMMAND = "echo ran > ran.txt";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A host over a home holding agentkey 1.2.0, the attack's first two calls made: a server added, updates checked. */
async function attackedHost(outsideConsent?: OutsideConsent): Promise<{ host: WebHost; skillId: string; ran: string }> {
  const meta = await startSkillMetaServer({ latest: "1.3.0", recipe: { command: COMMAND, kind: "shell" } });
  closers.push(meta.close);
  const tmp = await makeTempDir();
  closers.push(tmp.cleanup);
  const home = path.join(tmp.dir, "home");
  await writeTree(home, { ".claude/skills/agentkey/SKILL.md": SKILL });
  const env = {
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data"),
    SKILLSHELF_GITHUB_API: "http://127.0.0.1:9/",
    PATH: process.env.PATH ?? "/usr/bin:/bin",
  };
  const host = await startSessionHost(
    tmp.dir,
    { home, platform: "linux", env },
    webDesktopIntegration({
      spawn: async () => ({ code: 0, stdout: "" }),
      ...(outsideConsent ? { outsideConsent } : {}),
    }),
  );
  closers.push(() => host.close());
  await postApi(host, "catalog:scan", []);
  expect((await postApi(host, "settings:update", [{ addServer: { url: meta.url } }])).body.ok).toBe(true);
  const updates = (await postApi<UpdateInfo[]>(host, "updates:check", [true])).body.value!;
  const info = updates.find((u) => u.latest === "1.3.0");
  expect(info?.recipe?.command).toBe(COMMAND);
  return { host, skillId: info!.skillId, ran: path.join(home, "ran.txt") };
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Waits for a run's end and says whether the command left its file. */
async function finished(host: WebHost, taskId: string, ran: string): Promise<boolean> {
  expect((await postApi(host, "update:recipe-result", [taskId])).body).toMatchObject({ ok: true, value: { ok: true } });
  return exists(ran);
}

describe("the web host starts no program on the page's word alone", () => {
  it("without a terminal to ask on, refuses to run an update command and runs nothing", async () => {
    const { host, skillId, ran } = await attackedHost();
    expect((await postApi(host, "app:info", [])).body.value).toMatchObject({ consent: "none" });
    const answer = await postApi(host, "update:run-recipe", [skillId]);
    expect(answer.body).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/only shows the update command/) },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await exists(ran)).toBe(false);
  });

  it("runs it only with the one-time code the terminal printed beside the exact command, and only once", async () => {
    let terminal = "";
    const { host, skillId, ran } = await attackedHost(codeConsent({ write: (text) => (terminal += text) }));
    expect((await postApi(host, "app:info", [])).body.value).toMatchObject({ consent: "code" });
    expect((await postApi(host, "update:run-recipe", [skillId])).body).toEqual({ ok: true, value: null });
    expect(terminal).toContain(`  ${COMMAND}\n`);
    expect(terminal).toContain('update "agentkey"');
    const code = /type this code into the page: (\S+)/.exec(terminal)![1]!;
    for (const guess of ["AAAA-AAAA", "BBBB-BBBB"])
      expect((await postApi(host, "update:run-recipe", [skillId, guess])).body.ok).toBe(false);
    expect(await exists(ran)).toBe(false);
    const started = await postApi<{ taskId: string }>(host, "update:run-recipe", [skillId, code.toLowerCase()]);
    expect(await finished(host, started.body.value!.taskId, ran)).toBe(true);
    expect((await postApi(host, "update:run-recipe", [skillId, code])).body).toMatchObject({ ok: false });
  });

  it("a code dies after three wrong guesses", async () => {
    let terminal = "";
    const { host, skillId, ran } = await attackedHost(codeConsent({ write: (text) => (terminal += text) }));
    await postApi(host, "update:run-recipe", [skillId, null]);
    const code = /type this code into the page: (\S+)/.exec(terminal)![1]!;
    for (let i = 0; i < 3; i++) await postApi(host, "update:run-recipe", [skillId, "ZZZZ-ZZZZ"]);
    expect((await postApi(host, "update:run-recipe", [skillId, code])).body.ok).toBe(false);
    expect(await exists(ran)).toBe(false);
  });

  it("on a terminal, runs it only after the person answers y to the question showing the command", async () => {
    const input = new PassThrough();
    let terminal = "";
    const asked = () =>
      new Promise<void>((resolve) => {
        const poll = () => (terminal.endsWith("[y/N] ") ? resolve() : setTimeout(poll, 10));
        poll();
      });
    const consent = questionConsent({ write: (text) => (terminal += text), input });
    closers.push(async () => consent.close());
    const { host, skillId, ran } = await attackedHost(consent);
    expect((await postApi(host, "app:info", [])).body.value).toMatchObject({ consent: "terminal" });

    input.write("y\n");
    const declined = postApi(host, "update:run-recipe", [skillId]);
    await asked();
    expect(terminal).toContain(`  ${COMMAND}\n`);
    input.write("n\n");
    expect((await declined).body).toEqual({ ok: true, value: null });
    expect(await exists(ran)).toBe(false);

    terminal = "";
    const accepted = postApi<{ taskId: string }>(host, "update:run-recipe", [skillId]);
    await asked();
    input.write("y\n");
    expect(await finished(host, (await accepted).body.value!.taskId, ran)).toBe(true);
  });
});
