// The first screen the host renders into the page: what shows before React takes over (the served HTML, with no
// script run) is what shows after it took over the same markup, rows, places and counts alike; a skill's hostile text
// breaks nothing; a mismatch is caught and repaired; and the bare address (no ticket from the sign-in file) gets no rows.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";

const HOSTILE = "</script><script>window.__broke=1</script>";
const VIEWPORT = { width: 1280, height: 800 };

const skill = (name: string, description: string) =>
  `---\nname: ${JSON.stringify(name)}\ndescription: ${JSON.stringify(description)}\n---\n# A skill\n`;

let app: AppHost;

test.beforeAll(async () => {
  app = await startAppHost({
    platform: "linux",
    fixtureHome: false,
    prepare: async (_root, home) => {
      const files: Record<string, string> = {};
      for (let i = 0; i < 40; i++) {
        const name = `skill-${String(i).padStart(2, "0")}`;
        files[`.claude/skills/${name}/SKILL.md`] = skill(name, `Skill number ${i}, as a row shows it.`);
      }
      for (let i = 0; i < 5; i++) files[`.agents/skills/agent-${i}/SKILL.md`] = skill(`agent-${i}`, `Agent ${i}.`);
      files[".claude/skills/aaa-hostile/SKILL.md"] = skill(HOSTILE, `Hostile: ${HOSTILE} \u2028 & done.`);
      await writeTree(home, files);
    },
  });
  // The catalog this start holds (stored, then scanned) is what the page's first screen shows.
  await app.catalog();
});

test.afterAll(() => app?.close());

/** Waits until serve wrote a sign-in file with a new code (after a page used the last one). */
async function nextSignIn(code: string): Promise<void> {
  await expect.poll(async () => (await readFile(app.openFile, "utf8")).includes(code)).toBe(false);
}

/** Holds back the app's start (main.tsx, loaded by boot.ts) until the returned function lets it go. */
async function holdAppStart(page: Page): Promise<() => void> {
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\/assets\/main-[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return letGo;
}

/** The bits of the DOM the page functions below use (this file is type-checked without the DOM library). */
interface Box {
  top: number;
  bottom: number;
  height: number;
}
interface Node {
  textContent: string | null;
  firstChild: Node | null;
  isConnected: boolean;
  getBoundingClientRect(): Box;
  querySelectorAll(selector: string): Iterable<Node>;
  hasAttribute(name: string): boolean;
}
interface PageGlobals {
  document: Node & { querySelector(selector: string): (Node & { src?: string }) | null };
  requestAnimationFrame(fn: () => void): void;
  performance: { now(): number; getEntriesByType(type: "resource"): { name: string; startTime: number }[] };
  __painted?: number;
  MutationObserver: new (fn: () => void) => { observe(target: unknown, options: unknown): void; disconnect(): void };
  __firstRow?: Node;
  __broke?: number;
}

/** The page's computed styles (for the busy cursor). */
interface StyleGlobals {
  getComputedStyle(element: unknown): { cursor: string };
}

/** What the first screen shows: the rows in the list's view with their places, the item count, the sidebar's counts. */
function shown(page: Page) {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageGlobals;
    const list = document.querySelector(".list");
    if (!list) return null;
    const box = list.getBoundingClientRect();
    const rows = [...list.querySelectorAll(".row")]
      .map((row) => ({ row, at: row.getBoundingClientRect() }))
      .filter(({ at }) => at.bottom > box.top && at.top < box.bottom)
      .map(({ row, at }) => `${Math.round(at.top)}|${Math.round(at.height)}|${row.textContent}`);
    return {
      rows,
      count: document.querySelector(".list-count")?.firstChild?.textContent ?? null,
      sidebar: document.querySelector(".sidebar")?.textContent ?? null,
    };
  });
}

