import { describe, expect, it } from "vitest";
import { chmod, lstat, mkdir, readFile, readdir, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempDirsPerTest } from "../../test-support/temp-dirs";
import {
  applySettingsPatch,
  defaultConfigDir,
  defaultSettings,
  loadSettings,
  saveSettings,
  SettingsError,
  toPublicSettings,
  type Settings,
} from "./settings";
import { validationCacheOn } from "./config-dir";

const tempDir = tempDirsPerTest();

/** A settings file holding `raw`, read back as the app reads it (the file is private, so only validation speaks). */
let written = 0;
async function validateSettings(raw: unknown): Promise<{ settings: Settings; problems: string[] }> {
  const file = path.join(await tempDir(), `settings-${(written += 1)}.json`);
  await writeFile(file, JSON.stringify(raw), { mode: 0o600 });
  const { settings, problems } = await loadSettings(file);
  return { settings, problems };
}

const SECRET = "Bearer s3cr3t-header-value";
const TOKEN = "ghp_secretTokenValue123";

describe("defaultConfigDir", () => {
  it("uses SKILLSHELF_CONFIG_DIR, else each platform's usual place", () => {
    expect(defaultConfigDir({ SKILLSHELF_CONFIG_DIR: "/tmp/cfg" }, "linux", "/home/u")).toBe("/tmp/cfg");
    expect(defaultConfigDir({}, "darwin", "/Users/u")).toBe(
      path.join("/Users/u", "Library", "Application Support", "Skillshelf"),
    );
    expect(defaultConfigDir({ APPDATA: "/c/Users/u/AppData/Roaming" }, "win32", "/c/Users/u")).toBe(
      path.join("/c/Users/u/AppData/Roaming", "Skillshelf"),
    );
    expect(defaultConfigDir({}, "win32", "/c/Users/u")).toBe(
      path.join("/c/Users/u", "AppData", "Roaming", "Skillshelf"),
    );
    expect(defaultConfigDir({ XDG_CONFIG_HOME: "/x/config" }, "linux", "/home/u")).toBe(
      path.join("/x/config", "skillshelf"),
    );
    expect(defaultConfigDir({ XDG_CONFIG_HOME: "" }, "linux", "/home/u")).toBe(
      path.join("/home/u", ".config", "skillshelf"),
    );
    expect(defaultConfigDir({ XDG_CONFIG_HOME: "relative/dir" }, "linux", "/home/u")).toBe(
      path.join("/home/u", ".config", "skillshelf"),
    );
  });
});

