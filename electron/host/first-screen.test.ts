// The web host's page carries the first screen (this person's rows) only for the one-time ticket in the address the
// sign-in file opens: "/" alone, a used ticket or a made-up one get the plain shell, so no other local user or program
// reads the catalog from the page. The start's scan waits until a page asked for its first screen's data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../shared/csp";
import { firstScreenBuild, skillText, type FirstScreenBuild } from "../handlers/testing/first-screen-build";
import { startWebHost, type WebHost } from "./server";

let build: FirstScreenBuild;
let host: WebHost;

beforeAll(async () => {
  build = await firstScreenBuild({ alpha: skillText("alpha") });
  host = await startWebHost({ rendererDir: build.rendererDir, createSession: () => build.session("mine") });
}, 60_000);
afterAll(async () => {
  await host?.close();
  await build?.cleanup();
});

const page = async (address: string) => {
  const res = await fetch(address);
  return { csp: res.headers.get("content-security-policy"), html: await res.text() };
};
const hasFirstScreen = (html: string) => html.includes("data-first-screen=") || html.includes(">alpha<");
const dataAddress = (html: string, origin = host.origin) =>
  `${origin}/first-screen/${/data-first-screen="\.\/first-screen\/([^"]+)"/.exec(html)![1]}`;

describe("the web host's first screen", () => {
  it("is in the page opened from the sign-in address, once: the same address again gets the plain shell", async () => {
    const address = host.pageUrl(host.issueCode()).replace(/#.*$/, "");
    const first = await page(address);
    expect(hasFirstScreen(first.html)).toBe(true);
    expect(first.csp).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/]{43}='/);
    const again = await page(address);
    expect(hasFirstScreen(again.html)).toBe(false);
    expect(again.html).toContain('<div id="root"></div>');
    expect(again.csp).toBe(contentSecurityPolicy);
  });

  it("serves the page's data by the name the page gives, as JSON; no other name", async () => {
    const { html } = await page(host.pageUrl(host.issueCode()).replace(/#.*$/, ""));
    const data = await fetch(dataAddress(html));
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(data.headers.get("x-content-type-options")).toBe("nosniff");
    expect(data.headers.get("cache-control")).toBe("no-store");
    expect(await data.text()).toContain('"alpha"');
    for (const wrong of ["made-up-name-of-twenty-chars.json", "..%2Findex.html", ""])
      expect((await fetch(`${host.origin}/first-screen/${wrong}`)).status).toBe(404);
  });

  it("is not in the page for a request without a live ticket", async () => {
    for (const address of [host.url, `${host.url}?first=`, `${host.url}?first=made-up`, `${host.origin}/index.html`])
      expect(hasFirstScreen((await page(address)).html)).toBe(false);
  });

  it("holds the start's scan until a page asked for its first screen's data (after its first paint)", async () => {
    let hold: Promise<unknown> | null = null;
    const held = await startWebHost({
      rendererDir: build.rendererDir,
      createSession: () => {
        const session = build.session("mine");
        return { ...session, holdFirstScan: (until: Promise<unknown>) => void (hold = until) };
      },
    });
    try {
      expect(hold).not.toBeNull();
      let over = false;
      void hold!.then(() => (over = true));
      const { html } = await page(held.pageUrl(held.issueCode()).replace(/#.*$/, ""));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(over).toBe(false);
      expect((await fetch(dataAddress(html, held.origin))).status).toBe(200);
      await hold;
    } finally {
      await held.close();
    }
  });
});
