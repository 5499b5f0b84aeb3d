import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TaskProgress } from "../../../shared/model";
import { makeTempDir, writeTree } from "../../../test-support/tmp";
import { tarGzOf, zipOf } from "../../../test-support/archives";
import { startReleaseServer, type RunningReleaseServer } from "../../../test-support/servers/release-server";
import { downloadFile } from "./download";
import type { EngineError } from "../errors";
import { obtainSkill, releaseFileSource } from "./obtain";

let tmp: { dir: string; cleanup: () => Promise<void> };
let server: RunningReleaseServer;
let dataDir: string;
beforeEach(async () => {
  tmp = await makeTempDir();
  dataDir = path.join(tmp.dir, "data");
  server = await startReleaseServer({
    releases: { "acme/report": { tag: "v2.1.0", assets: { "big.zip": new Uint8Array(300_000) } } },
  });
});
afterEach(async () => {
  await server.close();
  await tmp.cleanup();
});

const skillMd = (name: string, version = "1.0.0") =>
  `---\nname: ${name}\ndescription: The ${name} skill.\nmetadata:\n  version: "${version}"\n---\n\n# ${name}\n`;
const asset = (name: string) => `${server.url}/download/acme/report/v2.1.0/${name}`;
const stagingLeft = async () => readdir(path.join(dataDir, "staging")).catch(() => []);

describe("obtainSkill", () => {
  it("downloads a release asset with progress, unpacks and validates it in staging", async () => {
    const progress: TaskProgress[] = [];
    const got = await obtainSkill(
      { url: asset("report.zip") },
      { dataDir, expectName: "report", onProgress: (p) => progress.push(p) },
    );
    expect(got).toMatchObject({ name: "report", version: "2.1.0" });
    expect(got.skillDir.startsWith(path.join(dataDir, "staging"))).toBe(true);
    expect(await readFile(path.join(got.skillDir, "SKILL.md"), "utf8")).toContain("Version 2.1.0.");
    expect(progress.at(-1)).toMatchObject({ kind: "download", value: 1 });
    await got.cleanup();
    expect(await stagingLeft()).toEqual([]);
  });

  it("finds the skill in the tag's source archives (zip through a redirect, and tar.gz): REPO-TAG/skills/NAME", async () => {
    for (const kind of ["zipball", "tarball"]) {
      const got = await obtainSkill(
        { url: `${server.url}/repos/acme/report/${kind}/v2.1.0` },
        { dataDir, expectName: "report" },
      );
      expect(got.skillDir.split(path.sep).slice(-3)).toEqual(["report-2.1.0", "skills", "report"]);
      expect(await readFile(path.join(got.skillDir, "references/guide.md"), "utf8")).toContain("2.1.0");
      await got.cleanup();
    }
  });

  it("refuses a release whose skill has another name, a failed checksum and a file over the cap, leaving nothing staged", async () => {
    await expect(obtainSkill({ url: asset("report.zip") }, { dataDir, expectName: "other" })).rejects.toMatchObject({
      code: "install.skill.name-mismatch",
    });
    const single = path.join(tmp.dir, "single.zip");
    await writeFile(single, zipOf({ "report/SKILL.md": skillMd("report") }));
    await expect(obtainSkill({ file: single }, { dataDir, expectName: "agentkey" })).rejects.toMatchObject({
      code: "install.skill.name-mismatch",
      message: expect.stringMatching(/holds the skill "report", not "agentkey"/),
    });
    await expect(
      obtainSkill({ url: asset("report.zip") }, { dataDir, expectName: "report", sha256: "0".repeat(64) }),
    ).rejects.toMatchObject({ code: "install.download.checksum" });
    await expect(
      obtainSkill({ url: asset("big.zip") }, { dataDir, expectName: "report", maxBytes: 100_000 }),
    ).rejects.toMatchObject({ code: "install.download.too-large" });
    expect(await stagingLeft()).toEqual([]);
  });

  it("refuses plain http except to this machine, and other schemes", async () => {
    const dir = path.join(dataDir, "refused");
    await mkdir(dir, { recursive: true });
    const downloadCode = (url: string) =>
      downloadFile(url, { dir, connectTimeoutMs: 5_000 }).then(
        () => "downloaded",
        (error: EngineError) => `${error.code}: ${error.message}`,
      );
    expect(await downloadCode("http://example.com/x.zip")).toMatch(
      /^install.download.refused-url: Plain http is not safe/,
    );
    expect(await downloadCode("ftp://example.com/x.zip")).toMatch(/^install.download.refused-url: Only https/);
    expect(await downloadCode("https://user:pw@example.com/x.zip")).toMatch(/refused-url: .*user name or password/);
    // Allowed addresses get as far as connecting (the release server on this machine speaks plain http, so https fails there).
    expect(await downloadCode(asset("report.zip").replace(/^http:/, "https:"))).toMatch(/^install.download.failed/);
    expect(await readdir(dir)).toEqual([]);
    await expect(
      obtainSkill({ url: "http://example.com/report.zip" }, { dataDir, expectName: "report" }),
    ).rejects.toMatchObject({ code: "install.download.refused-url" });
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      obtainSkill({ url: asset("report.zip") }, { dataDir, expectName: "report", signal: controller.signal }),
    ).rejects.toMatchObject({ code: "install.download.cancelled" });
    expect(await stagingLeft()).toEqual([]);
  });

  it("reads a local folder, a .tgz and a root-level .skill; an invalid skill is refused with its errors", async () => {
    const folder = path.join(tmp.dir, "src", "report");
    await writeTree(folder, { "SKILL.md": skillMd("report", "3.0.0") });
    expect(await obtainSkill({ file: folder }, { dataDir, expectName: "report" })).toMatchObject({ version: "3.0.0" });
    const tgz = path.join(tmp.dir, "r.tgz");
    await writeFile(tgz, tarGzOf([{ name: "report/SKILL.md", body: skillMd("report", "3.1.0") }]));
    expect(await obtainSkill({ file: tgz }, { dataDir, expectName: "report" })).toMatchObject({ version: "3.1.0" });
    const rootLevel = path.join(tmp.dir, "r.skill");
    await writeFile(rootLevel, zipOf({ "SKILL.md": skillMd("report", "3.2.0") }));
    const got = await obtainSkill({ file: rootLevel }, { dataDir, expectName: "report" });
    expect(got).toMatchObject({ version: "3.2.0" });
    expect(path.basename(got.skillDir)).toBe("report");
    const invalid = path.join(tmp.dir, "bad.zip");
    await writeFile(invalid, zipOf({ "report/SKILL.md": "---\nname: report\n---\n" }));
    await expect(obtainSkill({ file: invalid }, { dataDir, expectName: "report" })).rejects.toMatchObject({
      code: "install.skill.invalid",
      message: expect.stringMatching(/description/),
    });
  });
});

