// The preload's API object: exactly one named method per command and event of the contract, each on its own
// channel, listeners that never see Electron's event object, and unsubscribes that work.
import type { IpcRendererEvent } from "electron";
import { describe, expect, it } from "vitest";
import { commandArgs, commandOfMethod, eventOfMethod } from "../../shared/ipc";
import { createSkillshelfApi, type PreloadIpc } from "./api";

function fakeIpcRenderer() {
  const invoked: [string, unknown[]][] = [];
  const listeners = new Map<string, Set<(event: IpcRendererEvent, ...args: unknown[]) => void>>();
  const ipc = {
    invoke: async (channel: string, ...args: unknown[]) => {
      invoked.push([channel, args]);
      if (channel === "update:start" && args[0] === "refused")
        return { ok: false, error: { message: '"notes" is up to date.', cause: "refused" } };
      return { ok: true, value: `result of ${channel}` };
    },
    on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return ipc;
    },
    removeListener(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void) {
      listeners.get(channel)?.delete(listener);
      return ipc;
    },
  };
  const emit = (channel: string, payload: unknown) =>
    listeners
      .get(channel)
      ?.forEach((listener) => listener({ sender: "secret" } as unknown as IpcRendererEvent, payload));
  return {
    ipc: ipc as unknown as PreloadIpc,
    invoked,
    emit,
    count: (channel: string) => listeners.get(channel)?.size ?? 0,
  };
}

describe("the preload's envelope", () => {
  it("unwraps main's answer: the value, or an Error with the handler's own message and cause", async () => {
    const api = createSkillshelfApi(fakeIpcRenderer().ipc);
    await expect(api.startUpdate("refused")).rejects.toThrow(/^"notes" is up to date\.$/);
    await expect(api.startUpdate("refused")).rejects.toMatchObject({ failure: "refused" });
    await expect(api.appInfo()).resolves.toBe("result of app:info");
  });

  it("parses an answer main passed through as JSON bytes", async () => {
    const stored = { catalog: { locations: [], skills: [], plugins: [], diagnostics: [] }, savedAt: "2026-01-02" };
    const json = new TextEncoder().encode(JSON.stringify(stored));
    const ipc = { ...fakeIpcRenderer().ipc, invoke: async () => ({ ok: true, json: [json] }) } as unknown as PreloadIpc;
    await expect(createSkillshelfApi(ipc).storedCatalog()).resolves.toEqual(stored);
    // In pieces, with a character split between two of them.
    const text = new TextEncoder().encode(JSON.stringify({ ...stored, savedAt: "café ✓" }));
    const pieces = [text.slice(0, text.length - 6), text.slice(text.length - 6, text.length - 3), text.slice(-3)];
    const split = {
      ...fakeIpcRenderer().ipc,
      invoke: async () => ({ ok: true, json: pieces }),
    } as unknown as PreloadIpc;
    await expect(createSkillshelfApi(split).storedCatalog()).resolves.toEqual({ ...stored, savedAt: "café ✓" });
  });
});

const sampleArgs: Record<string, unknown[]> = {
  skillLevels: ["/skills/pdf"],
  skillResource: ["/skills/pdf", "references/a.md"],
  validatePath: ["/skills/pdf", "claude-desktop"],
  openAuthorFolder: [null],
  checkForDesktop: ["/work/my-skill"],
  checkUpdates: [true],
  updateServers: [false],
  revealPath: ["/skills/pdf"],
  openInEditor: ["/skills/pdf/SKILL.md"],
  openExternal: ["https://agentskills.io/"],
  updateSettings: [{ addServer: { url: "https://meta.example/mcp", headers: { Authorization: "Bearer x" } } }],
  approveStdioServer: ["0123456789abcdef0123456789abcdef"],
  revokeStdioServer: ["0123456789abcdef0123456789abcdef"],
  testServer: ["0123456789abcdef0123456789abcdef"],
  previewOffered: ["/home/u/.claude.json#0123456789ab", "skill://pdf-tools/SKILL.md"],
  compareCopies: ["/skills/pdf", "/other/pdf"],
  startUpdate: ["claude-code:/home/u/.claude/skills/pdf"],
  localChanges: ["claude-code:/home/u/.claude/skills/pdf"],
  reviewUpdate: ["0123456789abcdef"],
  cancelUpdate: ["0123456789abcdef"],
  applyUpdate: ["0123456789abcdef"],
  updateAll: [["skill-a", "skill-b"]],
  openHandoff: ["0123456789abcdef"],
  revealHandoff: ["0123456789abcdef"],
  waitForArrival: ["0123456789abcdef"],
  runRecipe: ["claude-code:/home/u/.claude/skills/pdf"],
  recipeResult: ["0123456789abcdef"],
  undoUpdate: ["claude-code:/home/u/.claude/skills/pdf"],
  updateHistory: ["claude-code:/home/u/.claude/skills/pdf"],
  addSkill: ["acme/skills", { clients: ["cursor"], skills: ["pdf"], dryRun: true }],
  removeSkill: ["pdf", { dryRun: true }],
  undoRemoveSkill: ["pdf"],
  shareSkill: ["pdf", { clients: ["gemini-cli"], dryRun: false }],
  cancelAddSkill: ["0123456789abcdef"],
  waitForAddArrival: ["0123456789abcdef"],
  pickAddSource: ["archive"],
  setSkillOverride: [{ client: "claude-code", name: "pdf", mode: "off", scope: "user" }],
  undoSkillOverride: ["1700000000000-0123456789ab"],
};