/** The page as the host served it, no script run (what shows before React takes over). */
async function servedPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORT });
  const page = await context.newPage();
  const code = await app.currentCode();
  await page.goto(app.url);
  await page.waitForURL(/^http:/);
  const before = await shown(page);
  const busy = await page.locator("#root").getAttribute("aria-busy");
  await context.close();
  // With no script the page never signed in: its code is used here, so serve writes the next code and ticket.
  await fetch(`${app.origin}/api/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.origin },
    body: JSON.stringify({ code }),
  });
  await nextSignIn(code);
  return before && { ...before, busy };
}

/** Opens the app and waits until React has taken over the list (its refs placed the rows); errors logged so far. */
async function takenOver(browser: Browser, tamper?: (html: string) => string) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  page.on("pageerror", (error) => errors.push(error.message));
  // The first row element as parsed from the served HTML, to tell hydration (kept) from a new render (replaced).
  await page.addInitScript(() => {
    const g = globalThis as unknown as PageGlobals;
    const seen = new g.MutationObserver(() => {
      const row = g.document.querySelector('[role="option"]');
      if (!row) return;
      g.__firstRow = row;
      seen.disconnect();
    });
    seen.observe(g.document, { childList: true, subtree: true });
  });
  if (tamper)
    await page.route(/\/\?first=/, async (route) => {
      const served = await route.fetch();
      await route.fulfill({ response: served, body: tamper(await served.text()) });
    });
  const code = await app.currentCode();
  await page.goto(app.url);
  await page.waitForFunction(() =>
    (globalThis as unknown as PageGlobals).document.querySelector(".list-inner")?.hasAttribute("style"),
  );
  const after = await shown(page);
  // Marked busy and not yet usable by the host, then usable once taken over.
  await expect(page.locator("#root")).not.toHaveAttribute("aria-disabled", "true");
  await expect(page.locator("#root")).not.toHaveAttribute("aria-busy", "true");
  const kept = await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const first = g.__firstRow;
    return first !== undefined && first.isConnected && first === g.document.querySelector('[role="option"]');
  });
  await nextSignIn(code);
  return { page, context, after, kept, errors };
}

test("what the page shows before React takes over is what it shows after, on the same markup", async ({ browser }) => {
  const { context, page, after, kept, errors } = await takenOver(browser);
  const before = await servedPage(browser);
  expect(before?.rows.length).toBeGreaterThan(8);
  expect(before?.count).toBe("46 items");
  expect(before?.busy).toBe("true");
  expect(after).toEqual({ ...before, busy: undefined });
  expect(kept).toBe(true);
  expect(errors).toEqual([]);
  // The hostile text is shown as text and ran nothing.
  await expect(page.locator(".entry-name", { hasText: HOSTILE })).toHaveCount(1);
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__broke)).toBeUndefined();
  await context.close();
});

test("nothing but the page's one small script is fetched or run before its first screen is painted", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  // When the served rows were painted: two frames after the parser put them in.
  await page.addInitScript(() => {
    const g = globalThis as unknown as PageGlobals;
    const seen = new g.MutationObserver(() => {
      if (!g.document.querySelector('[role="option"]')) return;
      seen.disconnect();
      g.requestAnimationFrame(() => g.requestAnimationFrame(() => (g.__painted = g.performance.now())));
    });
    seen.observe(g.document, { childList: true, subtree: true });
  });
  const code = await app.currentCode();
  await page.goto(app.url);
  await expect(page.locator("#root")).not.toHaveAttribute("aria-busy", "true");
  const { painted, entry, early } = await page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const entry = g.document.querySelector('script[type="module"]')!.src!;
    const painted = g.__painted!;
    const resources = g.performance.getEntriesByType("resource");
    return {
      painted,
      entry,
      early: resources.filter((r) => r.name !== entry && r.startTime < painted).map((r) => r.name),
    };
  });
  expect(painted).toBeGreaterThan(0);
  // The app's own script, the sign-in, the first screen's data and the views all waited for the paint.
  expect(early).toEqual([]);
  const bytes = (await (await fetch(entry)).arrayBuffer()).byteLength;
  expect(bytes).toBeLessThan(4096);
  await nextSignIn(code);
  await context.close();
});

test("a click on the first screen before the app takes it over is not lost: it selects its row afterwards", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  // The app's start is held back, so the click surely lands on the served markup, before any handler exists.
  const letGo = await holdAppStart(page);
  const code = await app.currentCode();
  await page.goto(app.url);
  const row = page.getByRole("option").filter({ hasText: "skill-05" });
  await expect(row).toBeVisible();
  await expect(page.locator("#root")).toHaveAttribute("aria-busy", "true");
  // A busy cursor says the page is not yet ready.
  const cursor = await page
    .locator("#root")
    .evaluate((root) => (globalThis as unknown as StyleGlobals).getComputedStyle(root).cursor);
  expect(cursor).toBe("progress");
  // A person's click: the mouse on the row (the host marks the screen aria-disabled, which Playwright's own click
  // would wait out).
  const box = (await row.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(row).toHaveAttribute("aria-selected", "false");
  letGo();
  await expect(page.locator("#root")).not.toHaveAttribute("aria-busy", "true");
  await expect(row).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { level: 1, name: "skill-05" })).toBeVisible();
  await nextSignIn(code);
  await context.close();
});

test("a click on a first screen the app replaces selects the same skill once the app shows it", async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const letGo = await holdAppStart(page);
  // One row misnamed on its way: React renders the app's own rows instead of keeping the served ones.
  await page.route(/\/\?first=/, async (route) => {
    const served = await route.fetch();
    await route.fulfill({ response: served, body: (await served.text()).replace(">skill-00<", ">skill-XX<") });
  });
  const code = await app.currentCode();
  await page.goto(app.url);
  const row = page.getByRole("option").filter({ hasText: "skill-07" });
  await expect(page.locator("#root")).toHaveAttribute("aria-busy", "true");
  const box = (await row.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  letGo();
  await expect(page.locator(".entry-name", { hasText: "skill-XX" })).toHaveCount(0);
  await expect(row).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { level: 1, name: "skill-07" })).toBeVisible();
  await nextSignIn(code);
  await context.close();
});

test("a first screen that does not match the app is reported and replaced by the app's own rows", async ({
  browser,
}) => {
  // The served markup misnames one row on its way: React must notice, say so, and render the real rows.
  const { context, page, kept, errors } = await takenOver(browser, (html) => html.replace(">skill-00<", ">skill-XX<"));
  await expect(page.locator(".entry-name", { hasText: "skill-00" })).toHaveCount(1);
  await expect(page.locator(".entry-name", { hasText: "skill-XX" })).toHaveCount(0);
  expect(errors.join("\n")).toContain("the first screen did not match the app");
  expect(kept).toBe(false);
  await context.close();
});

test("the page at the bare address, without the sign-in file's ticket, has none of the rows", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(app.origin);
  const html = await response!.text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain("skill-00");
  await context.close();
});
