import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Plugin, Skill } from "../../../shared/model";
import {
  startSkillMetaServer,
  type RunningSkillMetaServer,
  type SkillMetaServerOptions,
} from "../../../test-support/servers/skill-meta-server";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { makeTempDir } from "../../../test-support/tmp";
import { checkUpdates } from "./check";
import { urlEndpoint } from "./endpoints";
import { ReleaseLookup } from "./github-releases";
import { SkillMetaSession } from "./meta-session";

function skill(name: string, version: string | null, extra: Partial<Skill> = {}): Skill {
  const dir = extra.dir ?? `/home/u/.claude/skills/${name}`;
  return {
    id: `id-${dir}`,
    name,
    description: `${name} skill`,
    dir,
    realDir: dir,
    client: "claude-code",
    locationId: "loc",
    version,
    versionSource: version === null ? null : "metadata.version",
    contentHash: "h",
    diagnostics: [],
    valid: true,
    links: [],
    userOwned: true,
    ...extra,
  };
}

const running: Array<{ close: () => Promise<void> }> = [];
let releases: RunningReleaseServer;
let tmp: { dir: string; cleanup: () => Promise<void> };

async function metaServer(opts: SkillMetaServerOptions = {}): Promise<RunningSkillMetaServer> {
  const s = await startSkillMetaServer(opts);
  running.push(s);
  return s;
}
// Answers that should arrive get a deadline no loaded machine reaches; only the slow-server case uses a short one
// (against a server that waits far longer), so no result depends on the machine's speed.
function session(...servers: RunningSkillMetaServer[]): SkillMetaSession {
  return new SkillMetaSession(
    servers.map((s) => urlEndpoint(s.url)),
    { timeoutMs: 15_000 },
  );
}
function shortSession(server: RunningSkillMetaServer): SkillMetaSession {
  return new SkillMetaSession([urlEndpoint(server.url)], { timeoutMs: 300 });
}
function lookup(): ReleaseLookup {
  return new ReleaseLookup({ apiBase: releases.url, cacheDir: tmp.dir, timeoutMs: 15_000 });
}

beforeEach(async () => {
  releases = await startReleaseServer({
    releases: {
      "acme/agentkey": { tag: "v1.3.1" },
      "acme/other": { tag: "v2.0.0" },
      "acme/weird": { tag: "latest-build" },
    },
  });
  tmp = await makeTempDir();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  await releases.close();
  await tmp.cleanup();
});

describe("checkUpdates of thousands of copies", () => {
  it("starts a bounded number of copies at a time, so the answering thread is never held by all of them", async () => {
    const skills = Array.from({ length: 3_000 }, (_, i) => skill(`s${i}`, "1.0.0"));
    let started = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const checking = checkUpdates(skills, {
      remote: async () => {
        started++;
        await held;
        return null;
      },
    });
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBeGreaterThan(0);
    expect(started).toBeLessThanOrEqual(256);
    release();
    const infos = await checking;
    expect(started).toBe(3_000);
    expect(infos.map((i) => i.name)).toEqual(skills.map((s) => s.name));
    expect(new Set(infos.map((i) => i.cause))).toEqual(new Set(["no-source"]));
  });
});

