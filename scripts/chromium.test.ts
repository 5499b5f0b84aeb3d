// The Chromium set-up decides from the facts it is given: use what is there, install Debian's package as root with
// apt-get, else stop with one line naming what to install. Nothing here installs or removes anything for real.
import { describe, expect, it } from "vitest";
import {
  APT_INSTALL_CHROMIUM,
  CHROMIUM_ENV,
  chromiumExecutable,
  decideChromium,
  DEBIAN_CHROMIUM,
  ensureChromium,
  type ChromiumFacts,
} from "./chromium";

/** Facts of a machine where only the listed files are executables. */
function machine(options: {
  files?: string[];
  env?: NodeJS.ProcessEnv;
  isRoot?: boolean;
  hasAptGet?: boolean;
}): ChromiumFacts {
  const files = new Set(options.files ?? []);
  return {
    env: options.env ?? {},
    isExecutable: (file) => files.has(file),
    isRoot: options.isRoot ?? false,
    hasAptGet: options.hasAptGet ?? false,
  };
}

describe("chromiumExecutable", () => {
  it("is Debian's Chromium unless SKILLSHELF_CHROMIUM names another", () => {
    expect(chromiumExecutable({})).toBe("/usr/bin/chromium");
    expect(chromiumExecutable({ [CHROMIUM_ENV]: "  " })).toBe(DEBIAN_CHROMIUM);
    expect(chromiumExecutable({ [CHROMIUM_ENV]: "/opt/chromium/chrome" })).toBe("/opt/chromium/chrome");
  });
});

describe("decideChromium", () => {
  it("uses /usr/bin/chromium when it is there, whoever runs", () => {
    expect(decideChromium(machine({ files: [DEBIAN_CHROMIUM], isRoot: true, hasAptGet: true }))).toEqual({
      action: "use",
      path: DEBIAN_CHROMIUM,
    });
    expect(decideChromium(machine({ files: [DEBIAN_CHROMIUM] }))).toEqual({ action: "use", path: DEBIAN_CHROMIUM });
  });

  it("uses the path in SKILLSHELF_CHROMIUM, and never installs over a wrong one", () => {
    const env = { [CHROMIUM_ENV]: "/opt/chromium/chrome" };
    expect(decideChromium(machine({ env, files: ["/opt/chromium/chrome"] }))).toEqual({
      action: "use",
      path: "/opt/chromium/chrome",
    });
    const wrong = decideChromium(machine({ env, files: [DEBIAN_CHROMIUM], isRoot: true, hasAptGet: true }));
    expect(wrong).toEqual({
      action: "stop",
      message: expect.stringContaining("SKILLSHELF_CHROMIUM is /opt/chromium/chrome, which is not an executable file"),
    });
  });

  it("installs Debian's package when it is missing, running as root with apt-get", () => {
    expect(decideChromium(machine({ isRoot: true, hasAptGet: true }))).toEqual({
      action: "install",
      path: DEBIAN_CHROMIUM,
      commands: APT_INSTALL_CHROMIUM,
    });
    expect(APT_INSTALL_CHROMIUM).toEqual([
      ["apt-get", "update", "-qq"],
      ["apt-get", "install", "-y", "-qq", "chromium"],
    ]);
  });

  it("stops with one line saying what to install when not root", () => {
    const decision = decideChromium(machine({ hasAptGet: true }));
    expect(decision.action).toBe("stop");
    const message = (decision as { message: string }).message;
    expect(message).toContain("sudo apt-get install -y chromium");
    expect(message).toContain(CHROMIUM_ENV);
    expect(message).not.toContain("\n");
  });

  it("stops with one line when there is no apt-get, even as root", () => {
    const decision = decideChromium(machine({ isRoot: true, hasAptGet: false }));
    expect(decision).toEqual({
      action: "stop",
      message: expect.stringContaining(
        "there is no apt-get to install it: install Chromium and set SKILLSHELF_CHROMIUM",
      ),
    });
    expect((decision as { message: string }).message).not.toContain("\n");
  });
});

describe("ensureChromium", () => {
  it("runs nothing when Chromium is there (so it is idempotent)", () => {
    const ran: string[][] = [];
    const result = ensureChromium(
      machine({ files: [DEBIAN_CHROMIUM], isRoot: true, hasAptGet: true }),
      (c, a) => (ran.push([c, ...a]), 0),
      () => undefined,
    );
    expect(result).toEqual({ ok: true, path: DEBIAN_CHROMIUM });
    expect(ran).toEqual([]);
  });

  it("runs apt-get update then install, and uses what they installed", () => {
    const files: string[] = [];
    const facts = {
      ...machine({ isRoot: true, hasAptGet: true }),
      isExecutable: (file: string) => files.includes(file),
    };
    const ran: string[][] = [];
    const said: string[] = [];
    const result = ensureChromium(
      facts,
      (command, args) => {
        ran.push([command, ...args]);
        if (args.includes("install")) files.push(DEBIAN_CHROMIUM);
        return 0;
      },
      (line) => said.push(line),
    );
    expect(ran).toEqual(APT_INSTALL_CHROMIUM);
    expect(result).toEqual({ ok: true, path: DEBIAN_CHROMIUM });
    expect(said).toEqual([expect.stringContaining("installing Debian's chromium package with apt-get")]);
  });

  it("stops with one line naming the failed command when apt-get fails, and runs nothing after it", () => {
    const ran: string[][] = [];
    const result = ensureChromium(
      machine({ isRoot: true, hasAptGet: true }),
      (command, args) => (ran.push([command, ...args]), 100),
      () => undefined,
    );
    expect(ran).toEqual([APT_INSTALL_CHROMIUM[0]]);
    expect(result).toEqual({
      ok: false,
      message: expect.stringContaining(
        "`apt-get update -qq` failed (exit 100): install Chromium with `sudo apt-get install -y chromium`",
      ),
    });
  });

  it("stops when the install ran but Chromium is still not there", () => {
    const result = ensureChromium(
      machine({ isRoot: true, hasAptGet: true }),
      () => 0,
      () => undefined,
    );
    expect(result).toEqual({ ok: false, message: expect.stringContaining("/usr/bin/chromium is still missing") });
  });
});
