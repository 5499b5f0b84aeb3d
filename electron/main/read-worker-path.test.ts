import path from "node:path";
import { describe, expect, it } from "vitest";
import { readWorkerPath } from "./read-worker-path";

const all = () => true;

describe("readWorkerPath", () => {
  it("names the worker beside the main bundle in a development build", () => {
    const mainDir = path.join(path.sep, "repo", "dist", "main");
    expect(readWorkerPath(mainDir, {}, all)).toBe(path.join(mainDir, "read-worker.cjs"));
  });

  it("looks outside the asar once packaged, where electron-builder unpacks the worker", () => {
    const resources = path.join(path.sep, "opt", "Skillshelf", "resources");
    expect(readWorkerPath(path.join(resources, "app.asar", "dist", "main"), {}, all)).toBe(
      path.join(resources, "app.asar.unpacked", "dist", "main", "read-worker.cjs"),
    );
  });

  it("gives none when the worker is not built or SKILLSHELF_SCAN_WORKER_MIN=0 turns it off", () => {
    expect(readWorkerPath("/repo/dist/main", {}, () => false)).toBeUndefined();
    expect(readWorkerPath("/repo/dist/main", { SKILLSHELF_SCAN_WORKER_MIN: "0" }, all)).toBeUndefined();
  });
});