describe("checkUpdates with skill-meta", () => {
  it("answers once per installed copy, asking each server once per session", async () => {
    const server = await metaServer({ latest: "1.3.0" });
    const desktop = skill("agentkey", "1.2.0", {
      dir: "/d/skills-plugin/a/b/skills/agentkey",
      client: "claude-desktop",
      userOwned: false,
    });
    const code = skill("agentkey", "1.2.0");
    const unrelated = skill("other", "1.0.0");
    const s = session(server);
    const infos = await checkUpdates([desktop, code, unrelated], { session: s });
    expect(infos.map((i) => [i.dir, i.state, i.source, i.latest])).toEqual([
      [desktop.dir, "outdated", "skill-meta", "1.3.0"],
      [code.dir, "outdated", "skill-meta", "1.3.0"],
      [unrelated.dir, "unknown", "none", null],
    ]);
    expect(infos[0]).toMatchObject({
      installed: "1.2.0",
      installedSource: "metadata.version",
      updateDocUrl: "https://github.com/example/agentkey/releases/latest",
    });
    await checkUpdates([code], { session: s });
    expect(server.stats.toolCalls).toBe(1);
    await checkUpdates([code], { session: session(server) });
    expect(server.stats.toolCalls).toBe(2);
  });

  it("shows update_command verbatim, and an unknown kind as manual_ui", async () => {
    const command = "npx -y skills update -g agentkey && echo 'done' # exact";
    const shell = await metaServer({ recipe: { command, kind: "shell" } });
    const [a] = await checkUpdates([skill("agentkey", "1.0.0")], { session: session(shell) });
    expect(a!.recipe).toEqual({ kind: "shell", command });
    const odd = await metaServer({ behaviour: "unknown-kind" });
    const [b] = await checkUpdates([skill("agentkey", "1.0.0")], { session: session(odd) });
    expect(b!.recipe).toEqual({ kind: "manual_ui", command: "Open Settings → Skills → Reinstall" });
  });

  it("never offers a downgrade: a newer installed pre-release is ahead, without a recipe", async () => {
    const server = await metaServer({
      latest: "1.3.0",
      recipe: { command: "npx -y skills update -g agentkey", kind: "shell" },
    });
    const [info] = await checkUpdates([skill("agentkey", "1.4.0-beta.1")], { session: session(server) });
    expect(info).toMatchObject({ state: "ahead", latest: "1.3.0" });
    expect(info!.recipe).toBeUndefined();
    const [same] = await checkUpdates([skill("agentkey", "1.3.0")], { session: session(server) });
    expect(same!.state).toBe("up-to-date");
  });

  it("treats an empty latest version as unknown, with no prompt", async () => {
    const server = await metaServer({ behaviour: "offline" });
    const [info] = await checkUpdates([skill("agentkey", "1.0.0")], { session: session(server) });
    expect(info).toMatchObject({
      state: "unknown",
      source: "skill-meta",
      latest: null,
      updateDocUrl: "https://github.com/example/agentkey/releases/latest",
    });
    expect(info!.reason).toMatch(/could not find out/);
    expect(info!.recipe).toBeUndefined();
  });

  it("uses only update_doc_url from a protocol_version 2 answer", async () => {
    const server = await metaServer({ behaviour: "v2" });
    const [info] = await checkUpdates([skill("agentkey", "1.0.0")], { session: session(server) });
    expect(info).toMatchObject({
      state: "unknown",
      latest: null,
      updateDocUrl: "https://github.com/example/agentkey/releases/latest",
    });
    expect(info!.recipe).toBeUndefined();
    expect(info!.releaseNotesUrl).toBeUndefined();
  });

  it("skips silently an absent tool, an error, non-JSON, a schema failure and a slow server, then falls back to GitHub", async () => {
    for (const behaviour of ["absent", "error", "non-json", "schema-invalid", "slow"] as const) {
      const server = await metaServer({ behaviour, slowMs: 60_000 });
      const [info] = await checkUpdates(
        [skill("agentkey", "1.2.0", { repository: "https://github.com/acme/agentkey" })],
        { session: behaviour === "slow" ? shortSession(server) : session(server), releases: lookup() },
      );
      expect(info, behaviour).toMatchObject({ state: "outdated", source: "github-release", latest: "1.3.1" });
      expect(JSON.stringify(info)).not.toMatch(/protocol_version|skill_version_latest/);
    }
  });
});

describe("skill-meta first", () => {
  it("uses the skill-meta answer when both a server and a GitHub release answer, whichever is newer", async () => {
    const repository = "https://github.com/acme/agentkey";
    const older = await metaServer({ latest: "1.3.0" });
    const [outdated] = await checkUpdates([skill("agentkey", "1.2.0", { repository })], {
      session: session(older),
      releases: lookup(),
    });
    expect(outdated).toMatchObject({ state: "outdated", source: "skill-meta", latest: "1.3.0" });
    const current = await metaServer({ latest: "1.2.0" });
    const [upToDate] = await checkUpdates([skill("agentkey", "1.2.0", { repository })], {
      session: session(current),
      releases: lookup(),
    });
    expect(upToDate).toMatchObject({ state: "up-to-date", source: "skill-meta", latest: "1.2.0" });
  });
});

describe("what failed, and which plugin", () => {
  it("names GitHub when it cannot be reached, and marks a plugin's skills with the plugin they are updated with", async () => {
    await releases.close();
    const root = "/home/u/.claude/plugins/kit";
    const member = skill("dependency-audit", null, {
      pluginId: "p1",
      dir: `${root}/skills/dependency-audit`,
      repository: "https://github.com/acme/agentkey",
    });
    const plugin = {
      id: "p1",
      name: "security-kit",
      format: "claude-code",
      root,
      manifest: null,
      version: "1.0.0",
      description: null,
      repository: "https://github.com/acme/agentkey",
      skills: [member],
      mcpServers: [],
      diagnostics: [],
      valid: true,
      loads: true,
    } satisfies Plugin;
    const [info] = await checkUpdates([member], { releases: lookup(), plugins: [plugin] });
    expect(info).toMatchObject({
      state: "unknown",
      installed: "1.0.0",
      installedSource: "plugin.version",
      failedSource: "GitHub",
      plugin: { id: "p1", name: "security-kit", format: "claude-code" },
    });
    releases = await startReleaseServer({ releases: {} });
  });
});

