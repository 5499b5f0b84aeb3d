// The app's command-line options: --home and --include, as `skillshelf serve` takes them.
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanPlatformOf } from "../engine/discovery/locations";
import { mainScanOptions } from "./args";

describe("the app's options", () => {
  const read = (argv: string[]) => {
    const { home, include } = mainScanOptions(argv, "linux", {});
    return { home: home === os.homedir() ? null : home, include };
  };

  it("reads --home and repeated --include, in both spellings, resolved to absolute paths", () => {
    expect(read(["/app", "--home", "fixtures/home", "--include=a", "--include", "/b", "--inspect"])).toEqual({
      home: path.resolve("fixtures/home"),
      include: [path.resolve("a"), "/b"],
    });
  });

  it("ignores flags without a value and everything it does not know", () => {
    expect(read(["--home", "--include", "x", "--other", "y", "--home="])).toEqual({
      home: null,
      include: [path.resolve("x")],
    });
  });
});

describe("mainScanOptions", () => {
  it("scans the real home on the running platform unless told otherwise", () => {
    expect(mainScanOptions([], "linux", { HOME: "/h" })).toEqual({
      home: os.homedir(),
      platform: "linux",
      env: { HOME: "/h" },
      include: [],
    });
    expect(mainScanOptions(["--home", "/fixture"], "darwin", {}).home).toBe(path.resolve("/fixture"));
  });

  it("reads unknown platforms with the Linux layout", () => {
    expect(scanPlatformOf("freebsd")).toBe("linux");
    expect(scanPlatformOf("win32")).toBe("win32");
  });
});
