import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { tempDirsPerTest } from "../../test-support/temp-dirs";
import type { SecretCodec } from "../engine/settings-secrets";
import { EngineError } from "../engine/errors";
import { SettingsState } from "./settings-state";

const tempDir = tempDirsPerTest();

const noKeychain: SecretCodec = {
  scheme: "fake",
  unavailable: () => "no keyring is running.",
  encode: () => "",
  decode: () => "",
};

describe("SettingsState with a codec that cannot keep secrets", () => {
  it("refuses a token with the codec's reason, keeps other changes, and never writes the secret", async () => {
    const file = path.join(await tempDir(), "settings.json");
    const state = new SettingsState(file, noKeychain);
    const refusal = await state.update({ githubToken: "ghp_neverWritten42" }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(EngineError);
    expect((refusal as Error).message).toMatch(/no keyring is running\. Nothing was saved\./);
    expect((await state.publicView()).hasGithubToken).toBe(false);
    await state.update({ pollHours: 12 });
    const text = await readFile(file, "utf8");
    expect(JSON.parse(text).pollHours).toBe(12);
    expect(text).not.toContain("ghp_neverWritten42");
  });
});