describe("createSkillshelfApi", () => {
  it("has exactly the contract's named methods and nothing generic", () => {
    const api = createSkillshelfApi(fakeIpcRenderer().ipc);
    expect(Object.keys(api).sort()).toEqual(
      [...Object.keys(commandOfMethod), ...Object.keys(eventOfMethod), "pathForDroppedFile"].sort(),
    );
    expect(Object.values(api).every((value) => typeof value === "function")).toBe(true);
    expect(new Set(Object.values(commandOfMethod))).toEqual(new Set(Object.keys(commandArgs)));
  });

  it("invokes each command's own channel with the arguments given, and returns its result", async () => {
    const { ipc, invoked } = fakeIpcRenderer();
    const api = createSkillshelfApi(ipc) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const [method, channel] of Object.entries(commandOfMethod)) {
      const args = sampleArgs[method] ?? [];
      expect(commandArgs[channel](args), `sample args of ${method}`).toBe(true);
      await expect(api[method]!(...args)).resolves.toBe(`result of ${channel}`);
      expect(invoked.at(-1)).toEqual([channel, args]);
    }
    expect(invoked.length).toBe(Object.keys(commandOfMethod).length);
  });

  it("leaves out an optional argument not given, and passes one given", async () => {
    const { ipc, invoked } = fakeIpcRenderer();
    const api = createSkillshelfApi(ipc);
    await api.applyUpdate("0123456789abcdef", undefined);
    await api.applyUpdate("0123456789abcdef", { overwriteLocal: true });
    await api.runRecipe("claude-code:/h/s/pdf", null);
    expect(invoked).toEqual([
      ["update:apply", ["0123456789abcdef"]],
      ["update:apply", ["0123456789abcdef", { overwriteLocal: true }]],
      ["update:run-recipe", ["claude-code:/h/s/pdf", null]],
    ]);
    for (const [channel, args] of invoked) expect(commandArgs[channel as keyof typeof commandArgs](args)).toBe(true);
  });

  it("delivers each event's payload alone to its listener, until unsubscribed", () => {
    const { ipc, emit, count } = fakeIpcRenderer();
    const api = createSkillshelfApi(ipc) as unknown as Record<
      string,
      (listener: (...args: unknown[]) => void) => () => void
    >;
    for (const [method, channel] of Object.entries(eventOfMethod)) {
      const received: unknown[][] = [];
      const unsubscribe = api[method]!((...args) => void received.push(args));
      emit(channel, { n: 1 });
      unsubscribe();
      unsubscribe();
      emit(channel, { n: 2 });
      expect(received, method).toEqual([[{ n: 1 }]]);
      expect(count(channel)).toBe(0);
    }
  });

  it("gives a dropped File's real path through webUtils, and null for anything else", () => {
    const file = new File(["x"], "my-skill");
    const api = createSkillshelfApi(fakeIpcRenderer().ipc, (f) => (f === file ? "/home/me/my-skill" : ""));
    expect(api.pathForDroppedFile(file)).toBe("/home/me/my-skill");
    expect(api.pathForDroppedFile(new File([], "other"))).toBeNull();
    expect(api.pathForDroppedFile({ path: "/etc" })).toBeNull();
    expect(createSkillshelfApi(fakeIpcRenderer().ipc).pathForDroppedFile(file)).toBeNull();
  });

  it("refuses a listener that is not a function", () => {
    const api = createSkillshelfApi(fakeIpcRenderer().ipc);
    expect(() => api.onUpdatesChanged("nope" as never)).toThrow(TypeError);
  });
});