describe("releaseFileSource", () => {
  const api = "https://api.github.com";
  const file = {
    name: "report.skill",
    size: 10,
    url: "https://github.com/acme/report/releases/download/v1/report.skill",
    apiUrl: "https://api.github.com/repos/acme/report/releases/assets/7",
  };

  it("takes the API's address with the token for that origin, and the public address without a token", () => {
    expect(releaseFileSource(file, "t", api)).toEqual({
      url: file.apiUrl,
      bearer: { token: "t", origin: "https://api.github.com" },
      shown: file.url,
    });
    expect(releaseFileSource(file, undefined, api)).toEqual({ url: file.url });
    const source = { name: "v1.tar.gz", size: null, url: "https://api.github.com/repos/acme/report/tarball/v1" };
    expect(releaseFileSource(source, "t", api)).toMatchObject({ url: source.url, bearer: { token: "t" } });
  });

  it("never hands the token to an address on another origin, whatever the release answer says", () => {
    const hostile = { ...file, apiUrl: "https://evil.example/repos/acme/report/releases/assets/7" };
    expect(releaseFileSource(hostile, "t", api)).toEqual({ url: file.url });
    expect(releaseFileSource({ ...file, apiUrl: "not a url" }, "t", api)).toEqual({ url: file.url });
    expect(releaseFileSource(file, "t", "https://github.example.com/api/v3")).toEqual({ url: file.url });
  });
});
