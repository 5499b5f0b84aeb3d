// Native notifications: never more than one per skill version, across polls and across restarts.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../shared/model";
import { makeTempDir } from "../../test-support/tmp";
import { announcedFile, createUpdateNotifier } from "./notifications";

const outdated = (name: string, latest: string): UpdateInfo => ({
  skillId: `/skills/${name}`,
  name,
  dir: `/skills/${name}`,
  installed: "1.0.0",
  installedSource: "metadata.version",
  latest,
  state: "outdated",
  source: "skill-meta",
  checkedAt: "2026-11-30T12:00:00.000Z",
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function tempDir(): Promise<string> {
  const { dir, cleanup } = await makeTempDir();
  cleanups.push(cleanup);
  return dir;
}

describe("createUpdateNotifier", () => {
  it("notifies once per skill version, even when polls overlap, and remembers it after a restart", async () => {
    const dir = await tempDir();
    const file = announcedFile(dir);
    const shown: string[] = [];
    const notifier = createUpdateNotifier({ file, show: ({ title }) => void shown.push(title) });

    await Promise.all([notifier.onUpdates([outdated("pdf", "2.0.0")]), notifier.onUpdates([outdated("pdf", "2.0.0")])]);
    await notifier.onUpdates([outdated("pdf", "2.0.0")]);
    expect(shown).toEqual(["Update available: pdf"]);

    const restarted = createUpdateNotifier({ file, show: ({ title }) => void shown.push(title) });
    await restarted.onUpdates([outdated("pdf", "2.0.0"), outdated("docx", "3.0.0")]);
    expect(shown).toEqual(["Update available: pdf", "Update available: docx"]);
    await restarted.onUpdates([outdated("pdf", "2.1.0")]);
    expect(shown.at(-1)).toBe("Update available: pdf");
    expect(shown.length).toBe(3);

    const saved = JSON.parse(await readFile(file, "utf8")) as { announced: string[] };
    expect(saved.announced.sort()).toEqual(["docx@3.0.0", "pdf@2.0.0", "pdf@2.1.0"]);
  });

  it("starts from an empty set when the file is corrupt, and still shows when it cannot save", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "notified-updates.json");
    await writeFile(file, "{not json", "utf8");
    const shown: string[] = [];
    await createUpdateNotifier({ file, show: ({ title }) => void shown.push(title) }).onUpdates([
      outdated("pdf", "2.0.0"),
    ]);
    expect(shown).toEqual(["Update available: pdf"]);

    const blocked = path.join(dir, "blocked");
    await mkdir(path.join(blocked, "notified-updates.json"), { recursive: true });
    const errors: unknown[] = [];
    const notifier = createUpdateNotifier({
      file: path.join(blocked, "notified-updates.json"),
      show: ({ title }) => void shown.push(title),
      onError: (e) => void errors.push(e),
    });
    await notifier.onUpdates([outdated("docx", "2.0.0")]);
    await notifier.onUpdates([outdated("docx", "2.0.0")]);
    expect(shown).toEqual(["Update available: pdf", "Update available: docx"]);
    expect(errors.length).toBeGreaterThan(0);
  });
});
