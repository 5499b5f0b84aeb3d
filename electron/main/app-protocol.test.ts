// app:// serves the built renderer and nothing else: run in Node against the typed fake protocol and real folders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdir, symlink } from "node:fs/promises";
import path from "node:path";
import { contentSecurityPolicy } from "../../shared/csp";
import { createFirstScreenPage } from "../handlers/first-screen-page";
import { firstScreenBuild, skillText } from "../handlers/testing/first-screen-build";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { APP_INDEX_URL } from "./app-page";
import { handleAppScheme, registerAppScheme } from "./app-protocol";
import { createFakeElectron, type ProtocolHandler } from "./testing/fake-electron";

const SECRET = "outside the renderer";
let root: string;
let cleanup: () => Promise<void>;
let handler: ProtocolHandler;
const posix = process.platform !== "win32";

beforeAll(async () => {
  const tmp = await makeTempDir();
  root = tmp.dir;
  cleanup = tmp.cleanup;
  await writeTree(root, {
    "renderer/index.html": "<!doctype html><title>Skillshelf</title>",
    "renderer/assets/index-abc.js": "console.log(1)",
    "renderer/assets/index-abc.css": "body{}",
    "renderer/assets/font.woff2": "w",
    "renderer/assets/data.bin": "b",
    "renderer/assets/X.SVG": "<svg/>",
    "renderer/a b/c.js": "c",
    "renderer/a/b": "ab",
    "secret.txt": SECRET,
    "secret-dir/key.txt": SECRET,
  });
  await mkdir(path.join(root, "renderer", "empty"));
  if (posix) {
    await symlink(path.join(root, "secret.txt"), path.join(root, "renderer", "assets", "link-out.txt"));
    await symlink(path.join(root, "secret-dir"), path.join(root, "renderer", "dir-out"));
    await symlink(path.join(root, "renderer", "assets", "index-abc.css"), path.join(root, "renderer", "alias.css"));
    await symlink(path.join(root, "renderer"), path.join(root, "renderer-link"));
  }
  const fake = createFakeElectron();
  handleAppScheme(fake.electron.protocol, path.join(root, "renderer"));
  expect(fake.report.handledSchemes).toEqual(["app"]);
  handler = fake.protocolHandlers.get("app")!;
});

afterAll(() => cleanup?.());

const get = async (url: string, method = "GET", serve: ProtocolHandler = handler) => {
  const response = await serve(new Request(url, { method }));
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    headers: response.headers,
    body: await response.text(),
  };
};

describe("app:// registration", () => {
  it("registers app as a standard, secure, fetch-capable scheme before ready, with no CSP bypass", () => {
    const fake = createFakeElectron();
    registerAppScheme(fake.electron.protocol);
    expect(fake.report.privilegedSchemes).toEqual([
      {
        scheme: "app",
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
        beforeReady: true,
      },
    ]);
  });
});

