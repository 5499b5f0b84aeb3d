import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { chown, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SESSION_HEADER } from "../../../shared/ipc";
import { BIN, runBin } from "../../../test-support/cli";
import { skipBecause } from "../../../test-support/skip";
import { makeTempDir } from "../../../test-support/tmp";

/** Starts `serve` with `extra` flags and environment; resolves with its address and private file once printed. */
async function startServe(dir: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    [BIN, "serve", "--port", "0", "--home", dir, "--platform", "linux", "--no-poll", ...extra],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, SKILLSHELF_CACHE_DIR: `${dir}/cache`, SKILLSHELF_DATA_DIR: `${dir}/data`, ...env },
    },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (out += d.toString()));
  const printed = await new Promise<{ origin: string; file: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing printed: ${out}`)), 20_000);
    const look = () => {
      const origin = /running at (http:\/\/127\.0\.0\.1:\d+)\/\n/.exec(out)?.[1];
      const file = /(file:\/\/\S+\.html)/.exec(out)?.[1];
      if (origin && file) {
        clearTimeout(timer);
        resolve({ origin, file: fileURLToPath(file) });
      } else setTimeout(look, 20);
    };
    look();
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  const stop = async () => {
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    return exited;
  };
  return { child, ...printed, output: () => out, stop };
}

const codeIn = async (file: string) => decodeURIComponent(/#code=([^"&]+)/.exec(await readFile(file, "utf8"))![1]!);

describe("skillshelf serve", () => {
  it("prints its address and a private sign-in file (no key), signs in once with the file's code, stops on SIGTERM", async () => {
    const { dir, cleanup } = await makeTempDir();
    const serve = await startServe(dir);
    try {
      const { origin, file } = serve;
      expect(path.dirname(file)).toBe(path.join(dir, "data", "serve"));
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
      const code = await codeIn(file);
      expect(serve.output()).not.toContain(code);
      expect(serve.output()).not.toMatch(/token=|code=/);
      const page = await fetch(`${origin}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      const ask = (headers: Record<string, string>) =>
        fetch(`${origin}/api/app:info`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin, ...headers },
          body: "[]",
        });
      expect((await ask({})).status).toBe(403);
      const signIn = () =>
        fetch(`${origin}/api/session`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin },
          body: JSON.stringify({ code }),
        });
      const signed = await signIn();
      expect(signed.status).toBe(200);
      const { session } = ((await signed.json()) as { value: { session: string } }).value;
      expect(await (await ask({ [SESSION_HEADER]: session })).json()).toMatchObject({
        ok: true,
        value: { host: "web", platform: "linux", consent: "code" },
      });
      expect((await signIn()).status).toBe(403);
      let next = code;
      for (let i = 0; i < 100 && next === code; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        next = await codeIn(file);
      }
      expect(next).not.toBe(code);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      expect(await serve.stop()).toBe(0);
      await expect(stat(serve.file)).rejects.toThrow();
      await cleanup();
    }
  });

  it("--open hands the browser the private file's path, never an address holding a key or code", async (ctx) => {
    if (process.platform !== "linux") skipBecause(ctx, "the opener replaced here is Linux's xdg-open");
    const { dir, cleanup } = await makeTempDir();
    const bin = path.join(dir, "bin");
    const record = path.join(dir, "opened.txt");
    await mkdir(bin);
    await writeFile(
      path.join(bin, "xdg-open"),
      `#!/bin/sh\nprintf '%s\\n' "$@" > "${record}.tmp"\ncat /proc/$$/cmdline >> "${record}.tmp"\nmv "${record}.tmp" "${record}"\n`,
      { mode: 0o755 },
    );
    const serve = await startServe(dir, ["--open"], { PATH: `${bin}:${process.env.PATH ?? ""}` });
    try {
      let opened = "";
      for (let i = 0; i < 200 && !opened; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        opened = await readFile(record, "utf8").catch(() => "");
      }
      const args = opened.split("\n")[0]!;
      expect(args).toBe(serve.file);
      const code = await codeIn(serve.file);
      expect(opened).not.toContain(code);
      expect(opened).not.toMatch(/token|code=|http:/);
      expect((await stat(serve.file)).mode & 0o777).toBe(0o600);
      expect((await stat(path.dirname(serve.file))).mode & 0o777).toBe(0o700);
      expect((await stat(path.dirname(serve.file))).uid).toBe(process.getuid!());
    } finally {
      expect(await serve.stop()).toBe(0);
      await cleanup();
    }
  });

  it("refuses a sign-in folder another user owns", async (ctx) => {
    if (process.getuid?.() !== 0) skipBecause(ctx, "making a folder another user owns needs root");
    const { dir, cleanup } = await makeTempDir();
    try {
      await mkdir(path.join(dir, "data", "serve"), { recursive: true });
      await chown(path.join(dir, "data", "serve"), 65534, 65534);
      const run = await runBin(["serve", "--port", "0", "--home", dir, "--platform", "linux", "--no-poll"], {
        env: { SKILLSHELF_DATA_DIR: path.join(dir, "data"), SKILLSHELF_CACHE_DIR: path.join(dir, "cache") },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("belongs to another user");
    } finally {
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
