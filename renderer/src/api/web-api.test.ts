// The web page's API object: exactly the command table's methods and the event table's, each a POST to its own
// channel carrying the arguments as the host's validator takes them.
import { afterEach, describe, expect, it, vi } from "vitest";
import { commandArgs, commandOfMethod, eventOfMethod } from "../../../shared/ipc";
import { createWebApi } from "./web-api";

/** Records each request the API makes and answers it as the host would. */
function recordFetch() {
  const requests: { path: string; method: string | undefined; body: unknown }[] = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    requests.push({ path, method: init.method, body: JSON.parse(String(init.body)) });
    return new Response(JSON.stringify({ ok: true, value: `result of ${path}` }), {
      headers: { "Content-Type": "application/json" },
    });
  });
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe("createWebApi", () => {
  it("has exactly the table's command and event methods", () => {
    const api = createWebApi();
    expect(Object.keys(api).sort()).toEqual([...Object.keys(commandOfMethod), ...Object.keys(eventOfMethod)].sort());
    expect(Object.values(api).every((value) => typeof value === "function")).toBe(true);
  });

  it("posts each command to its own channel, an optional argument left out absent", async () => {
    const requests = recordFetch();
    const api = createWebApi();
    await expect(api.applyUpdate("0123456789abcdef", undefined)).resolves.toBe("result of /api/update:apply");
    await api.addSkill("acme/skills", { clients: ["cursor"], dryRun: true });
    await api.appInfo();
    expect(requests).toEqual([
      { path: "/api/update:apply", method: "POST", body: ["0123456789abcdef"] },
      { path: "/api/manage:add", method: "POST", body: ["acme/skills", { clients: ["cursor"], dryRun: true }] },
      { path: "/api/app:info", method: "POST", body: [] },
    ]);
    const channelOf = (path: string) => path.slice("/api/".length) as keyof typeof commandArgs;
    for (const { path, body } of requests) expect(commandArgs[channelOf(path)](body as unknown[]), path).toBe(true);
  });
});
