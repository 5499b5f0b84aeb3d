// The page with its first screen: rendered by the renderer's real server build for the catalog stored for this very
// home, with its stylesheet inline under a hashed policy, and its data (the catalog) served beside it, never inside.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SerializedJson } from "../../shared/serialized-json";
import { createFirstScreenPage } from "./first-screen-page";
import { firstScreenBuild, skillText, TEST_STYLESHEET, type FirstScreenBuild } from "./testing/first-screen-build";

const HOSTILE = "</script><script>alert(1)</script><!--";
let build: FirstScreenBuild;

beforeAll(async () => {
  build = await firstScreenBuild({
    alpha: skillText("alpha"),
    beta: skillText("beta", `Breaks out: ${HOSTILE} \u2028 & more.`),
  });
}, 60_000);
afterAll(() => build?.cleanup());

const firstScreenOf = (home: "mine" | "other") => {
  const session = build.session(home);
  return createFirstScreenPage({
    rendererDir: build.rendererDir,
    storedCatalog: () => session.handlers["catalog:stored"](),
  });
};
const pageFor = (home: "mine" | "other") => firstScreenOf(home).render();

/** The data's file name the page's root names. */
function dataLink(html: string): string {
  const found =
    /<div id="root" aria-busy="true" aria-disabled="true" data-first-screen="\.\/first-screen\/([^"]+)">/.exec(html);
  expect(found).not.toBeNull();
  return found![1]!;
}

describe("the first-screen page", () => {
  it("holds the rows of this home's stored catalog, rendered by the app's own tree", async () => {
    const page = await pageFor("mine");
    expect(page).not.toBeNull();
    expect(page!.html).toMatch(/<div id="root" aria-busy="true" aria-disabled="true" [^>]*><div class="app">/);
    expect(page!.html).toMatch(
      /role="option"[^>]*data-key="[^"]+"[^>]*>[\s\S]*?<span class="entry-name">alpha<\/span>/,
    );
    expect(page!.html).toContain('<span class="entry-name">beta</span>');
    expect(page!.html).toMatch(/class="list-count"[^>]*>2 items/);
  });

  it("is not made for another home: its stored catalog is not this one's, so the plain shell is served", async () => {
    expect(await pageFor("other")).toBeNull();
  });

  it("inlines the stylesheet under a policy naming its hash, with no 'unsafe-inline' and scripts still 'self' only", async () => {
    const page = (await pageFor("mine"))!;
    const hash = createHash("sha256").update(TEST_STYLESHEET).digest("base64");
    expect(page.html).toContain(`<style>${TEST_STYLESHEET}</style>`);
    expect(page.html).not.toMatch(/<link rel="stylesheet"/);
    for (const policy of [page.csp, /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page.html)![1]!]) {
      expect(policy).toContain(`style-src 'self' 'sha256-${hash}'`);
      expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(policy).not.toContain("unsafe-inline");
    }
  });

  it("names its data beside it: the stored catalog it was rendered from, served by that name only", async () => {
    const session = build.session("mine");
    const first = createFirstScreenPage({
      rendererDir: build.rendererDir,
      storedCatalog: () => session.handlers["catalog:stored"](),
    });
    const page = (await first.render())!;
    const name = dataLink(page.html);
    expect(name).toMatch(/^[A-Za-z0-9_-]{32}\.json$/);
    const answer = await session.handlers["catalog:stored"]();
    expect(answer).toBeInstanceOf(SerializedJson);
    expect(Buffer.concat(first.data(name)!)).toEqual(Buffer.concat((answer as SerializedJson<unknown>).pieces));
    // Rendered once per answer: the same page and name again; a made-up or malformed name has no data.
    expect(await first.render()).toBe(page);
    for (const wrong of ["x.json", name.replace(/^./, (c) => (c === "A" ? "B" : "A")), `../${name}`])
      expect(first.data(wrong)).toBeNull();
  });

  it("holds a hostile description only as escaped text, and no script but the page's own", async () => {
    const page = (await pageFor("mine"))!;
    expect(page.html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)");
    expect(page.html).not.toContain(HOSTILE);
    expect(page.html.match(/<script\b/g)).toHaveLength(1);
  });

  it("is not made without the renderer's server build", async () => {
    const session = build.session("mine");
    const page = await createFirstScreenPage({
      rendererDir: build.rendererDir,
      storedCatalog: () => session.handlers["catalog:stored"](),
      module: `${build.root}/missing.cjs`,
    }).render();
    expect(page).toBeNull();
  });

  it("is shown once a page asked for its data (after its first paint), not when the page is only made", async () => {
    const first = firstScreenOf("mine");
    let shown = false;
    void first.shown.then(() => (shown = true));
    const page = (await first.render())!;
    expect(first.data("made-up-name-0123456789.json")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shown).toBe(false);
    expect(first.data(dataLink(page.html))).not.toBeNull();
    await first.shown;
  });

  it("is shown at once when there is no first screen to serve (the plain shell is served)", async () => {
    // Another home has no stored catalog here: nothing will ask for a first screen's data, nothing waits for one.
    const first = firstScreenOf("other");
    expect(await first.render()).toBeNull();
    await first.shown;
  });
});
