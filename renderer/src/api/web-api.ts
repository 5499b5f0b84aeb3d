// The API object over the web host: commands as POSTs and events from one server-sent event stream, both carrying the
// session secret this tab signed in with (web-session.ts).
import {
  commandOfMethod,
  eventOfMethod,
  type CommandChannel,
  type EventChannel,
  type IpcCommands,
  type IpcEvents,
  type SkillshelfApi,
  unwrapReply,
} from "../../../shared/ipc";
import { eventStreamUrl, hostFetch } from "./web-session";

/** An error the host answered with, in words for the page to show. */
class HostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HostError";
  }
}

type Listener = (payload: unknown) => void;

/** hostFetch, with a host that does not answer said in words. */
async function reachHost(path: string, init: Parameters<typeof hostFetch>[1]): Promise<Response> {
  try {
    return await hostFetch(path, init);
  } catch {
    throw new HostError("Skillshelf's server is not answering. Is `skillshelf serve` still running?");
  }
}

/** Builds the API for a page served by the web host (same origin), signed in by this tab's session. */
export function createWebApi(): SkillshelfApi {
  const listeners = new Map<EventChannel, Set<Listener>>();
  let source: EventSource | null = null;

  function ensureStream(): void {
    if (source) return;
    source = new EventSource(eventStreamUrl());
    for (const channel of Object.values(eventOfMethod)) {
      source.addEventListener(channel, (event) => {
        const payload: unknown = JSON.parse((event as MessageEvent<string>).data);
        for (const listener of listeners.get(channel) ?? []) listener(payload);
      });
    }
  }

  function subscribe<E extends EventChannel>(channel: E) {
    return (listener: (payload: IpcEvents[E]) => void) => {
      ensureStream();
      const set = listeners.get(channel) ?? new Set<Listener>();
      listeners.set(channel, set);
      const wrapped: Listener = (payload) => listener(payload as IpcEvents[E]);
      set.add(wrapped);
      return () => void set.delete(wrapped);
    };
  }

  function command<C extends CommandChannel>(channel: C) {
    return async (...args: Parameters<IpcCommands[C]>): Promise<Awaited<ReturnType<IpcCommands[C]>>> => {
      const res = await reachHost(`/api/${channel}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(args),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!body || typeof body !== "object" || !("ok" in body))
        throw new HostError(`The server refused the request (HTTP ${res.status}).`);
      return unwrapReply(body) as Awaited<ReturnType<IpcCommands[C]>>;
    };
  }

  const openExternalChecked = command(commandOfMethod.openExternal);
  return {
    appInfo: command(commandOfMethod.appInfo),
    scanCatalog: command(commandOfMethod.scanCatalog),
    storedCatalog: command(commandOfMethod.storedCatalog),
    skillLevels: command(commandOfMethod.skillLevels),
    skillResource: command(commandOfMethod.skillResource),
    validatePath: command(commandOfMethod.validatePath),
    openAuthorFolder: command(commandOfMethod.openAuthorFolder),
    closeAuthorFolder: command(commandOfMethod.closeAuthorFolder),
    checkUpdates: command(commandOfMethod.checkUpdates),
    lastUpdates: command(commandOfMethod.lastUpdates),
    revealPath: command(commandOfMethod.revealPath),
    openInEditor: command(commandOfMethod.openInEditor),
    getSettings: command(commandOfMethod.getSettings),
    updateSettings: command(commandOfMethod.updateSettings),
    listConfiguredServers: command(commandOfMethod.listConfiguredServers),
    compareCopies: command(commandOfMethod.compareCopies),
    testServer: command(commandOfMethod.testServer),
    listStdioServers: command(commandOfMethod.listStdioServers),
    reviewStdioServers: command(commandOfMethod.reviewStdioServers),
    approveStdioServer: command(commandOfMethod.approveStdioServer),
    revokeStdioServer: command(commandOfMethod.revokeStdioServer),
    startUpdate: command(commandOfMethod.startUpdate),
    reviewUpdate: command(commandOfMethod.reviewUpdate),
    cancelUpdate: command(commandOfMethod.cancelUpdate),
    applyUpdate: command(commandOfMethod.applyUpdate),
    updateAll: command(commandOfMethod.updateAll),
    openHandoff: command(commandOfMethod.openHandoff),
    revealHandoff: command(commandOfMethod.revealHandoff),
    waitForArrival: command(commandOfMethod.waitForArrival),
    runRecipe: command(commandOfMethod.runRecipe),
    recipeResult: command(commandOfMethod.recipeResult),
    undoUpdate: command(commandOfMethod.undoUpdate),
    updateHistory: command(commandOfMethod.updateHistory),
    updateHistories: command(commandOfMethod.updateHistories),
    updateRecoveries: command(commandOfMethod.updateRecoveries),
    addSkill: command(commandOfMethod.addSkill),
    removeSkill: command(commandOfMethod.removeSkill),
    undoRemoveSkill: command(commandOfMethod.undoRemoveSkill),
    shareSkill: command(commandOfMethod.shareSkill),
    cancelAddSkill: command(commandOfMethod.cancelAddSkill),
    waitForAddArrival: command(commandOfMethod.waitForAddArrival),
    pickAddSource: command(commandOfMethod.pickAddSource),
    openExternal: async (url: string) => {
      const allowed = await openExternalChecked(url);
      if (allowed) window.open(url, "_blank", "noopener,noreferrer");
      return allowed;
    },
    onCatalogChanged: subscribe(eventOfMethod.onCatalogChanged),
    onAuthorChanged: subscribe(eventOfMethod.onAuthorChanged),
    onUpdatesChanged: subscribe(eventOfMethod.onUpdatesChanged),
    onTaskProgress: subscribe(eventOfMethod.onTaskProgress),
    onTaskOutput: subscribe(eventOfMethod.onTaskOutput),
  } satisfies SkillshelfApi;
}

/** Largest archive the page uploads to the web host for Add (the host refuses more too). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/** Uploads a file the browser picked to the web host for Add; resolves with its path on the host. */
export async function uploadAddSource(file: File): Promise<string> {
  if (file.size > MAX_UPLOAD_BYTES)
    throw new HostError(`${file.name} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, so it was not uploaded.`);
  const res = await reachHost(`/api/upload-source?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    headers: { "Content-Type": "application/octet-stream" },
    body: file,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!body || typeof body !== "object" || !("ok" in body))
    throw new HostError(`The server refused the upload (HTTP ${res.status}).`);
  const value = unwrapReply(body);
  if (typeof value !== "string") throw new HostError("The server's answer to the upload is not a path.");
  return value;
}

/** The file name a download's Content-Disposition gives, or `fallback`. */
function attachmentName(disposition: string | null, fallback: string): string {
  const quoted = /filename="([^"]+)"/.exec(disposition ?? "");
  return quoted?.[1] ?? fallback;
}

/**
 * Downloads the .skill file an update or an add built (GET /api/handoff/<task>, with this tab's session: a plain link
 * would carry none) and hands it to the browser as a download.
 */
export async function downloadHandoff(taskId: string, fallbackName: string): Promise<void> {
  const res = await reachHost(`/api/handoff/${encodeURIComponent(taskId)}`, {});
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new HostError(
      typeof message === "string" ? message : `The server refused the download (HTTP ${res.status}).`,
    );
  }
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = attachmentName(res.headers.get("Content-Disposition"), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