describe("loadSettings and saveSettings", () => {
  it("gives the defaults when there is no file, without writing one", async () => {
    const dir = await tempDir();
    const loaded = await loadSettings(path.join(dir, "settings.json"));
    expect(loaded).toEqual({ settings: defaultSettings(), problems: [] });
    expect(loaded.settings).toMatchObject({ pollHours: 24, servers: [] });
    expect(await readdir(dir)).toEqual([]);
  });

  it("writes atomically with mode 0600 into a new folder and reads back the same settings", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "nested", "skillshelf", "settings.json");
    const settings = {
      ...defaultSettings(),
      servers: [{ url: "https://meta.example/mcp", headers: { Authorization: SECRET } }],
      githubToken: TOKEN,
      pollHours: 6,
    };
    await saveSettings(file, settings);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(path.dirname(file))).toEqual(["settings.json"]);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(settings);
    expect(await loadSettings(file)).toEqual({ settings, problems: [] });
  });

  it("keeps a 0600 .bak of a file that is not JSON, and never crashes", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "settings.json");
    await writeFile(file, `{ "githubToken": "${TOKEN}", oops`, { mode: 0o600 });
    const loaded = await loadSettings(file);
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.problems).toEqual([expect.stringMatching(/not valid JSON/)]);
    expect(loaded.backupFile).toBe(`${file}.bak`);
    expect(await readFile(`${file}.bak`, "utf8")).toBe(await readFile(file, "utf8"));
    expect((await stat(`${file}.bak`)).mode & 0o777).toBe(0o600);
  });

  it("keeps what is valid in a hand-edited file, reports the rest without quoting secrets, and backs it up", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "settings.json");
    const raw = {
      version: 1,
      servers: [
        { url: "https://good.example/mcp", headers: { Authorization: SECRET, "Bad Name": "x", "X-Line": "a\nb" } },
        { url: "ftp://nope.example/" },
        { url: `https://user:${TOKEN}@creds.example/` },
        "not a server",
        { url: "https://good.example/mcp" },
        { url: "http://127.0.0.1:4000/mcp" },
      ],
      githubToken: "has spaces in it",
      pollHours: 0.5,
      askStdioServers: "yes",
      colour: "blue",
    };
    await writeFile(file, JSON.stringify(raw), { mode: 0o600 });
    const loaded = await loadSettings(file);
    expect(loaded.settings).toEqual({
      version: 1,
      servers: [
        { url: "https://good.example/mcp", headers: { Authorization: SECRET } },
        { url: "http://127.0.0.1:4000/mcp" },
      ],
      pollHours: 24,
    });
    expect(loaded.problems).toHaveLength(9);
    const text = loaded.problems.join("\n");
    expect(text).toMatch(/"colour" is unknown/);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("has spaces");
    expect(loaded.backupFile).toBe(`${file}.bak`);
  });

  it("refuses a file that is too large or a folder, with the defaults", async () => {
    const dir = await tempDir();
    const big = path.join(dir, "big.json");
    await writeFile(big, " ".repeat(1024 * 1024 + 1), { mode: 0o600 });
    expect((await loadSettings(big)).problems).toEqual([expect.stringMatching(/could not be read/)]);
    const folder = path.join(dir, "folder.json");
    await mkdir(folder);
    const loaded = await loadSettings(folder);
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.backupFile).toBeUndefined();
  });

  it.skipIf(process.platform === "win32")(
    "never follows a symlinked settings.json.bak: the link's target is untouched and gets no token",
    async () => {
      const dir = await tempDir();
      const outside = path.join(dir, "outside");
      await mkdir(outside);
      const target = path.join(outside, "public.txt");
      await writeFile(target, "someone else's file\n");
      const file = path.join(dir, "settings.json");
      await writeFile(file, `{ "githubToken": "${TOKEN}", oops`, { mode: 0o600 });
      await symlink(target, `${file}.bak`);
      const loaded = await loadSettings(file);
      expect(loaded.backupFile).toBe(`${file}.bak`);
      expect(await readFile(target, "utf8")).toBe("someone else's file\n");
      expect((await lstat(`${file}.bak`)).isSymbolicLink()).toBe(false);
      expect(await readFile(`${file}.bak`, "utf8")).toContain(TOKEN);
      expect((await stat(`${file}.bak`)).mode & 0o777).toBe(0o600);
    },
  );

  it.skipIf(process.platform === "win32")(
    "refuses to save through a symlinked settings.json, and does not back up through it",
    async () => {
      const dir = await tempDir();
      const target = path.join(dir, "elsewhere.json");
      await writeFile(target, "{ not json", { mode: 0o644 });
      const file = path.join(dir, "settings.json");
      await symlink(target, file);
      const loaded = await loadSettings(file);
      expect(loaded.backupFile).toBeUndefined();
      expect(loaded.problems).toEqual([
        expect.stringMatching(/not valid JSON/),
        expect.stringMatching(/could not be copied to settings\.json\.bak \(settings\.json is a symbolic link/),
      ]);
      expect((await stat(target)).mode & 0o777).toBe(0o644);
      await expect(saveSettings(file, { ...defaultSettings(), githubToken: TOKEN })).rejects.toMatchObject({
        name: "WriteRefusedError",
        code: "write.symlink",
      });
      expect(await readFile(target, "utf8")).toBe("{ not json");
      expect((await readdir(dir)).sort()).toEqual(["elsewhere.json", "settings.json"]);
    },
  );

  it.skipIf(process.platform === "win32")(
    "tightens a settings file that others could read to 0600 when loading, and says so",
    async () => {
      const dir = await tempDir();
      const file = path.join(dir, "settings.json");
      await writeFile(
        file,
        JSON.stringify({ version: 1, servers: [], githubToken: TOKEN, pollHours: 24, askStdioServers: false }),
      );
      await chmod(file, 0o644);
      const loaded = await loadSettings(file);
      expect(loaded.settings.githubToken).toBe(TOKEN);
      expect(loaded.problems).toEqual([expect.stringMatching(/readable by you only/)]);
      expect(loaded.backupFile).toBeUndefined();
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await loadSettings(file)).problems).toEqual([]);
    },
  );

  it("accepts anything JSON without throwing", async () => {
    for (const raw of [null, 3, "x", [], { servers: {} }, { servers: [null, 1, []] }, { version: 2 }]) {
      expect((await validateSettings(raw)).problems.length).toBeGreaterThan(0);
    }
  });
});

