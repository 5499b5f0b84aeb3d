// main.ts only wires: the built dist/main/main.cjs, run in plain Node against a recording fake of Electron (the
// typed testing/fake-electron.ts, bundled here for `node --require`), must take the lock, sandbox everything,
// register app:// before ready and serve it, harden contents and session, register every command behind the
// sender and argument checks, set the menu and open the secure window on our own app:// page.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { commandArgs } from "../../shared/ipc";
import { makeTempDir } from "../../test-support/tmp";

const root = path.resolve(__dirname, "../..");
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

let hookFile = "";
let removeHook: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  const { dir, cleanup } = await makeTempDir("skillshelf-fake-electron-");
  removeHook = cleanup;
  hookFile = path.join(dir, "fake-electron-hook.cjs");
  await build({
    entryPoints: [path.join(__dirname, "testing", "fake-electron-hook.ts")],
    outfile: hookFile,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "cjs",
    external: ["electron"],
    logLevel: "warning",
  });
});
afterAll(() => removeHook());

function runMain(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--require", hookFile, path.join(root, "dist", "main", "main.cjs"), ...args],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("dist/main/main.cjs wiring", () => {
  it("opens one secure window on our page with every safeguard in place", async () => {
    const { dir, cleanup } = await makeTempDir();
    cleanups.push(cleanup);
    const run = await runMain(["--home", dir], { FAKE_ELECTRON_USER_DATA: path.join(dir, "userData") });
    const line = run.stdout.split("\n").find((l) => l.startsWith("FAKE-ELECTRON-REPORT "));
    expect(line, run.stderr).toBeDefined();
    const report = JSON.parse(line!.slice("FAKE-ELECTRON-REPORT ".length));

    expect(report.probeError).toBeUndefined();
    expect(report.sandboxEnabled).toBe(true);
    expect(report.singleInstanceRequested).toBe(true);
    expect(report.webContentsCreatedListeners).toBe(1);
    expect(report.session.sort()).toEqual([
      "before-request",
      "device-permission",
      "headers-received",
      "permission-check",
      "permission-request",
    ]);
    expect(report.channels).toEqual(Object.keys(commandArgs).sort());
    expect(report.menu).toEqual(expect.arrayContaining(["File", "Edit", "View", "Window", "help"]));

    expect(report.windows).toHaveLength(1);
    const [window] = report.windows;
    expect(window.loaded).toBe("app://skillshelf/index.html");
    expect(window.options.webPreferences).toMatchObject({
      preload: path.join(root, "dist", "preload", "preload.cjs"),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });

    expect(report.ipc.good.ok).toMatchObject({ ok: true, value: { host: "electron" } });
    expect(report.ipc.foreign.error).toMatch(/the sender is not the Skillshelf window/);
    expect(report.ipc.malformed.error).toMatch(/arguments are not what the command accepts/);
    expect(report.contentsHardening).toEqual({ prevented: 2, windowOpen: { action: "deny" } });

    expect(report.privilegedSchemes).toEqual([
      {
        scheme: "app",
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
        beforeReady: true,
      },
    ]);
    expect(report.handledSchemes).toEqual(["app"]);
    const built = existsSync(path.join(root, "dist", "renderer", "index.html"));
    expect(report.appScheme.index).toEqual(
      built ? { status: 200, type: "text/html; charset=utf-8" } : { status: 404, type: "text/plain; charset=utf-8" },
    );
    expect(report.appScheme.traversal.status).toBe(403);
    expect(report.appScheme.post.status).toBe(405);
  });
});
