// The one IPC door: a foreign sender and a malformed argument are refused before any handler runs; a good call
// from our window reaches the real handlers; events reach our window only.
import { pathToFileURL } from "node:url";
import type { IpcMain, IpcMainInvokeEvent, WebContents } from "electron";
import { describe, expect, it, vi } from "vitest";
import {
  commandArgs,
  commandOfMethod,
  unwrapReply,
  type CommandChannel,
  type CommandHandlers,
  type IpcReply,
} from "../../shared/ipc";
import type { ScanResult, StoredCatalog } from "../../shared/model";
import { SerializedJson } from "../../shared/serialized-json";
import { testSkill } from "../../shared/testing/model-fixtures";
import type { HandlerEngine } from "../handlers/context";
import { createHandlerSession } from "../handlers/handlers";
import { createSenderCheck, createWindowEventSender, registerCommands } from "./ipc";
import { appPaths } from "./paths";

const { indexUrl } = appPaths("/opt/skillshelf/dist/main");

function fakeContents(url = indexUrl) {
  const mainFrame = { url };
  const sent: [string, unknown][] = [];
  const contents = {
    mainFrame,
    isDestroyed: () => false,
    send: (channel: string, payload: unknown) => void sent.push([channel, payload]),
  };
  return { contents: contents as unknown as WebContents, mainFrame, sent };
}

function fakeIpcMain() {
  const registered = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain = {
    handle: (channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>) =>
      void registered.set(channel, listener),
    removeHandler: (channel: string) => void registered.delete(channel),
  };
  return { ipcMain: ipcMain as unknown as Pick<IpcMain, "handle" | "removeHandler">, registered };
}

/** What a refused call rejects with (the handler never sees it). */
const REFUSED = /^Skillshelf refused the call to "/;

const eventFrom = (sender: WebContents, senderFrame: unknown) =>
  ({ sender, senderFrame }) as unknown as IpcMainInvokeEvent;

/** An engine that records every call, so tests see whether a refused call got anywhere. */
function recordingEngine() {
  const calls: string[] = [];
  const engine = new Proxy({} as HandlerEngine, {
    get: (_target, name) => async () => {
      calls.push(String(name));
      throw new Error(`engine.${String(name)} is not used in this test`);
    },
  });
  return { engine, calls };
}

function realHandlers() {
  const { engine, calls } = recordingEngine();
  const session = createHandlerSession({
    host: "electron",
    scanOptions: { home: "/home/someone", platform: "linux", env: {} },
    desktop: {
      reveal: vi.fn(),
      openInEditor: vi.fn(),
      openExternal: vi.fn(async () => true),
      pickFolder: vi.fn(async () => null),
    },
    emit: () => undefined,
    engine,
    liveCatalog: false,
  });
  return { handlers: session.handlers, calls };
}

/** Handlers that only record their arguments, one per channel. */
function recordingHandlers() {
  const calls: [CommandChannel, unknown[]][] = [];
  const handlers = Object.fromEntries(
    (Object.keys(commandArgs) as CommandChannel[]).map((channel) => [
      channel,
      async (...args: unknown[]) => void calls.push([channel, args]),
    ]),
  ) as unknown as CommandHandlers;
  return { handlers, calls };
}

