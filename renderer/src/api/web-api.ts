// The API object over the web host: commands as POSTs and events from one server-sent event stream, both carrying the
// session secret this tab signed in with (web-session.ts).
import {
  commandEntries,
  eventEntries,
  unwrapReply,
  wireArgs,
  type CommandMethods,
  type EventChannel,
  type EventMethods,
  type SkillshelfApi,
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
    for (const [, channel] of eventEntries) {
      source.addEventListener(channel, (event) => {
        const payload: unknown = JSON.parse((event as MessageEvent<string>).data);
        for (const listener of listeners.get(channel) ?? []) listener(payload);
      });
    }
  }

  function subscribe(channel: EventChannel) {
    return (listener: Listener) => {
      ensureStream();
      const set = listeners.get(channel) ?? new Set<Listener>();
      listeners.set(channel, set);
      const wrapped: Listener = (payload) => listener(payload);
      set.add(wrapped);
      return () => void set.delete(wrapped);
    };
  }

  function command(channel: string) {
    return async (...args: unknown[]): Promise<unknown> => {
      const res = await reachHost(`/api/${channel}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(wireArgs(args)),
      });
      const body: unknown = await res.json().catch(() => null);
      if (!body || typeof body !== "object" || !("ok" in body))
        throw new HostError(`The server refused the request (HTTP ${res.status}).`);
      return unwrapReply(body);
    };
  }

  const commands = Object.fromEntries(
    commandEntries.map(([method, { channel }]) => [method, command(channel)]),
  ) as CommandMethods;
  const events = Object.fromEntries(
    eventEntries.map(([method, channel]) => [method, subscribe(channel)]),
  ) as EventMethods;
  return {
    ...commands,
    ...events,
    /** The host only checks the URL; the browser opens it, in a new tab without a way back to this page. */
    openExternal: async (url: string) => {
      const allowed = await commands.openExternal(url);
      if (allowed) window.open(url, "_blank", "noopener,noreferrer");
      return allowed;
    },
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
