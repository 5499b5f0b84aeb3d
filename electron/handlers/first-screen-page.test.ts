// The page with its first screen: rendered by the renderer's real server build for the catalog stored for this very
// home, with its stylesheet inline under a hashed policy and a data block no skill's text can break out of.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_SCREEN_DATA_ID } from "../../shared/first-screen-data";
import { parseJsonWithinLimits } from "../engine/fs/json-limits";
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

const pageFor = (home: "mine" | "other") => {
  const session = build.session(home);
  return createFirstScreenPage({
    rendererDir: build.rendererDir,
    storedCatalog: () => session.handlers["catalog:stored"](),
  }).render();
};

/** The text of the data block, and the page with it cut out. */
function dataBlock(html: string): { text: string; rest: string } {
  const open = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`;
  const start = html.indexOf(open);
  const end = html.indexOf("</script>", start);
  expect(start).toBeGreaterThan(0);
  return { text: html.slice(start + open.length, end), rest: html.slice(0, start) + html.slice(end) };
}

describe("the first-screen page", () => {
  it("holds the rows of this home's stored catalog, rendered by the app's own tree", async () => {
    const page = await pageFor("mine");
    expect(page).not.toBeNull();
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(page!.html);
    expect(page!.html).toMatch(/<div id="root"><div class="app">/);
    expect(root).not.toBeNull();
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

  it("carries the stored catalog in a data block a hostile description cannot close or break", async () => {
    const page = (await pageFor("mine"))!;
    const { text, rest } = dataBlock(page.html);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    const parsed = parseJsonWithinLimits(text);
    expect(parsed.ok).toBe(true);
    expect(JSON.stringify(parsed.ok && parsed.value)).toContain(
      JSON.stringify(`Breaks out: ${HOSTILE} \u2028 & more.`).slice(1, -1),
    );
    // The markup escapes the same text: beside the data block, no script element but the page's own module.
    expect(rest.match(/<script\b/g)).toHaveLength(1);
    expect(page.html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)");
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
});