describe("registerCommands", () => {
  it("registers every command of the contract, and removes them all", () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents } = fakeContents();
    const remove = registerCommands(
      ipcMain,
      recordingHandlers().handlers,
      createSenderCheck(() => contents, indexUrl),
    );
    expect([...registered.keys()].sort()).toEqual(Object.keys(commandArgs).sort());
    remove();
    expect(registered.size).toBe(0);
  });

  it("has a real handler for every command of the table, and refuses handlers missing one before registering any", () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents } = fakeContents();
    registerCommands(
      ipcMain,
      realHandlers().handlers,
      createSenderCheck(() => contents, indexUrl),
    );
    expect([...registered.keys()].sort()).toEqual(Object.values(commandOfMethod).sort());
    const partial = fakeIpcMain();
    const { "update:apply": _dropped, ...rest } = recordingHandlers().handlers;
    expect(() =>
      registerCommands(
        partial.ipcMain,
        rest as CommandHandlers,
        createSenderCheck(() => contents, indexUrl),
      ),
    ).toThrow(/nothing for the command "update:apply"/);
    expect(partial.registered.size).toBe(0);
  });

  it("refuses an extra key in an object argument, before the handler runs", async () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents, mainFrame } = fakeContents();
    const { handlers, calls } = recordingHandlers();
    registerCommands(
      ipcMain,
      handlers,
      createSenderCheck(() => contents, indexUrl),
    );
    const call = (channel: string, ...args: unknown[]) =>
      registered.get(channel)!(eventFrom(contents, mainFrame), ...args);
    await expect(call("update:apply", "0123456789abcdef", { overwriteLocal: true, extra: 1 })).rejects.toThrow(
      /refused the call to "update:apply": its arguments/,
    );
    await expect(call("manage:add", "acme/skills", { clients: ["cursor"], dryRun: true, home: "/" })).rejects.toThrow(
      REFUSED,
    );
    expect(calls).toEqual([]);
    await call("update:apply", "0123456789abcdef", { overwriteLocal: true });
    expect(calls).toEqual([["update:apply", ["0123456789abcdef", { overwriteLocal: true }]]]);
  });

  it("passes a good call from our window to the real handler", async () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents, mainFrame } = fakeContents();
    registerCommands(
      ipcMain,
      realHandlers().handlers,
      createSenderCheck(() => contents, indexUrl),
    );
    const info = await registered.get("app:info")!(eventFrom(contents, mainFrame));
    expect(info).toMatchObject({ ok: true, value: { host: "electron", platform: "linux" } });
  });

  it("answers a value passed through as JSON with its bytes, which the preload parses", async () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents, mainFrame } = fakeContents();
    const bytes = new TextEncoder().encode(
      '{"catalog":{"locations":[],"skills":[],"plugins":[],"diagnostics":[]},"savedAt":"x"}',
    );
    const handlers = {
      ...realHandlers().handlers,
      "catalog:stored": async () => new SerializedJson<StoredCatalog>([bytes]),
    };
    registerCommands(
      ipcMain,
      handlers,
      createSenderCheck(() => contents, indexUrl),
    );
    const answer = await registered.get("catalog:stored")!(eventFrom(contents, mainFrame));
    expect(answer).toEqual({ ok: true, json: [bytes] });
    expect(unwrapReply(answer)).toEqual(JSON.parse(new TextDecoder().decode(bytes)));
  });

  it("answers a catalog packed (one row per skill), which the preload gives back as the handler's catalog", async () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents, mainFrame } = fakeContents();
    const skill = (id: string, realDir = `/h/code/${id}`) =>
      testSkill(id, {
        realDir,
        placements: [{ locationId: "code", client: "claude-code", path: `/h/code/${id}`, link: false }],
      });
    const catalog: ScanResult = {
      locations: [],
      skills: [skill("skill-0"), skill("skill-1", "/elsewhere/skill-1")],
      plugins: [],
      diagnostics: [],
    };
    registerCommands(
      ipcMain,
      { ...realHandlers().handlers, "catalog:scan": async () => catalog },
      createSenderCheck(() => contents, indexUrl),
    );
    const answer = (await registered.get("catalog:scan")!(eventFrom(contents, mainFrame))) as IpcReply;
    expect(answer).toMatchObject({ ok: true, packing: "catalog" });
    const text = new TextDecoder().decode(Buffer.concat((answer as { json: Uint8Array[] }).json));
    expect(JSON.parse(text)).toHaveProperty("skillRows");
    expect(text).not.toContain('"description"');
    expect(unwrapReply(answer)).toEqual(catalog);
  });

  it("answers a handler's refusal in the web host's envelope, with its own words and cause (no transport wrapping)", async () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents, mainFrame } = fakeContents();
    registerCommands(
      ipcMain,
      realHandlers().handlers,
      createSenderCheck(() => contents, indexUrl),
    );
    const answer = await registered.get("update:start")!(eventFrom(contents, mainFrame), "no-such-skill");
    expect(answer).toEqual({
      ok: false,
      error: { message: "That skill is not in the catalog any more; rescan and try again.", cause: "not-found" },
    });
  });

  it("refuses a sender that is not our window, before the engine is touched", async () => {
    const { ipcMain, registered } = fakeIpcMain();
    const ours = fakeContents();
    const foreign = fakeContents();
    const { handlers, calls } = realHandlers();
    registerCommands(
      ipcMain,
      handlers,
      createSenderCheck(() => ours.contents, indexUrl),
    );
    await expect(
      registered.get("skill:levels")!(eventFrom(foreign.contents, foreign.mainFrame), "/home/someone/.claude/skills/a"),
    ).rejects.toThrow(/refused the call to "skill:levels": the sender is not the Skillshelf window/);
    expect(calls).toEqual([]);
  });

  it("refuses a malformed argument, before the engine is touched", async () => {
    const { ipcMain, registered } = fakeIpcMain();
    const { contents, mainFrame } = fakeContents();
    const { handlers, calls } = realHandlers();
    registerCommands(
      ipcMain,
      handlers,
      createSenderCheck(() => contents, indexUrl),
    );
    const call = (channel: string, ...args: unknown[]) =>
      registered.get(channel)!(eventFrom(contents, mainFrame), ...args);
    await expect(call("skill:levels", 42)).rejects.toThrow(REFUSED);
    await expect(call("skill:resource", "/skills/a", "../../etc/passwd")).rejects.toThrow(
      /arguments are not what the command accepts/,
    );
    await expect(call("validate:path", "/skills/a", "no-such-profile")).rejects.toThrow(REFUSED);
    await expect(call("updates:check", "yes")).rejects.toThrow(REFUSED);
    await expect(call("app:info", "extra")).rejects.toThrow(REFUSED);
    expect(calls).toEqual([]);
  });
});

