// Start-up recovery through the handler session: a swap killed half-way (a real child process, SIGKILL) leaves a
// journal; a new session finishes or undoes it after its first catalog, before any install command, and says so.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { readJournals } from "../engine/transaction/journal";
import type { DesktopIntegration } from "./context";
import { createEngine } from "./engine";
import { createHandlerSession } from "./handlers";

const CHILD = fileURLToPath(new URL("../../test-support/swap-child.ts", import.meta.url));

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const skillMd = (version: string) =>
  `---\nname: demo\ndescription: The demo skill.\nmetadata:\n  version: "${version}"\n---\n\n# Demo ${version}\n`;

/** Runs the swap child and kills it (SIGKILL, by itself) at `step`; resolves with the signal it ended by. */
function killedSwap(args: string[]): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) =>
      code ? reject(new Error(`swap child failed (${code}): ${stderr}`)) : resolve(signal),
    );
  });
}

const desktop: DesktopIntegration = {
  reveal: async () => undefined,
  openInEditor: async () => undefined,
  openExternal: async () => true,
  pickFolder: async () => null,
};

describe("start-up recovery in the handler session", () => {
  it("finishes a swap killed half-way once the first catalog is in, before any install command, and logs it", async () => {
    const tmp = await makeTempDir();
    closers.push(tmp.cleanup);
    const home = path.join(tmp.dir, "home");
    const target = path.join(home, ".claude/skills/demo");
    const next = path.join(tmp.dir, "release/demo");
    const dataDir = path.join(tmp.dir, "data");
    await writeTree(target, { "SKILL.md": skillMd("1.0.0") });
    await writeTree(next, { "SKILL.md": skillMd("2.0.0") });
    expect(await killedSwap([target, next, dataDir, "old-moved"])).toBe("SIGKILL");
    expect((await readJournals(dataDir)).length).toBe(1);
    await expect(readFile(path.join(target, "SKILL.md"), "utf8")).rejects.toThrow();

    const logged: string[] = [];
    const scanOptions = {
      home,
      platform: "linux" as const,
      env: {
        SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
        SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
        SKILLSHELF_DATA_DIR: dataDir,
      },
    };
    const session = createHandlerSession({
      host: "web",
      scanOptions,
      desktop,
      emit: () => undefined,
      engine: createEngine(scanOptions),
      liveCatalog: false,
      log: (line) => logged.push(line),
    });
    closers.push(() => session.dispose());
    expect(logged).toEqual([]);
    await session.handlers["catalog:scan"]();
    await expect.poll(() => logged.length, { timeout: 10_000, interval: 50 }).toBe(1);
    expect(logged[0]).toMatch(new RegExp(`^Skillshelf: an interrupted update of ${target} was (finished|undone): `));
    expect(await readJournals(dataDir)).toEqual([]);
    const version = (await readFile(path.join(target, "SKILL.md"), "utf8")).match(/version: "([\d.]+)"/)?.[1];
    expect(version).toBe(logged[0]!.includes("was finished") ? "2.0.0" : "1.0.0");
  });
});
