// The page is told the same cause for the same code whatever the path: from the engine directly, or through a handler.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test-support/tmp";
import { causeOfCode, EngineError } from "../engine/errors";
import { createEngine } from "./engine";
import { failureOf, replyOf } from "./errors";
import { createHandlerSession, type HandlerSession } from "./handlers";

const open: Array<{ session: HandlerSession; cleanup: () => Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.session.dispose();
    await o.cleanup();
  }
});

async function session(): Promise<HandlerSession> {
  const tmp = await makeTempDir();
  const scanOptions = {
    home: path.join(tmp.dir, "home"),
    platform: "linux" as const,
    env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"), SKILLSHELF_DATA_DIR: path.join(tmp.dir, "data") },
  };
  const created = createHandlerSession({
    host: "web",
    scanOptions,
    desktop: {
      reveal: async () => undefined,
      openInEditor: async () => undefined,
      openExternal: async () => true,
      pickFolder: async () => null,
    },
    emit: () => undefined,
    engine: createEngine(scanOptions),
    liveCatalog: false,
  });
  open.push({ session: created, cleanup: tmp.cleanup });
  return created;
}

describe("failureOf", () => {
  it("tells the page manage.not-installed's cause through the engine and through the manage handlers", async () => {
    const direct = failureOf(new EngineError("manage.not-installed", "No copy of it was found."));
    const h = (await session()).handlers;
    const removed = await replyOf(() => h["manage:remove"]("nowhere", { dryRun: false }));
    const shared = await replyOf(() => h["manage:share"]("nowhere", { clients: ["cursor"], dryRun: false }));
    expect(direct).toEqual({ message: "No copy of it was found.", cause: "not-found" });
    expect(removed).toMatchObject({ ok: false, error: { cause: causeOfCode("manage.not-installed") } });
    expect(shared).toMatchObject({ ok: false, error: { cause: causeOfCode("manage.not-installed") } });
  });

  it("keeps an error's own cause and words, and tells any other error apart", () => {
    expect(failureOf(new EngineError("app.refused", "Not that folder.", "locked"))).toEqual({
      message: "Not that folder.",
      cause: "locked",
    });
    expect(failureOf(new Error("boom"))).toEqual({ message: "Something went wrong: boom", cause: "unknown" });
  });
});