describe("applySettingsPatch", () => {
  it("adds, replaces and removes servers by URL, sets and clears the token and interval", () => {
    let s = defaultSettings();
    s = applySettingsPatch(s, { addServer: { url: "https://a.example/mcp", headers: { Authorization: SECRET } } });
    s = applySettingsPatch(s, { addServer: { url: "https://b.example/mcp" } });
    s = applySettingsPatch(s, { addServer: { url: "https://a.example/mcp", headers: { "X-Key": "k" } } });
    expect(s.servers).toEqual([
      { url: "https://a.example/mcp", headers: { "X-Key": "k" } },
      { url: "https://b.example/mcp" },
    ]);
    s = applySettingsPatch(s, { removeServer: "https://b.example/mcp" });
    s = applySettingsPatch(s, { githubToken: TOKEN });
    s = applySettingsPatch(s, { pollHours: 168 });
    expect(s).toMatchObject({ servers: [{ url: "https://a.example/mcp" }], githubToken: TOKEN, pollHours: 168 });
    s = applySettingsPatch(s, { githubToken: null });
    expect("githubToken" in s).toBe(false);
  });

  it("refuses bad input with a sentence to show", () => {
    const s = defaultSettings();
    const refused = (patch: unknown) => {
      try {
        applySettingsPatch(s, patch as never);
      } catch (error) {
        expect(error).toBeInstanceOf(SettingsError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refused({ addServer: { url: "file:///etc/passwd" } })).toMatch(/http/);
    expect(refused({ addServer: { url: "https://u:p@x.example/" } })).toMatch(/password/);
    expect(refused({ addServer: { url: "https://x.example/", headers: { "Bad Name": "v" } } })).toMatch(/header name/);
    expect(refused({ addServer: { url: "https://x.example/", headers: { Host: "v" } } })).toMatch(
      /sets the Host header itself/,
    );
    expect(refused({ pollHours: 0 })).toMatch(/1 to 168/);
    expect(refused({ pollHours: 2.5 })).toMatch(/whole number/);
    expect(refused({ githubToken: "two words" })).toMatch(/no spaces/);
    expect(refused({ pollHours: 2, githubToken: null })).toMatch(/one setting at a time/);
    // Local servers are approved one command at a time (stdio-consent.ts); no setting turns them all on.
    expect(refused({ askStdioServers: true })).toMatch(/does not exist/);
  });

  it("shows the renderer header names and whether a token is saved, never the values", () => {
    const s = applySettingsPatch(
      applySettingsPatch(defaultSettings(), {
        addServer: { url: "https://a.example/mcp", headers: { Authorization: SECRET } },
      }),
      { githubToken: TOKEN },
    );
    const view = toPublicSettings(s);
    expect(view).toEqual({
      servers: [{ url: "https://a.example/mcp", headerNames: ["Authorization"] }],
      hasGithubToken: true,
      githubApi: null,
      pollHours: 24,
      validationCache: true,
      askBeforeRunning: true,
      accountNames: {},
      ignoredUpdates: { skills: [], versions: {} },
      problems: [],
    });
    expect(JSON.stringify(view)).not.toContain("s3cr3t");
    expect(JSON.stringify(view)).not.toContain(TOKEN);
  });
});

describe("names of Claude Desktop accounts", () => {
  const TREE = "3f2a9c1e-aaaa/8c7b6a59-bbbb";
  it("are set, renamed and cleared one patch at a time, and kept across a save and a load", async () => {
    const file = path.join(await tempDir(), "settings.json");
    let s = applySettingsPatch(defaultSettings(), { nameAccount: { tree: TREE, name: "  Work  " } });
    expect(toPublicSettings(s).accountNames).toEqual({ [TREE]: "Work" });
    s = applySettingsPatch(s, { nameAccount: { tree: "other/tree", name: "Home" } });
    await saveSettings(file, s);
    expect(JSON.parse(await readFile(file, "utf8")).accountNames).toEqual({ [TREE]: "Work", "other/tree": "Home" });
    const loaded = await loadSettings(file);
    expect(loaded.problems).toEqual([]);
    expect(toPublicSettings(loaded.settings).accountNames).toEqual({ [TREE]: "Work", "other/tree": "Home" });
    const cleared = applySettingsPatch(loaded.settings, { nameAccount: { tree: TREE, name: " " } });
    expect(toPublicSettings(cleared).accountNames).toEqual({ "other/tree": "Home" });
  });

  it("refuses long or multi-line names and keeps only usable names from a hand-edited file", async () => {
    expect(() => applySettingsPatch(defaultSettings(), { nameAccount: { tree: TREE, name: "x".repeat(61) } })).toThrow(
      /at most 60/,
    );
    expect(() => applySettingsPatch(defaultSettings(), { nameAccount: { tree: TREE, name: "a\nb" } })).toThrow(
      /line breaks/,
    );
    expect(() => applySettingsPatch(defaultSettings(), { nameAccount: { tree: "", name: "x" } })).toThrow(
      /not understood/,
    );
    const { settings, problems } = await validateSettings({
      version: 1,
      servers: [],
      pollHours: 24,
      accountNames: { [TREE]: "Work", bad: 5, "x/y": "a\u0007b" },
    });
    expect(settings.accountNames).toEqual({ [TREE]: "Work" });
    expect(problems).toEqual(["Some names of Claude Desktop accounts cannot be used; they were left out."]);
    expect((await validateSettings({ version: 1, accountNames: ["Work"] })).problems).toEqual([
      "The names of Claude Desktop accounts are not a list of names, so they were left out.",
    ]);
  });
});

describe("the ask-before-running switch", () => {
  it("is on by default, turned off and on by a patch, and kept across a save and a load", async () => {
    const file = path.join(await tempDir(), "settings.json");
    expect(toPublicSettings(defaultSettings()).askBeforeRunning).toBe(true);
    await saveSettings(file, applySettingsPatch(defaultSettings(), { askBeforeRunning: false }));
    expect(JSON.parse(await readFile(file, "utf8")).askBeforeRunning).toBe(false);
    const loaded = await loadSettings(file);
    expect(loaded.problems).toEqual([]);
    expect(toPublicSettings(loaded.settings).askBeforeRunning).toBe(false);
    await saveSettings(file, applySettingsPatch(loaded.settings, { askBeforeRunning: true }));
    expect("askBeforeRunning" in JSON.parse(await readFile(file, "utf8"))).toBe(false);
    expect(() => applySettingsPatch(defaultSettings(), { askBeforeRunning: "no" as unknown as boolean })).toThrow(
      /on or off/,
    );
  });
});

describe("the GitHub API address", () => {
  it("is saved and loaded as https, or http on this computer only; anything else is refused or left out", async () => {
    const file = path.join(await tempDir(), "settings.json");
    expect(toPublicSettings(defaultSettings()).githubApi).toBeNull();
    await saveSettings(file, applySettingsPatch(defaultSettings(), { githubApi: "https://ghe.example/api/v3" }));
    const loaded = await loadSettings(file);
    expect(loaded.problems).toEqual([]);
    expect(toPublicSettings(loaded.settings).githubApi).toBe("https://ghe.example/api/v3");
    expect(applySettingsPatch(loaded.settings, { githubApi: "http://127.0.0.1:8080" }).githubApi).toBe(
      "http://127.0.0.1:8080",
    );
    expect(applySettingsPatch(loaded.settings, { githubApi: null }).githubApi).toBeUndefined();
    for (const bad of ["http://ghe.example/api", "ftp://ghe.example", "https://u:p@ghe.example", "not a url"])
      expect(() => applySettingsPatch(defaultSettings(), { githubApi: bad })).toThrow(SettingsError);
    const read = await validateSettings({ version: 1, servers: [], githubApi: "http://ghe.example/api" });
    expect(read.settings.githubApi).toBeUndefined();
    expect(read.problems).toEqual([expect.stringContaining("GitHub API address cannot be used")]);
  });
});

describe("the validation cache switch", () => {
  it("is on by default, turned off and on by a patch, kept across a save and a load, and read by validate", async () => {
    const file = path.join(await tempDir(), "settings.json");
    expect(toPublicSettings(defaultSettings()).validationCache).toBe(true);
    expect(await validationCacheOn(file)).toBe(true);
    const off = applySettingsPatch(defaultSettings(), { validationCache: false });
    await saveSettings(file, off);
    expect(JSON.parse(await readFile(file, "utf8")).validationCache).toBe(false);
    const loaded = await loadSettings(file);
    expect(loaded.problems).toEqual([]);
    expect(toPublicSettings(loaded.settings).validationCache).toBe(false);
    expect(await validationCacheOn(file)).toBe(false);
    await saveSettings(file, applySettingsPatch(loaded.settings, { validationCache: true }));
    expect("validationCache" in JSON.parse(await readFile(file, "utf8"))).toBe(false);
    expect(await validationCacheOn(file)).toBe(true);
  });

  it("refuses a value that is not on or off", async () => {
    expect(() => applySettingsPatch(defaultSettings(), { validationCache: "no" as unknown as boolean })).toThrow(
      /on or off/,
    );
    const read = await validateSettings({ version: 1, validationCache: "off" });
    expect(read.settings.validationCache).toBeUndefined();
    expect(read.problems).toEqual(["The validation cache setting is not on or off; it is on."]);
  });
});

describe("ignored updates", () => {
  it("ignore a version or a whole skill, show it again, and are kept across a save and a load", async () => {
    const file = path.join(await tempDir(), "settings.json");
    expect(toPublicSettings(defaultSettings()).ignoredUpdates).toEqual({ skills: [], versions: {} });
    let settings = applySettingsPatch(defaultSettings(), { ignoreUpdates: { name: "report", version: "2.1.0" } });
    settings = applySettingsPatch(settings, { ignoreUpdates: { name: "agentkey", version: null } });
    settings = applySettingsPatch(settings, { ignoreUpdates: { name: "agentkey", version: null } });
    await saveSettings(file, settings);
    const loaded = await loadSettings(file);
    expect(loaded.problems).toEqual([]);
    expect(toPublicSettings(loaded.settings).ignoredUpdates).toEqual({
      skills: ["agentkey"],
      versions: { report: "2.1.0" },
    });
    const shown = applySettingsPatch(applySettingsPatch(loaded.settings, { unignoreUpdates: "agentkey" }), {
      unignoreUpdates: "report",
    });
    await saveSettings(file, shown);
    const raw = JSON.parse(await readFile(file, "utf8"));
    expect("ignoredSkills" in raw || "ignoredVersions" in raw).toBe(false);
  });

  it("refuses names and versions that are not text on one line, and keeps only usable entries of a hand-edited file", async () => {
    expect(() => applySettingsPatch(defaultSettings(), { ignoreUpdates: { name: "a\nb", version: null } })).toThrow(
      "That skill's name is not understood.",
    );
    expect(() => applySettingsPatch(defaultSettings(), { ignoreUpdates: { name: "a", version: "" } })).toThrow(
      "That version is not understood.",
    );
    expect(() => applySettingsPatch(defaultSettings(), { unignoreUpdates: 3 as unknown as string })).toThrow(
      "That skill's name is not understood.",
    );
    const read = await validateSettings({
      version: 1,
      ignoredSkills: ["ok", 5, "x".repeat(300)],
      ignoredVersions: { fine: "1.0.0", bad: 2 },
    });
    expect(toPublicSettings(read.settings).ignoredUpdates).toEqual({ skills: ["ok"], versions: { fine: "1.0.0" } });
    expect(read.problems).toEqual([
      "Some skills whose updates are not checked cannot be read; they are checked again.",
      "Some ignored versions cannot be read; they show again.",
    ]);
  });

  it("refuses one more past the limits, and says how to make room", () => {
    const full = {
      ...defaultSettings(),
      ignoredSkills: Array.from({ length: 2_000 }, (_, i) => `s${i}`),
      ignoredVersions: Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`v${i}`, "1.0.0"])),
    };
    expect(() => applySettingsPatch(full, { ignoreUpdates: { name: "one-more", version: null } })).toThrow(
      "At most 2000 skills can be left unchecked; check one again first.",
    );
    expect(() => applySettingsPatch(full, { ignoreUpdates: { name: "one-more", version: "1.0.0" } })).toThrow(
      "At most 2000 versions can be ignored; show one again first.",
    );
    expect(applySettingsPatch(full, { ignoreUpdates: { name: "v1", version: "2.0.0" } }).ignoredVersions?.v1).toBe(
      "2.0.0",
    );
  });
});
