// Our page is recognised by its parsed app:// URL, whatever its query or hash, and nothing else passes for it.
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { APP_INDEX_URL, isAppPageUrl } from "./app-page";
import { appPaths } from "./paths";

const { indexUrl } = appPaths("/opt/skillshelf/dist/main");

describe("isAppPageUrl", () => {
  it("accepts our index with a query or hash, and nothing else", () => {
    expect(indexUrl).toBe("app://skillshelf/index.html");
    expect(indexUrl).toBe(APP_INDEX_URL);
    expect(isAppPageUrl(indexUrl, indexUrl)).toBe(true);
    expect(isAppPageUrl(indexUrl)).toBe(true);
    expect(isAppPageUrl(`${indexUrl}#/skill/a`, indexUrl)).toBe(true);
    expect(isAppPageUrl(`${indexUrl}?x=1`, indexUrl)).toBe(true);
    expect(isAppPageUrl(pathToFileURL("/opt/skillshelf/dist/renderer/index.html").href, indexUrl)).toBe(false);
    expect(isAppPageUrl("app://skillshelf/other.html", indexUrl)).toBe(false);
    expect(isAppPageUrl("app://evil/index.html", indexUrl)).toBe(false);
    expect(isAppPageUrl("https://opt/skillshelf/dist/renderer/index.html", indexUrl)).toBe(false);
    expect(isAppPageUrl("about:blank", indexUrl)).toBe(false);
    expect(isAppPageUrl("not a url", indexUrl)).toBe(false);
  });
});
