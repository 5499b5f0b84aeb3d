import { describe, expect, it } from "vitest";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { tempDirsPerTest } from "../../test-support/temp-dirs";
import { applySettingsPatch, defaultSettings, loadSettings, saveSettings, SettingsError } from "./settings";
import { openSettingsSecrets, PLAINTEXT_CODEC, sealSecret, type SecretCodec } from "./settings-secrets";

/** A stored token as the settings file is read: its value, or why it is not used. */
function openSecret(codec: SecretCodec, stored: string): { value: unknown } | { problem: string } {
  const opened = openSettingsSecrets({ githubToken: stored }, codec);
  return opened.problems[0]
    ? { problem: opened.problems[0] }
    : { value: (opened.raw as { githubToken: unknown }).githubToken };
}

const tempDir = tempDirsPerTest();
async function settingsFile(): Promise<string> {
  return path.join(await tempDir(), "settings.json");
}

const TOKEN = "ghp_fakeCodecToken123";
const HEADER = "Bearer fake-codec-header";

/** A codec owned by the test: reverses and base64-encodes, and fails on anything it did not write. */
function fakeCodec(options: { unavailable?: string } = {}): SecretCodec {
  return {
    scheme: "fake",
    unavailable: () => options.unavailable ?? null,
    encode: (value) => Buffer.from(`ok:${[...value].reverse().join("")}`).toString("base64"),
    decode: (stored) => {
      const text = Buffer.from(stored, "base64").toString();
      if (!text.startsWith("ok:")) throw new Error("not ours");
      return [...text.slice(3)].reverse().join("");
    },
  };
}

const withSecrets = () =>
  applySettingsPatch(applySettingsPatch(defaultSettings(), { githubToken: TOKEN }), {
    addServer: { url: "https://meta.example/mcp", headers: { Authorization: HEADER } },
  });

describe("the settings store's secret codec", () => {
  it("stores the token and header values through the codec only, and reads them back with it", async () => {
    const file = await settingsFile();
    await saveSettings(file, withSecrets(), fakeCodec());
    const text = await readFile(file, "utf8");
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("fake-codec-header");
    expect(JSON.parse(text).githubToken).toMatch(/^skillshelf-secret:fake:/);
    const loaded = await loadSettings(file, fakeCodec());
    expect(loaded.problems).toEqual([]);
    expect(loaded.settings.githubToken).toBe(TOKEN);
    expect(loaded.settings.servers[0]!.headers).toEqual({ Authorization: HEADER });
  });

  it("refuses to save secrets where the codec cannot keep them, with its reason, and leaves the file as it was", async () => {
    const file = await settingsFile();
    await saveSettings(file, defaultSettings(), fakeCodec({ unavailable: "no keychain here." }));
    const before = await readFile(file, "utf8");
    await expect(saveSettings(file, withSecrets(), fakeCodec({ unavailable: "no keychain here." }))).rejects.toThrow(
      SettingsError,
    );
    await expect(saveSettings(file, withSecrets(), fakeCodec({ unavailable: "no keychain here." }))).rejects.toThrow(
      /no keychain here\. Nothing was saved\./,
    );
    expect(await readFile(file, "utf8")).toBe(before);
    await expect(
      saveSettings(
        file,
        applySettingsPatch(defaultSettings(), { pollHours: 6 }),
        fakeCodec({ unavailable: "no keychain here." }),
      ),
    ).resolves.toBeUndefined();
  });

  it("a reader without the codec (the CLI, the web host) leaves the sealed secrets out and says why", async () => {
    const file = await settingsFile();
    await saveSettings(file, withSecrets(), fakeCodec());
    const plain = await loadSettings(file);
    expect(plain.settings.githubToken).toBeUndefined();
    expect(plain.settings.servers[0]!.headers).toBeUndefined();
    expect(plain.problems.join(" ")).toMatch(/GitHub token is not used: it was encrypted by the Skillshelf app/);
    expect(plain.problems.join(" ")).not.toContain(TOKEN);
  });

  it("plain text stays readable by its owner only (0600) and round-trips unchanged", async () => {
    const file = await settingsFile();
    await saveSettings(file, withSecrets(), PLAINTEXT_CODEC);
    expect(JSON.parse(await readFile(file, "utf8")).githubToken).toBe(TOKEN);
    if (process.platform !== "win32") expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await loadSettings(file)).settings.githubToken).toBe(TOKEN);
  });

  it("names a value it cannot decrypt instead of guessing", () => {
    expect(openSecret(fakeCodec(), sealSecret(fakeCodec(), "x"))).toEqual({ value: "x" });
    expect(openSecret(fakeCodec(), "skillshelf-secret:fake:bm90LW91cnM=")).toEqual({
      problem: expect.stringMatching(/could not be decrypted/),
    });
    expect(openSecret(fakeCodec(), "plain-value")).toEqual({ value: "plain-value" });
  });
});
