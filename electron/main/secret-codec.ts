// The app's secret codec: the GitHub token and header values are encrypted with Electron's safeStorage (the system
// keychain); where it cannot encrypt for real, secrets are refused with the reason instead of stored in plain text.
import type { SafeStorage } from "electron";
import type { SecretCodec } from "../engine/settings-secrets";

/** The parts of safeStorage the codec uses. Exported for tests: they hand the codec a fake safeStorage. */
export type SafeStorageLike = Pick<
  SafeStorage,
  "isEncryptionAvailable" | "encryptString" | "decryptString" | "getSelectedStorageBackend"
>;

/** A codec over safeStorage; `platform` decides whether Linux's backend is a real keyring. */
export function safeStorageCodec(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): SecretCodec {
  const unavailable = (): string | null => {
    if (!safeStorage.isEncryptionAvailable())
      return "the system keychain is not available to Skillshelf, so secrets could not be encrypted.";
    if (platform === "linux") {
      const backend = safeStorage.getSelectedStorageBackend();
      if (backend === "basic_text" || backend === "unknown")
        return "no keyring (GNOME Keyring or KWallet) is running, so secrets would be stored unencrypted. Start one, or use the web host (skillshelf serve), whose settings file only you can read.";
    }
    return null;
  };
  return {
    scheme: "safeStorage",
    unavailable,
    encode: (value) => {
      const reason = unavailable();
      if (reason) throw new Error(reason);
      return safeStorage.encryptString(value).toString("base64");
    },
    decode: (stored) => safeStorage.decryptString(Buffer.from(stored, "base64")),
  };
}
