// The packaging config is checked here, since packaging itself needs the Electron binary this machine lacks.
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Ajv from "ajv";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const require = createRequire(import.meta.url);
type PlatformConfig = { target: (string | { target: string })[]; icon: string };
const config = parse(readFileSync(path.join(root, "electron-builder.yml"), "utf8")) as {
  appId: string;
  productName: string;
  asar: boolean;
  asarUnpack: string[];
  directories: { output: string };
  files: string[];
  afterPack: string;
  mac: PlatformConfig;
  win: PlatformConfig;
  linux: PlatformConfig;
};
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { main: string };

const targetsOf = (platform: "mac" | "win" | "linux"): string[] =>
  config[platform].target.map((t) => (typeof t === "string" ? t : t.target));

describe("electron-builder.yml", () => {
  it("is valid against electron-builder's own configuration schema", () => {
    const schema = JSON.parse(readFileSync(require.resolve("app-builder-lib/scheme.json"), "utf8")) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it("names the app and packs it into an asar", () => {
    expect(config.appId).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(config.productName).toBe("Skillshelf");
    expect(config.asar).toBe(true);
    expect(config.directories.output).toBe("release");
  });

  it("unpacks the scan's read worker from the asar, since a worker thread cannot load a script from inside it", () => {
    expect(config.asarUnpack).toContain("dist/main/read-worker.cjs");
    expect(config.files).toContain("dist/**");
  });

  it("packs the built app and package.json, and the entry point package.json names is among them", () => {
    expect(config.files).toEqual(expect.arrayContaining(["dist/**", "package.json"]));
    expect(pkg.main.startsWith("dist/")).toBe(true);
  });

  it("builds dmg and zip for macOS, nsis for Windows, AppImage and deb for Linux", () => {
    expect(targetsOf("mac").sort()).toEqual(["dmg", "zip"]);
    expect(targetsOf("win")).toEqual(["nsis"]);
    expect(targetsOf("linux").sort()).toEqual(["AppImage", "deb"]);
  });

  it("points every platform at a 512×512 PNG icon that exists", () => {
    for (const platform of ["mac", "win", "linux"] as const) {
      const icon = path.join(root, config[platform].icon);
      expect(existsSync(icon), icon).toBe(true);
      const bytes = readFileSync(icon);
      expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([512, 512]);
    }
  });

  it("flips the fuses after packing through a hook file that exists", () => {
    expect(config.afterPack).toBe("./scripts/after-pack.cjs");
    expect(existsSync(path.join(root, config.afterPack))).toBe(true);
  });
});
