import { describe, expect, it } from "vitest";
import { safeExternalUrl } from "./ui-links";

describe("safeExternalUrl", () => {
  it("accepts absolute http and https URLs and normalises them", () => {
    expect(safeExternalUrl("https://example.com/a b")).toBe("https://example.com/a%20b");
    expect(safeExternalUrl("http://127.0.0.1:8080/x")).toBe("http://127.0.0.1:8080/x");
  });

  it("refuses other schemes, relative URLs, credentials and junk", () => {
    for (const bad of [
      "javascript:alert(1)",
      "file:///etc/passwd",
      "data:text/html,hi",
      "mailto:a@b.c",
      "/relative",
      "refs/a.md",
      "https://user:pw@example.com/",
      "https://user@example.com/",
      "",
      "http://",
    ]) {
      expect(safeExternalUrl(bad), bad).toBeNull();
    }
  });
});
