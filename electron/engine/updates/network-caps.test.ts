// Capped network reads against the real loopback servers: an oversized release answer is cut off while it streams, an
// oversized tool result or a 50 MB update_command is not used, and each reason reaches the skill's UpdateInfo.
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Skill } from "../../../shared/model";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { startSkillMetaServer, type SkillMetaServerOptions } from "../../../test-support/servers/skill-meta-server";
import { makeTempDir } from "../../../test-support/tmp";
import { MAX_RELEASE_BODY_BYTES } from "./capped-body";
import { checkUpdates } from "./check";
import { SecretValues, urlEndpoint, type McpEndpoint } from "./endpoints";
import { ReleaseLookup } from "./github-releases";
import { MAX_TOOL_RESULT_BYTES, queryServer, TOOL_RESULT_TOO_LARGE } from "./meta-client";
import { interpretMetaPayload, MAX_UPDATE_COMMAND_LENGTH, MAX_URL_LENGTH } from "./meta-response";
import { SkillMetaSession } from "./meta-session";
import { parseGithubRepo } from "./repository";

const STDIO_SERVER = fileURLToPath(
  new URL("../../../test-support/servers/stdio-skill-meta-server.mjs", import.meta.url),
);
const running: Array<{ close: () => Promise<void> }> = [];
let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await makeTempDir();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  await tmp.cleanup();
});

function skill(name: string, extra: Partial<Skill> = {}): Skill {
  const dir = `/home/u/.claude/skills/${name}`;
  return {
    id: `id-${dir}`,
    name,
    description: `${name} skill`,
    dir,
    realDir: dir,
    client: "claude-code",
    locationId: "loc",
    version: "1.0.0",
    versionSource: "metadata.version",
    contentHash: "h",
    diagnostics: [],
    valid: true,
    links: [],
    userOwned: true,
    ...extra,
  };
}

async function releaseServer(oversizeBytes: number): Promise<RunningReleaseServer> {
  const server = await startReleaseServer({
    releases: { "acme/agentkey": { tag: "v1.3.0" } },
    behaviour: "oversized",
    oversizeBytes,
  });
  running.push(server);
  return server;
}

async function metaEndpoint(opts: SkillMetaServerOptions) {
  const server = await startSkillMetaServer(opts);
  running.push(server);
  return urlEndpoint(server.url);
}

describe("GitHub release answers", () => {
  it("stops reading a 300 MB answer past the cap and says why in the UpdateInfo", async () => {
    const total = 300 * 1024 * 1024;
    const server = await releaseServer(total);
    const releases = new ReleaseLookup({ apiBase: server.url, cacheDir: tmp.dir, timeoutMs: 20_000 });
    const [info] = await checkUpdates([skill("agentkey", { repository: "https://github.com/acme/agentkey" })], {
      releases,
    });
    expect(info).toMatchObject({ state: "unknown", source: "github-release", latest: null });
    expect(info?.reason).toBe(
      "GitHub's answer was larger than 1 MiB, so it was not read and the latest version is not known.",
    );
    expect(server.stats.oversizedWritten).toBeLessThan(total);
  });

  it("reads an answer just under the cap", async () => {
    const server = await releaseServer(MAX_RELEASE_BODY_BYTES - 64 * 1024);
    const result = await new ReleaseLookup({ apiBase: server.url, cacheDir: tmp.dir, timeoutMs: 20_000 }).latest(
      parseGithubRepo("https://github.com/acme/agentkey")!,
    );
    expect(result).toMatchObject({ ok: true, tag: "v9.9.9" });
  });
});

