// The afterPack hook must flip exactly Skillshelf's fuses, on the right binary, for every platform.
import { createRequire } from "node:module";
import path from "node:path";
import { FuseV1Options, FuseVersion } from "@electron/fuses";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const hook = require("./after-pack.cjs") as {
  (context: unknown, fuses?: unknown): Promise<void>;
  fuseConfig(fuses: unknown, platform: string): Record<string | number, unknown>;
};
const realFuses = require("@electron/fuses") as typeof import("@electron/fuses");

function context(electronPlatformName: string) {
  return {
    appOutDir: path.join("/tmp", "release", `${electronPlatformName}-unpacked`),
    electronPlatformName,
    arch: 1,
    packager: { appInfo: { productFilename: "Skillshelf" }, executableName: "skillshelf" },
  };
}

async function flipsFor(electronPlatformName: string) {
  const calls: { binary: string; config: Record<string | number, unknown> }[] = [];
  const fakeFuses = {
    ...realFuses,
    flipFuses: async (binary: string, config: Record<string | number, unknown>) => {
      calls.push({ binary, config });
      return 0;
    },
  };
  await hook(context(electronPlatformName), fakeFuses);
  return calls;
}

describe("after-pack hook", () => {
  it("sets exactly the seven fuses: no RunAsNode, NODE_OPTIONS or --inspect; asar only, with integrity; cookies encrypted; no extra file:// privileges", async () => {
    const [call, ...more] = await flipsFor("linux");
    expect(more).toEqual([]);
    const { version, resetAdHocDarwinSignature, ...fuses } = call!.config;
    expect(version).toBe(FuseVersion.V1);
    expect(resetAdHocDarwinSignature).toBe(false);
    expect(fuses).toEqual({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
  });

  it("flips the executable electron-builder packed on each platform", async () => {
    expect((await flipsFor("linux"))[0]!.binary).toBe(path.join("/tmp/release/linux-unpacked", "skillshelf"));
    expect((await flipsFor("win32"))[0]!.binary).toBe(path.join("/tmp/release/win32-unpacked", "Skillshelf.exe"));
    const mac = (await flipsFor("darwin"))[0]!;
    expect(mac.binary).toBe(path.join("/tmp/release/darwin-unpacked", "Skillshelf.app"));
    expect(mac.config.resetAdHocDarwinSignature).toBe(true);
  });

  it("builds a config @electron/fuses accepts as complete for those fuses", () => {
    const config = hook.fuseConfig(realFuses, "linux");
    for (const key of Object.keys(config).filter((k) => /^\d+$/.test(k))) {
      expect(FuseV1Options[Number(key)], `fuse index ${key}`).toBeTypeOf("string");
    }
  });
});
