// The url rules of remote MCP servers: absolute http(s), no userinfo or fragment, plain http only to loopback.
import { describe, expect, it } from "vitest";
import { checkRemote, withoutUserinfo } from "./mcp-remote";

/** Why checkRemote refuses a server's url (the end of its diagnostic's message), or null when it accepts it. */
function urlProblem(url: string): string | null {
  const ctx = { name: "s", root: "/p", realRoot: "/p", file: "/p/mcp.json", at: () => undefined };
  const found = checkRemote({ url }, ctx).filter((d) => d.code === "plugin.mcp.server.url");
  return found[0]?.message ?? null;
}

/** Whether plain http to a host is accepted: only a loopback host. */
const isLoopbackHost = (host: string) => urlProblem(`http://${host}/`) === null;

describe("a remote server's url", () => {
  it.each([
    "https://mcp.example.com/mcp",
    "https://mcp.example.com:8443/a?b=c",
    "http://localhost/mcp",
    "http://LOCALHOST:3000",
    "http://127.0.0.1:1/x",
    "http://127.255.0.9/",
    "http://[::1]:3000/",
    "http://[0:0:0:0:0:0:0:1]/",
    "HTTPS://MCP.EXAMPLE.COM/",
  ])("accepts %s", (url) => {
    expect(urlProblem(url)).toBeNull();
  });

  it.each([
    ["", "empty"],
    [" https://a.example", "spaces"],
    ["https://a.example/\n", "spaces"],
    ["mcp.example.com", "absolute"],
    ["//mcp.example.com", "absolute"],
    ["ws://mcp.example.com", "absolute"],
    ["https:mcp.example.com", "absolute"],
    ["https://user@mcp.example.com", "user information"],
    ["https://:pw@mcp.example.com", "user information"],
    ["https://@mcp.example.com", "user information"],
    ["https://mcp.example.com/#", "fragment"],
    ["https://mcp.example.com/a#b", "fragment"],
    ["http://mcp.example.com", "plain http"],
    ["http://localhost.:1", "plain http"],
    ["http://10.0.0.1", "plain http"],
    ["http://[::ffff:127.0.0.1]/", "plain http"],
    ["http://128.0.0.1", "plain http"],
  ])("refuses %j (%s)", (url, reason) => {
    expect(urlProblem(url)).toContain(reason);
  });
});

describe("isLoopbackHost and withoutUserinfo", () => {
  it("knows loopback hosts as URL parsing writes them", () => {
    expect(["localhost", "127.0.0.1", "127.1.2.3", "[::1]"].every(isLoopbackHost)).toBe(true);
    expect(["localhost.", "example.com", "[::2]", "0.0.0.0"].some(isLoopbackHost)).toBe(false);
  });

  it("removes user:password@ before a URL is shown", () => {
    expect(withoutUserinfo("https://u:s3cret@h.example/x?y#z")).toBe("https://h.example/x?y#z");
    expect(withoutUserinfo("https://h.example/a@b")).toBe("https://h.example/a@b");
  });
});
