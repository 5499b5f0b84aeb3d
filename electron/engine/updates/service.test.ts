import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Skill, UpdateInfo } from "../../../shared/model";
import { startSkillMetaServer, type RunningSkillMetaServer } from "../../../test-support/servers/skill-meta-server";
import { makeTempDir } from "../../../test-support/tmp";
import { createUpdateService } from "./service";
import type { PollerClock } from "./poller";

const skill: Skill = { id: "a", name: "agentkey", description: "d", dir: "/s/agentkey", realDir: "/s/agentkey", client: "claude-code", locationId: "l", version: "1.0.0", versionSource: "metadata.version", contentHash: "h", diagnostics: [], valid: true, links: [], userOwned: true };

let server: RunningSkillMetaServer;
let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  server = await startSkillMetaServer({ latest: "1.1.0" });
  tmp = await makeTempDir();
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

describe("createUpdateService", () => {
  it("reuses the session for automatic checks and starts a new one for check now", async () => {
    const timers: Array<() => void> = [];
    const clock: PollerClock = { setTimeout: (fn) => (timers.push(fn), timers.length), clearTimeout: () => undefined };
    const seen: UpdateInfo[][] = [];
    const service = createUpdateService({
      home: tmp.dir, platform: "linux", env: {}, cacheDir: tmp.dir, clock, metaTimeoutMs: 2000,
      catalog: async () => ({ skills: [skill], pluginRoots: [] }),
      extraServers: [{ url: server.url }],
      onUpdates: (u) => seen.push(u),
    });
    const first = await service.check(false);
    expect(first[0]).toMatchObject({ state: "outdated", latest: "1.1.0" });
    await service.check(false);
    expect(server.stats.toolCalls).toBe(1);
    server.setLatest("1.2.0");
    const forced = await service.check(true);
    expect(forced[0]!.latest).toBe("1.2.0");
    expect(server.stats.toolCalls).toBe(2);
    expect(seen).toHaveLength(3);
    service.poller.stop();
  });
});
