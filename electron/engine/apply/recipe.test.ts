// Recipes: refused when they hide something, run for real through a shell with output streamed, stopped by an AbortSignal.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { recipeHandling, recipeProblem, runRecipe, shellInvocation } from "./recipe";

const posix = process.platform !== "win32";

let tmp: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir: tmp, cleanup } = await makeTempDir("skillshelf-recipe-")));
afterAll(async () => cleanup());

/** True while a process exists and is not a zombie (a container's init may never reap one). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

describe("recipeProblem", () => {
  it("accepts a plain command", () => {
    expect(recipeProblem("npx -y skills update -g agentkey")).toBeNull();
  });

  it.each([
    ["a carriage return", "npx skills update\rrm -rf ~", /line break \(\\r\)/],
    ["a line feed", "true\necho more", /line break \(\\n\)/],
    ["an escape sequence", "npx skills update \u001b[8mhidden", /control character \(\\x1b\)/],
    ["a C1 control", "npx skills update \u009b31m", /control character \(\\u009b\)/],
    ["a NUL", "npx\u0000skills", /NUL/],
    ["a right-to-left override", "echo \u202egnp.exe", /bidirectional control \(\\u202e\)/],
    ["nothing", "   ", /empty/],
    ["a zero-width space", "npx skills up\u200bdate agentkey", /invisible or format character \(\\u200b\)/],
    ["a left-to-right mark", "npx skills update\u200e agentkey", /invisible or format character \(\\u200e\)/],
    ["a right-to-left mark", "npx skills update\u200f agentkey", /invisible or format character \(\\u200f\)/],
    ["an Arabic letter mark", "npx skills update\u061c agentkey", /invisible or format character \(\\u061c\)/],
    ["a tag character", "npx skills update agentkey\u{e0041}", /invisible or format character \(\\u\{e0041\}\)/],
    ["a cancel tag", "npx skills update agentkey\u{e007f}", /invisible or format character \(\\u\{e007f\}\)/],
    ["a variation selector (default ignorable)", "npx skills update\ufe0f agentkey", /invisible or format/],
    ["a byte order mark", "\ufeffnpx skills update agentkey", /invisible or format character \(\\ufeff\)/],
  ])("refuses %s with the reason", (_what, command, reason) => {
    expect(recipeProblem(command)).toMatch(reason);
  });

  it("refuses a command over 1,000 characters and accepts one of exactly 1,000", () => {
    expect(recipeProblem("x".repeat(1_000))).toBeNull();
    expect(recipeProblem("x".repeat(1_001))).toMatch(/1,001 characters long, over the 1,000/);
  });
});

describe("recipeHandling", () => {
  it("runs only shell recipes; manual_ui and unknown kinds are instructions", () => {
    expect(recipeHandling("shell").runnable).toBe(true);
    expect(recipeHandling("manual_ui")).toMatchObject({ runnable: false, note: expect.stringContaining("by hand") });
    expect(recipeHandling("powershell\u001b[2J")).toMatchObject({
      runnable: false,
      note: expect.stringContaining("unknown kind (powershell\\x1b[2J)"),
    });
  });
});

describe("shellInvocation", () => {
  it("uses $SHELL -c, /bin/sh -c without it, and cmd.exe /d /s /c on Windows, the command as one argument", () => {
    expect(shellInvocation("echo hi", { platform: "linux", env: { SHELL: "/bin/zsh" } })).toEqual({
      file: "/bin/zsh",
      args: ["-c", "echo hi"],
      windowsVerbatimArguments: false,
    });
    expect(shellInvocation("echo hi", { platform: "darwin", env: {} })).toMatchObject({
      file: "/bin/sh",
      args: ["-c", "echo hi"],
    });
    expect(shellInvocation("echo hi", { platform: "linux", env: { SHELL: "zsh" } }).file).toBe("/bin/sh");
    expect(shellInvocation("npx skills update", { platform: "win32", env: {} })).toEqual({
      file: "cmd.exe",
      args: ["/d", "/s", "/c", '"npx skills update"'],
      windowsVerbatimArguments: true,
    });
  });
});

describe.skipIf(!posix)(
  "runRecipe (skipped on Windows: these recipes are POSIX sh; the Windows invocation is covered above)",
  () => {
    it("streams stdout and stderr and reports the exit status", async () => {
      const chunks: Array<{ chunk: string; stream: string }> = [];
      const result = await runRecipe("printf 'a\\nb'; printf 'oops' >&2; exit 3", {
        shell: "/bin/sh",
        cwd: tmp,
        onOutput: (chunk, stream) => chunks.push({ chunk, stream }),
      });
      expect(result).toEqual({ exitCode: 3, signal: null, cancelled: false });
      expect(
        chunks
          .filter((c) => c.stream === "stdout")
          .map((c) => c.chunk)
          .join(""),
      ).toBe("a\nb");
      expect(
        chunks
          .filter((c) => c.stream === "stderr")
          .map((c) => c.chunk)
          .join(""),
      ).toBe("oops");
    });

    it("runs in the given folder through $SHELL from the environment", async () => {
      let out = "";
      const result = await runRecipe("pwd", {
        cwd: tmp,
        env: { ...process.env, SHELL: "/bin/sh" },
        onOutput: (chunk) => (out += chunk),
      });
      expect(result.exitCode).toBe(0);
      expect(out.trim()).toBe(tmp);
    });

    it("refuses a recipe with a carriage return or an escape before anything runs", async () => {
      const outputs: string[] = [];
      await expect(
        runRecipe("echo ran\recho hidden", { shell: "/bin/sh", onOutput: (c) => outputs.push(c) }),
      ).rejects.toMatchObject({ name: "RecipeRefusedError" });
      await expect(
        runRecipe("echo \u001b]0;title\u0007", { shell: "/bin/sh", onOutput: (c) => outputs.push(c) }),
      ).rejects.toThrow(/control character/);
      expect(outputs).toEqual([]);
    });

    it("an AbortSignal stops the command and what it started", async () => {
      const controller = new AbortController();
      let out = "";
      const result = await runRecipe("sleep 60 & echo child $!; wait", {
        shell: "/bin/sh",
        signal: controller.signal,
        onOutput: (chunk) => {
          out += chunk;
          if (/child \d+\n/.test(out)) controller.abort();
        },
      });
      expect(result.cancelled).toBe(true);
      expect(result.exitCode === null ? result.signal : "exited").toBe("SIGTERM");
      const child = Number(/child (\d+)/.exec(out)![1]);
      for (let i = 0; i < 100 && alive(child); i++) await new Promise((r) => setTimeout(r, 50));
      expect(alive(child)).toBe(false);
    });
  },
);