describe("a registered command", () => {
  const { contents, mainFrame } = fakeContents();
  const check = createSenderCheck(() => contents, indexUrl);
  /** Calls one channel through registerCommands, as ipcMain would. */
  const handle = async (
    channel: CommandChannel,
    handlers: CommandHandlers,
    checker: ReturnType<typeof createSenderCheck>,
    event: IpcMainInvokeEvent,
    args: unknown[],
  ) => {
    const { ipcMain, registered } = fakeIpcMain();
    registerCommands(ipcMain, handlers, checker);
    return registered.get(channel)!(event, ...args);
  };

  it("calls exactly the handler of the channel with the validated arguments", async () => {
    const { handlers, calls } = recordingHandlers();
    await handle("skill:resource", handlers, check, eventFrom(contents, mainFrame), [
      "/skills/a",
      "references/guide.md",
    ]);
    await handle("updates:check", handlers, check, eventFrom(contents, mainFrame), [true]);
    expect(calls).toEqual([
      ["skill:resource", ["/skills/a", "references/guide.md"]],
      ["updates:check", [true]],
    ]);
  });

  it("refuses a subframe, a frame showing another page, a vanished frame and a closed window", async () => {
    const { handlers, calls } = recordingHandlers();
    const refused = (event: IpcMainInvokeEvent, checker = check) =>
      expect(handle("app:info", handlers, checker, event, [])).rejects.toThrow(REFUSED);
    await refused(eventFrom(contents, { url: indexUrl }));
    const other = fakeContents(pathToFileURL("/tmp/evil.html").href);
    await refused(
      eventFrom(other.contents, other.mainFrame),
      createSenderCheck(() => other.contents, indexUrl),
    );
    const fileIndex = fakeContents(pathToFileURL("/opt/skillshelf/dist/renderer/index.html").href);
    await refused(
      eventFrom(fileIndex.contents, fileIndex.mainFrame),
      createSenderCheck(() => fileIndex.contents, indexUrl),
    );
    await refused(eventFrom(contents, null));
    await refused(
      eventFrom(contents, mainFrame),
      createSenderCheck(() => null, indexUrl),
    );
    const closed = { ...contents, isDestroyed: () => true } as unknown as WebContents;
    await refused(
      eventFrom(closed, mainFrame),
      createSenderCheck(() => closed, indexUrl),
    );
    expect(calls).toEqual([]);
  });
});

describe("createWindowEventSender", () => {
  it("sends events to our window's contents only while it is alive", () => {
    const { contents, sent } = fakeContents();
    let current: WebContents | null = contents;
    const send = createWindowEventSender(() => current);
    expect(send("updates:changed", [])).toBe(true);
    current = null;
    expect(send("updates:changed", [])).toBe(false);
    expect(sent).toEqual([["updates:changed", []]]);
  });
});
