// Pushes typed events to every connected page as server-sent events.
import type { ServerResponse } from "node:http";
import type { EventChannel, IpcEvents } from "../../shared/ipc";

/** The set of open event streams and how to write to them. */
export class EventStreams {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = 15_000) {
    this.heartbeat = setInterval(() => this.writeAll(": keep-alive\n\n"), heartbeatMs);
    this.heartbeat.unref();
  }

  /** Starts an event stream on a response and keeps it until the page goes away. */
  open(res: ServerResponse, headers: Record<string, string>): void {
    res.writeHead(200, {
      ...headers,
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
    });
    res.write("retry: 1000\n\n");
    res.write("event: ready\ndata: {}\n\n");
    this.clients.add(res);
    res.on("close", () => this.clients.delete(res));
  }

  /** Sends one event to every page. */
  send<E extends EventChannel>(channel: E, payload: IpcEvents[E]): void {
    this.writeAll(`event: ${channel}\ndata: ${JSON.stringify(payload)}\n\n`);
  }

  /** Ends every stream. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private writeAll(chunk: string): void {
    for (const res of this.clients) res.write(chunk);
  }
}
