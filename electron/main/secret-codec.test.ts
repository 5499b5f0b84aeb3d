import { describe, expect, it } from "vitest";
import { safeStorageCodec, type SafeStorageLike } from "./secret-codec";

/** A stand-in keychain: "encrypts" by reversing bytes behind a marker, and says which backend it is. */
function fakeSafeStorage(options: {
  available: boolean;
  backend?: ReturnType<SafeStorageLike["getSelectedStorageBackend"]>;
}): SafeStorageLike {
  return {
    isEncryptionAvailable: () => options.available,
    getSelectedStorageBackend: () => options.backend ?? "gnome_libsecret",
    encryptString: (plain) => Buffer.concat([Buffer.from("ENC"), Buffer.from(plain).reverse()]),
    decryptString: (data) => {
      if (data.subarray(0, 3).toString() !== "ENC") throw new Error("not ours");
      return Buffer.from(data.subarray(3)).reverse().toString();
    },
  };
}

describe("safeStorageCodec", () => {
  it("encrypts through safeStorage and reads it back", () => {
    const codec = safeStorageCodec(fakeSafeStorage({ available: true }), "darwin");
    expect(codec.unavailable()).toBeNull();
    const stored = codec.encode("ghp_token");
    expect(stored).not.toContain("ghp_token");
    expect(codec.decode(stored)).toBe("ghp_token");
    expect(() => codec.decode(Buffer.from("garbage").toString("base64"))).toThrow();
  });

  it("refuses, with the reason, where safeStorage cannot encrypt or Linux has no keyring", () => {
    expect(safeStorageCodec(fakeSafeStorage({ available: false }), "win32").unavailable()).toMatch(
      /keychain is not available/,
    );
    const basic = safeStorageCodec(fakeSafeStorage({ available: true, backend: "basic_text" }), "linux");
    expect(basic.unavailable()).toMatch(/no keyring/);
    expect(() => basic.encode("x")).toThrow(/no keyring/);
    expect(
      safeStorageCodec(fakeSafeStorage({ available: true, backend: "kwallet5" }), "linux").unavailable(),
    ).toBeNull();
  });
});