describe("skill-meta tool results", () => {
  it("does not use a tool result over 64 KiB, and says why in the UpdateInfo", async () => {
    const endpoint = await metaEndpoint({
      latest: "2.0.0",
      oversize: { what: "result", bytes: MAX_TOOL_RESULT_BYTES + 1 },
    });
    const result = await queryServer(endpoint, { timeoutMs: 15_000 });
    expect(result.answers.map((a) => a.answer)).toEqual([{ kind: "too-large", reason: TOOL_RESULT_TOO_LARGE }]);
    const [info] = await checkUpdates([skill("agentkey")], {
      session: new SkillMetaSession([endpoint], { timeoutMs: 15_000 }),
    });
    expect(info).toMatchObject({ state: "unknown", source: "skill-meta", latest: null, reason: TOOL_RESULT_TOO_LARGE });
    expect(info?.recipe).toBeUndefined();
  });

  it("cuts off a 50 MB update_command while it streams, and says why in the UpdateInfo", async () => {
    const endpoint = await metaEndpoint({ latest: "2.0.0", oversize: { what: "command", bytes: 50 * 1024 * 1024 } });
    const [info] = await checkUpdates([skill("agentkey")], {
      session: new SkillMetaSession([endpoint], { timeoutMs: 20_000 }),
    });
    expect(info).toMatchObject({ state: "unknown", latest: null, reason: TOOL_RESULT_TOO_LARGE });
    expect(info?.recipe).toBeUndefined();
  });

  it("closes a stdio server whose message passes 1 MiB (a 50 MB update_command), and says why", async () => {
    const endpoint: McpEndpoint = {
      id: "stdio-hostile",
      name: "hostile",
      configuredIn: "test",
      transport: {
        type: "stdio",
        command: process.execPath,
        args: [STDIO_SERVER, "agentkey", "2.0.0"],
        env: new SecretValues({ SKILL_META_TOKEN: "expected", SKILL_META_OVERSIZE_COMMAND: String(50 * 1024 * 1024) }),
      },
    };
    const result = await queryServer(endpoint, { timeoutMs: 20_000 });
    expect(result.answers.map((a) => a.answer)).toEqual([{ kind: "too-large", reason: TOOL_RESULT_TOO_LARGE }]);
  });

  it("refuses an update_command over 1,000 characters and a URL over 2,048 in a small answer", async () => {
    const endpoint = await metaEndpoint({
      latest: "2.0.0",
      recipe: { command: "x".repeat(MAX_UPDATE_COMMAND_LENGTH + 1), kind: "shell" },
    });
    const [info] = await checkUpdates([skill("agentkey")], {
      session: new SkillMetaSession([endpoint], { timeoutMs: 15_000 }),
    });
    expect(info).toMatchObject({ state: "unknown", latest: null });
    expect(info?.reason).toContain("update_command is 1,001 characters long, over the 1,000-character limit");
    const fine = await metaEndpoint({
      latest: "2.0.0",
      recipe: { command: "x".repeat(MAX_UPDATE_COMMAND_LENGTH), kind: "shell" },
    });
    const [ok] = await checkUpdates([skill("agentkey")], {
      session: new SkillMetaSession([fine], { timeoutMs: 15_000 }),
    });
    expect(ok).toMatchObject({ state: "outdated", latest: "2.0.0" });
    expect(ok?.recipe?.command).toHaveLength(MAX_UPDATE_COMMAND_LENGTH);
  });

  it("refuses an answer whose update_doc_url or release_notes_url is over 2,048 characters", () => {
    const base = {
      protocol_version: 1,
      skill_version_latest: "2.0.0",
      client_detected: "unknown",
      update_doc_url: "https://example.com/doc",
    };
    const long = `https://example.com/${"a".repeat(MAX_URL_LENGTH)}`;
    for (const field of ["update_doc_url", "release_notes_url"]) {
      expect(interpretMetaPayload({ ...base, [field]: long })).toEqual({
        kind: "too-large",
        reason: `The update server's ${field} is longer than 2,048 characters, so its answer was not used.`,
      });
    }
    expect(
      interpretMetaPayload({ ...base, update_doc_url: `https://example.com/${"a".repeat(MAX_URL_LENGTH - 20)}` }).kind,
    ).toBe("ok");
  });
});
