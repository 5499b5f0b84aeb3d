import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { BIN, runBin } from "../../../test-support/cli";
import { makeTempDir } from "../../../test-support/tmp";

describe("skillshelf serve", () => {
  it("prints a loopback URL with a token, serves the page and answers the API, then stops on SIGTERM", async () => {
    const { dir, cleanup } = await makeTempDir();
    const child = spawn(
      process.execPath,
      [BIN, "serve", "--port", "0", "--home", dir, "--platform", "linux", "--no-poll"],
      { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, SKILLSHELF_CACHE_DIR: `${dir}/cache` } },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[0]);
          }
        });
        child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const { origin, searchParams } = new URL(url);
      const page = await fetch(`${origin}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      const info = await fetch(`${origin}/api/app:info`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Origin: origin,
          "x-skillshelf-token": searchParams.get("token")!,
        },
        body: "[]",
      });
      expect(await info.json()).toMatchObject({ ok: true, value: { host: "web", platform: "linux" } });
      const refused = await fetch(`${origin}/api/app:info`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: origin },
        body: "[]",
      });
      expect(refused.status).toBe(403);
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      await cleanup();
    }
  });

  it("exits 2 for a bad port, platform or home", async () => {
    expect((await runBin(["serve", "--port", "abc"])).code).toBe(2);
    expect((await runBin(["serve", "--platform", "plan9"])).code).toBe(2);
    const run = await runBin(["serve", "--home", "/no/such/home/here"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("does not exist");
  });

  it("takes --server and --github-api like the other commands that ask update servers, and checks them", async () => {
    const badServer = await runBin(["serve", "--server", "ftp://example.test/meta"]);
    expect(badServer.code).toBe(2);
    expect(badServer.stderr).toContain('--server needs an http(s) URL, not "ftp://example.test/meta"');
    const badApi = await runBin(["serve", "--github-api", "not a url"]);
    expect(badApi.code).toBe(2);
    expect(badApi.stderr).toContain('the GitHub API address "not a url" is not an http(s) URL');
    const good = await runBin([
      "serve",
      "--github-api",
      "http://127.0.0.1:9",
      "--server",
      "http://127.0.0.1:9/mcp",
      "--port",
      "x",
    ]);
    expect(good.code).toBe(2);
    expect(good.stderr).toContain("--port must be a number");
    expect(good.stderr).not.toMatch(/unknown option/i);
  });
});
