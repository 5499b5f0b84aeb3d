// The app in Chromium: time from page load to the first painted catalog (1,000 skills) and filter latency (10,000).
import { chromium, type Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createEngine } from "../electron/handlers/engine";
import { createHandlerSession } from "../electron/handlers/handlers";
import { webDesktopIntegration } from "../electron/host/desktop-fallback";
import { startWebHost } from "../electron/host/server";
import { chromiumExecutable } from "../scripts/chromium";
import { makeTempDir } from "../test-support/tmp";
import { generateSkills } from "./generate";

const RENDERER_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "dist", "renderer");

/** Page globals the measurements use (this file is type-checked without the DOM library). */
interface BenchGlobals {
  __firstCatalogPaint?: number;
  performance: { now(): number };
  requestAnimationFrame(fn: () => void): void;
  document: unknown;
  MutationObserver: new (fn: () => void) => { observe(target: unknown, options: unknown): void; disconnect(): void };
}

async function withHost<T>(
  count: number,
  run: (url: () => string, prefetch: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const tmp = await makeTempDir("skillshelf-app-bench-");
  try {
    const tree = await generateSkills(path.join(tmp.dir, "skills"), count);
    const include = [...new Set(tree.dirs.map((d) => path.dirname(d)))];
    const home = path.join(tmp.dir, "home");
    await mkdir(home, { recursive: true });
    const scanOptions = {
      home,
      platform: "linux" as const,
      env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
      include,
      homeLocations: false,
    };
    const host = await startWebHost({
      rendererDir: RENDERER_DIR,
      createSession: (emit) =>
        createHandlerSession({
          host: "web",
          scanOptions,
          desktop: webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
          emit,
          engine: createEngine(scanOptions),
          liveCatalog: false,
        }),
    });
    try {
      const prefetch = () => host.session.prefetchCatalog();
      // Each page signs in with a one-time code, as the file `serve` writes does.
      return await run(() => host.pageUrl(host.issueCode()), prefetch);
    } finally {
      await host.close();
    }
  } finally {
    await tmp.cleanup();
  }
}

async function firstPaint(page: Page, url: string): Promise<number> {
  await page.addInitScript(() => {
    const g = globalThis as unknown as BenchGlobals;
    const observer = new g.MutationObserver(() => {
      if ((g.document as { querySelector(s: string): unknown }).querySelector('[role="option"]')) {
        observer.disconnect();
        g.requestAnimationFrame(() => g.requestAnimationFrame(() => (g.__firstCatalogPaint = g.performance.now())));
      }
    });
    observer.observe(g.document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.waitForFunction(() => (globalThis as unknown as BenchGlobals).__firstCatalogPaint !== undefined, null, {
    timeout: 120_000,
  });
  return page.evaluate(() => (globalThis as unknown as BenchGlobals).__firstCatalogPaint!);
}

/** In the page: sets the search text as typing does, then resolves with the time until the new count is painted. */
const FILTER_IN_PAGE = `(query) => new Promise((resolve) => {
  const input = document.querySelector('input[type="search"]');
  const count = document.querySelector(".list-count");
  const before = count.textContent;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (count.textContent === before) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(count, { childList: true, subtree: true, characterData: true });
  setValue.call(input, query);
  input.dispatchEvent(new Event("input", { bubbles: true }));
})`;

/** Types one query and measures until the list shows the new count and a frame is painted. */
async function filterOnce(page: Page, query: string): Promise<number> {
  return page.evaluate(`(${FILTER_IN_PAGE})(${JSON.stringify(query)})`) as Promise<number>;
}

/** Runs both measurements and prints them. */
export async function runAppBench(
  options: { paintCount?: number; filterCount?: number; rounds?: number } = {},
): Promise<void> {
  const paintCount = options.paintCount ?? 1000;
  const filterCount = options.filterCount ?? 10_000;
  const rounds = options.rounds ?? 3;
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    await withHost(paintCount, async (url, prefetch) => {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        cold.push(await firstPaint(page, url()));
        await page.close();
      }
      for (let i = 0; i < rounds; i++) {
        await prefetch();
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        warm.push(await firstPaint(page, url()));
        await page.close();
      }
      const list = (times: number[]) => times.map((t) => `${t.toFixed(0)} ms`).join(", ");
      console.log(
        `page load → first painted catalog, ${paintCount} skills, scan already done (as \`serve\` does at start): ${list(warm)} (goal < 1000 ms)`,
      );
      console.log(`page load → first painted catalog, ${paintCount} skills, scan started by the page: ${list(cold)}`);
    });
    await withHost(filterCount, async (url) => {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const load = await firstPaint(page, url());
      console.log(
        `page load → first painted catalog, ${filterCount} skills, scan started by the page: ${load.toFixed(0)} ms`,
      );
      const latencies: number[] = [];
      for (const query of ["skill-00", "skill-001", "fills", "zzz-none", "form checks", ""])
        latencies.push(await filterOnce(page, query));
      latencies.sort((a, b) => a - b);
      const median = latencies[Math.floor(latencies.length / 2)]!;
      console.log(
        `filter latency, ${filterCount} skills: median ${median.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms over ${latencies.length} queries (goal < 50 ms; from the input event to the painted frame)`,
      );
      await page.close();
    });
  } finally {
    await browser.close();
  }
}