describe("app:// handler", () => {
  it("serves index.html at the page URL and at /, with our CSP and nosniff", async () => {
    const page = await get(APP_INDEX_URL);
    expect(page).toMatchObject({
      status: 200,
      type: "text/html; charset=utf-8",
      body: "<!doctype html><title>Skillshelf</title>",
    });
    expect(page.headers.get("content-security-policy")).toBe(contentSecurityPolicy);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await get("app://skillshelf/")).body).toBe(page.body);
    expect((await get("app://skillshelf/index.html?x=1#/skill")).status).toBe(200);
  });

  it("sends each file with its content type", async () => {
    expect(await get("app://skillshelf/assets/index-abc.js")).toMatchObject({
      status: 200,
      type: "text/javascript; charset=utf-8",
      body: "console.log(1)",
    });
    expect(await get("app://skillshelf/assets/index-abc.css")).toMatchObject({
      status: 200,
      type: "text/css; charset=utf-8",
    });
    expect(await get("app://skillshelf/assets/font.woff2")).toMatchObject({ status: 200, type: "font/woff2" });
    expect(await get("app://skillshelf/assets/data.bin")).toMatchObject({
      status: 200,
      type: "application/octet-stream",
    });
    expect(await get("app://skillshelf/assets/X.SVG")).toMatchObject({ status: 200, type: "image/svg+xml" });
  });

  it("answers HEAD without a body and refuses other methods", async () => {
    expect(await get(APP_INDEX_URL, "HEAD")).toMatchObject({ status: 200, body: "" });
    expect((await get(APP_INDEX_URL, "POST")).status).toBe(405);
  });

  it("answers 404 for a missing file, a folder and another host", async () => {
    expect((await get("app://skillshelf/missing.js")).status).toBe(404);
    expect((await get("app://skillshelf/assets")).status).toBe(404);
    expect((await get("app://skillshelf/empty/")).status).toBe(404);
    expect((await get("app://elsewhere/index.html")).status).toBe(404);
  });

  it("never serves a file outside the renderer folder, whatever the spelling of ..", async () => {
    const attempts = [
      "app://skillshelf/../secret.txt",
      "app://skillshelf/%2e%2e/secret.txt",
      "app://skillshelf/assets/%2E%2E/%2e%2e/secret.txt",
      "app://skillshelf/..%2fsecret.txt",
      "app://skillshelf/%2e%2e%2fsecret.txt",
      "app://skillshelf/assets/..%2f..%2fsecret.txt",
      "app://skillshelf/..%5csecret.txt",
      "app://skillshelf/%2e%2e%5c%2e%2e%5csecret.txt",
      `app://skillshelf/${encodeURIComponent(path.join(root, "secret.txt"))}`,
      "app://skillshelf/C:%5cWindows%5cwin.ini",
      "app://skillshelf/index.html%00.js",
    ];
    for (const url of attempts) {
      const answer = await get(url);
      expect(answer.status, url).toBeGreaterThanOrEqual(400);
      expect(answer.body, url).not.toContain(SECRET);
    }
    expect((await get("app://skillshelf/..%2fsecret.txt")).status).toBe(403);
    expect((await get("app://skillshelf/%E0%A4%A")).status).toBe(400);
  });

  it.skipIf(!posix)("refuses links that lead out of the folder, and follows those that stay inside", async () => {
    expect(await get("app://skillshelf/assets/link-out.txt")).toMatchObject({ status: 403 });
    expect(await get("app://skillshelf/dir-out/key.txt")).toMatchObject({ status: 403 });
    expect(await get("app://skillshelf/alias.css")).toMatchObject({ status: 200, body: "body{}" });
    const fake = createFakeElectron();
    handleAppScheme(fake.electron.protocol, path.join(root, "renderer-link"));
    expect((await get(APP_INDEX_URL, "GET", fake.protocolHandlers.get("app")!)).status).toBe(200);
  });

  it("answers 404 for everything when the renderer folder is missing", async () => {
    const fake = createFakeElectron();
    handleAppScheme(fake.electron.protocol, path.join(root, "no-such-renderer"));
    expect((await get(APP_INDEX_URL, "GET", fake.protocolHandlers.get("app")!)).status).toBe(404);
  });
});

describe("app:// paths", () => {
  it("decodes each segment once and refuses dot segments and separators inside one", async () => {
    expect(await get("app://skillshelf/a%20b/c.js")).toMatchObject({ status: 200, body: "c" });
    expect(await get("app://skillshelf")).toMatchObject({
      status: 200,
      body: "<!doctype html><title>Skillshelf</title>",
    });
    expect(await get("app://skillshelf/a/%2e/b")).toMatchObject({ status: 200, body: "ab" });
    expect((await get("app://skillshelf/a/.%2f/b")).status).toBe(403);
    expect((await get("app://skillshelf/a//b")).status).toBe(404);
    expect((await get("file:///etc/passwd")).status).toBe(404);
  });
});

describe("app:// index.html with its first screen", () => {
  it("is the page rendered for this home's stored catalog, under its hashed policy; other files are as before", async () => {
    const build = await firstScreenBuild({ alpha: skillText("alpha") });
    try {
      const pageOf = (home: "mine" | "other") => {
        const session = build.session(home);
        const fake = createFakeElectron();
        handleAppScheme(
          fake.electron.protocol,
          build.rendererDir,
          createFirstScreenPage({
            rendererDir: build.rendererDir,
            storedCatalog: () => session.handlers["catalog:stored"](),
          }),
        );
        return fake.protocolHandlers.get("app")!;
      };
      const mine = pageOf("mine");
      const page = await get(APP_INDEX_URL, "GET", mine);
      expect(page).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
      expect(page.body).toContain('<span class="entry-name">alpha</span>');
      expect(page.headers.get("content-security-policy")).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]{43}='/);
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      const name = /data-first-screen="\.\/first-screen\/([^"]+)"/.exec(page.body)![1]!;
      const data = await get(`app://skillshelf/first-screen/${name}`, "GET", mine);
      expect(data).toMatchObject({ status: 200, type: "application/json; charset=utf-8" });
      expect(data.body).toContain('"alpha"');
      expect((await get("app://skillshelf/first-screen/made-up-name-of-twenty.json", "GET", mine)).status).toBe(404);
      const script = await get("app://skillshelf/assets/index-Abc123_x.js", "GET", mine);
      expect(script.headers.get("content-security-policy")).toBe(contentSecurityPolicy);
      // Another home's session has no stored catalog of its own: the plain shell, under the plain policy.
      const other = await get(APP_INDEX_URL, "GET", pageOf("other"));
      expect(other.body).toContain('<div id="root"></div>');
      expect(other.body).not.toContain("alpha");
      expect(other.headers.get("content-security-policy")).toBe(contentSecurityPolicy);
    } finally {
      await build.cleanup();
    }
  }, 60_000);
});