describe("checkUpdates with GitHub releases", () => {
  it("compares with the latest release and says why when it cannot", async () => {
    const infos = await checkUpdates(
      [
        skill("agentkey", "1.3.1", { repository: "acme/agentkey" }),
        skill("other", "2.1.0", { repository: "https://github.com/acme/other" }),
        skill("weird", "1.0.0", { repository: "https://github.com/acme/weird" }),
        skill("noversion", null, { repository: "https://github.com/acme/other" }),
        skill("missing", "1.0.0", { repository: "https://github.com/acme/missing" }),
        skill("locked", "1.0.0", {
          lock: {
            lockFile: "/l.json",
            source: "acme/agentkey",
            sourceType: "github",
            sourceUrl: "https://github.com/acme/agentkey.git",
            skillPath: "skills/x/SKILL.md",
            skillFolderHash: null,
          },
        }),
      ],
      { releases: lookup() },
    );
    expect(infos.map((i) => i.state)).toEqual(["up-to-date", "ahead", "unknown", "unknown", "unknown", "outdated"]);
    expect(infos[2]!.reason).toMatch(/not a SemVer/);
    expect(infos[3]!.reason).toMatch(/does not say which version/);
    expect(infos[4]!.reason).toMatch(/no published release/);
    expect(infos.map((i) => i.cause)).toEqual([
      undefined,
      undefined,
      "not-comparable",
      "not-comparable",
      "not-found",
      undefined,
    ]);
    expect(releases.stats.apiRequests).toBe(4);
  });

  it("names the cause of every unknown state where it is known, so no page reads the sentence", async () => {
    const [none] = await checkUpdates([skill("nowhere", "1.0.0")], { releases: lookup() });
    expect(none).toMatchObject({ state: "unknown", cause: "no-source" });
    releases.setBehaviour("rate-limited");
    const [limited] = await checkUpdates([skill("agentkey", "1.0.0", { repository: "acme/agentkey" })], {
      releases: lookup(),
    });
    expect(limited).toMatchObject({ state: "unknown", cause: "rate-limited" });
    const closed = await startReleaseServer();
    await closed.close();
    const offline = new ReleaseLookup({ apiBase: closed.url, cacheDir: path.join(tmp.dir, "offline") });
    const [unreachable] = await checkUpdates([skill("agentkey", "1.0.0", { repository: "acme/agentkey" })], {
      releases: offline,
    });
    expect(unreachable).toMatchObject({ state: "unknown", cause: "offline" });
  });
});

describe("secrets", () => {
  it("keeps header values and tokens out of logs and the cache folder", async () => {
    const header = "Bearer mcp-header-secret-42";
    const token = "ghp_token-secret-43";
    const server = await metaServer({ requireHeaders: { authorization: header } });
    const lines: string[] = [];
    const s = new SkillMetaSession([urlEndpoint(`${server.url}?key=url-secret-44`, { Authorization: header })], {
      timeoutMs: 15_000,
      log: (l) => lines.push(l),
    });
    const r = new ReleaseLookup({ apiBase: releases.url, cacheDir: tmp.dir, token, log: (l) => lines.push(l) });
    const infos = await checkUpdates(
      [skill("agentkey", "1.0.0", { repository: "acme/other" }), skill("other", "1.0.0", { repository: "acme/other" })],
      { session: s, releases: r },
    );
    expect(infos.map((i) => i.state)).toEqual(["outdated", "outdated"]);
    expect(lines.length).toBeGreaterThan(0);
    const everything = [
      lines.join("\n"),
      JSON.stringify(infos),
      JSON.stringify(s.endpoints.map((e) => ({ ...e, transport: { ...e.transport, url: undefined } }))),
    ];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir)) {
        const file = path.join(dir, entry);
        if ((await stat(file)).isDirectory()) await walk(file);
        else everything.push(await readFile(file, "utf8"));
      }
    };
    await walk(tmp.dir);
    for (const secret of ["mcp-header-secret-42", "ghp_token-secret-43", "url-secret-44"]) {
      expect(everything.join("\n")).not.toContain(secret);
    }
  });
});
