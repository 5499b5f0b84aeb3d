import { afterEach, describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { makeTempDir } from "../../test-support/tmp";
import type { SecretCodec } from "../engine/settings-secrets";
import { HandlerError } from "./errors";
import { SettingsState } from "./settings-state";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const noKeychain: SecretCodec = {
  scheme: "fake",
  unavailable: () => "no keyring is running.",
  encode: () => "",
  decode: () => "",
};

describe("SettingsState with a codec that cannot keep secrets", () => {
  it("refuses a token with the codec's reason, keeps other changes, and never writes the secret", async () => {
    const tmp = await makeTempDir();
    cleanups.push(tmp.cleanup);
    const file = path.join(tmp.dir, "settings.json");
    const state = new SettingsState(file, noKeychain);
    const refusal = await state.update({ githubToken: "ghp_neverWritten42" }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(HandlerError);
    expect((refusal as Error).message).toMatch(/no keyring is running\. Nothing was saved\./);
    expect((await state.publicView()).hasGithubToken).toBe(false);
    await state.update({ pollHours: 12 });
    const text = await readFile(file, "utf8");
    expect(JSON.parse(text).pollHours).toBe(12);
    expect(text).not.toContain("ghp_neverWritten42");
  });
});
