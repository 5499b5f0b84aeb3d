import { describe, expect, it } from "vitest";
import { parseChecksums, parseDownloads, releaseFiles, withChecksums } from "./release-downloads";

const HEX = "a".repeat(64);

describe("releaseFiles", () => {
  it("prefers .skill, then .zip assets, and keeps only https (or loopback http) addresses with sane sizes", () => {
    const files = releaseFiles({
      tag_name: "v1.0.0",
      zipball_url: "https://api.github.com/repos/a/b/zipball/v1.0.0",
      assets: [
        { name: "b.zip", size: 10, browser_download_url: "https://github.com/a/b/releases/download/v1.0.0/b.zip" },
        { name: "b.skill", size: -3, browser_download_url: "https://github.com/a/b/releases/download/v1.0.0/b.skill" },
        {
          name: "notes.txt",
          size: 1,
          browser_download_url: "https://github.com/a/b/releases/download/v1.0.0/notes.txt",
        },
        { name: "evil.zip", size: 1, browser_download_url: "javascript:alert(1)" },
        { name: "plain.zip", size: 1, browser_download_url: "http://example.com/plain.zip" },
        {
          name: "SHA256SUMS",
          size: 100,
          browser_download_url: "https://github.com/a/b/releases/download/v1.0.0/SHA256SUMS",
        },
        "not an asset",
      ],
    });
    expect(files.downloads).toEqual([
      { name: "b.skill", size: null, url: "https://github.com/a/b/releases/download/v1.0.0/b.skill" },
      { name: "b.zip", size: 10, url: "https://github.com/a/b/releases/download/v1.0.0/b.zip" },
    ]);
    expect(files.checksumUrl).toBe("https://github.com/a/b/releases/download/v1.0.0/SHA256SUMS");
  });

  it("answers nothing for something that is not a release", () => {
    expect(releaseFiles(null)).toEqual({ downloads: [], checksumUrl: null, checksumApiUrl: null });
    expect(releaseFiles({ assets: "many" })).toEqual({ downloads: [], checksumUrl: null, checksumApiUrl: null });
  });
});

describe("checksums", () => {
  it("reads sha256sum lines (text and binary mode) and skips anything else", () => {
    const sums = parseChecksums(
      `${HEX}  b.zip\r\n${"B".repeat(64)} *b.skill\nnot a line\n${"c".repeat(63)}  short.zip\n`,
    );
    expect([...sums]).toEqual([
      ["b.zip", HEX],
      ["b.skill", "b".repeat(64)],
    ]);
    expect(
      withChecksums(
        [
          { name: "b.zip", size: 1, url: "https://x/b.zip" },
          { name: "c.zip", size: 1, url: "https://x/c.zip" },
        ],
        sums,
      ),
    ).toEqual([
      { name: "b.zip", size: 1, url: "https://x/b.zip", sha256: HEX },
      { name: "c.zip", size: 1, url: "https://x/c.zip" },
    ]);
  });
});

describe("API addresses of assets (private repositories)", () => {
  it("keeps an asset's API address when it is a download address, and carries it through the cache", () => {
    const files = releaseFiles({
      assets: [
        {
          name: "b.zip",
          size: 1,
          browser_download_url: "https://github.com/a/b/d/b.zip",
          url: "https://api.github.com/repos/a/b/releases/assets/1",
        },
        { name: "c.zip", size: 1, browser_download_url: "https://github.com/a/b/d/c.zip", url: "javascript:alert(1)" },
        {
          name: "SHA256SUMS",
          browser_download_url: "https://github.com/a/b/d/SHA256SUMS",
          url: "https://api.github.com/repos/a/b/releases/assets/3",
        },
      ],
    });
    expect(files).toEqual({
      downloads: [
        {
          name: "b.zip",
          size: 1,
          url: "https://github.com/a/b/d/b.zip",
          apiUrl: "https://api.github.com/repos/a/b/releases/assets/1",
        },
        { name: "c.zip", size: 1, url: "https://github.com/a/b/d/c.zip" },
      ],
      checksumUrl: "https://github.com/a/b/d/SHA256SUMS",
      checksumApiUrl: "https://api.github.com/repos/a/b/releases/assets/3",
    });
    expect(parseDownloads(JSON.parse(JSON.stringify(files.downloads)))).toEqual(files.downloads);
    expect(
      parseDownloads([{ name: "b.zip", size: 1, url: "https://x/b.zip", apiUrl: "file:///etc/passwd" }]),
    ).toBeNull();
  });
});
