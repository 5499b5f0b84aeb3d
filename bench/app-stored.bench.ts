// The app in Chromium with a warm cache: time from page load to the first painted rows when the catalog stored at the
// last run is shown at once (the host renders them into the page; the scan confirming it runs behind), beside the
// 300 ms budget and beside the static floor of the same run (goal: 2× the floor for 10,000 skills, 1.5× for a
// realistic home of 300 skills in five clients), and the time until the scan confirmed it. Beside that floor (a page of
// 40 rows, no script, no stylesheet) it prints this page's own floor: the very HTML the host served, served as a static
// page without its scripts and with the host's headers, so what the app adds to its own markup shows apart from what
// the markup costs, and that markup alone (no stylesheet, no opener policy). A bench: it prints figures and asserts
// nothing.
import { chromium, type Page } from "@playwright/test";
import { existsSync } from "node:fs";
import { mkdir, rename } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { createEngine } from "../electron/handlers/engine";
import { createHandlerSession } from "../electron/handlers/handlers";
import { webDesktopIntegration } from "../electron/host/desktop-fallback";
import { startWebHost } from "../electron/host/server";
import type { ScanOptions } from "../electron/engine/discovery/types";
import { chromiumExecutable } from "../scripts/chromium";
import { makeTempDir } from "../test-support/tmp";
import { generateSkills } from "./generate";
import { generateRealCorpus } from "./real-corpus";

const RENDERER_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "dist", "renderer");
/** The built read worker `serve` hands its engine (reads, the validation cache and the task worker run there). */
const WORKER_SCRIPT = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  "..",
  "dist",
  "cli",
  "read-worker.mjs",
);
const BUDGET_MS = 300;
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/** Page globals the measurement uses (this file is type-checked without the DOM library). */
interface BenchGlobals {
  __rows?: number;
  __confirmed?: number;
  __painted?: () => void;
  performance: {
    now(): number;
    getEntriesByType(type: "navigation"): { loadEventEnd: number; responseStart: number }[];
    getEntriesByType(type: "resource"): { initiatorType: string; startTime: number }[];
  };
  requestAnimationFrame(fn: () => void): void;
  document: { querySelector(s: string): unknown };
  MutationObserver: new (fn: () => void) => { observe(target: unknown, options: unknown): void; disconnect(): void };
}

/** What one page load measured, in ms after navigation (confirmed: NaN when not waited for). */
interface Loaded {
  rows: number;
  confirmed: number;
  loaded: number;
  /** When the page's first script was asked for, from resource timing; NaN when it has none. */
  firstScript: number;
  /** When the page's answer began to arrive (the host had rendered it), from navigation timing. */
  response: number;
}

/**
 * Loads the page; returns when rows were first painted and (with `confirm`) when the "Checking for changes…" note went
 * away. The page reports its painted rows through a binding, and nothing is asked of it until then: Playwright's own
 * waiting (page.goto's load event, waitForFunction) evaluates its injected script in the page, which on a page with no
 * script of its own ran right between the markup and the first frame and was counted as the page's.
 */
async function load(page: Page, url: string, confirm = true): Promise<Loaded> {
  let painted!: () => void;
  const rowsPainted = new Promise<void>((resolve) => (painted = resolve));
  await page.exposeBinding("__painted", () => painted());
  await page.addInitScript(() => {
    const g = globalThis as unknown as BenchGlobals;
    let checking = false;
    const observer = new g.MutationObserver(() => {
      const doc = g.document;
      if (g.__rows === undefined && doc.querySelector('[role="option"]')) {
        g.__rows = -1;
        g.requestAnimationFrame(() =>
          g.requestAnimationFrame(() => {
            g.__rows = g.performance.now();
            g.__painted?.();
          }),
        );
      }
      if (doc.querySelector('[data-testid="catalog-checking"]')) checking = true;
      else if (checking && g.__confirmed === undefined && doc.querySelector('[role="option"]')) {
        g.__confirmed = g.performance.now();
        observer.disconnect();
      }
    });
    observer.observe(g.document, { childList: true, subtree: true });
  });
  await page.goto(url, { waitUntil: "commit" });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      rowsPainted,
      new Promise(
        (_resolve, reject) => (timer = setTimeout(() => reject(new Error("No rows painted in 120 s.")), 120_000)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
  if (confirm)
    await page.waitForFunction(() => (globalThis as unknown as BenchGlobals).__confirmed !== undefined, null, {
      timeout: 300_000,
    });
  else await page.waitForLoadState("load");
  return page.evaluate(() => {
    const w = globalThis as unknown as BenchGlobals;
    const nav = w.performance.getEntriesByType("navigation")[0];
    const scripts = w.performance.getEntriesByType("resource").filter((e) => e.initiatorType === "script");
    return {
      rows: w.__rows!,
      confirmed: w.__confirmed ?? NaN,
      loaded: nav?.loadEventEnd ?? NaN,
      firstScript: scripts.length > 0 ? Math.min(...scripts.map((e) => e.startTime)) : NaN,
      response: nav?.responseStart ?? NaN,
    };
  });
}

/** Starts a web host over the scan set-up (a fresh session each time, as a new start of the app). */
async function host(scanOptions: ScanOptions, settingsFile: string, port: number) {
  return startWebHost({
    port,
    rendererDir: RENDERER_DIR,
    createSession: (emit) =>
      createHandlerSession({
        host: "web",
        scanOptions,
        desktop: webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
        emit,
        engine: createEngine(scanOptions),
        liveCatalog: false,
        settingsFile,
      }),
  });
}

/** The times of one series of starts. */
interface Series {
  rows: number[];
  loaded: number[];
  confirmed: number[];
  firstScript: number[];
  response: number[];
}

/**
 * Starts the app `rounds` times and loads its page in a browser tab from `openPage`. Each start is a new host and
 * session on `port` (0: any free one), as `serve` is started again.
 */
async function startsOf(
  rounds: number,
  scanOptions: ScanOptions,
  settingsFile: string,
  port: number,
  openPage: () => Promise<Page>,
  scan = true,
): Promise<Series> {
  const series: Series = { rows: [], loaded: [], confirmed: [], firstScript: [], response: [] };
  for (let i = 0; i < rounds; i++) {
    const next = await host(scanOptions, settingsFile, port);
    try {
      // As `serve` and the app do at start: the scan is asked for before any page loads (the stored catalog is read
      // first, and the host holds the scan until the page's first screen is on screen); the page opens once the stored
      // catalog is in hand, as a person's first page would be a moment later. Without `scan`, no scan is asked for
      // before the page asks (what the scan's work costs the paint shows beside the series with it).
      if (scan) void next.session.prefetchCatalog();
      await next.session.handlers["catalog:stored"]();
      const page = await openPage();
      const t = await load(page, next.pageUrl(next.issueCode()));
      series.rows.push(t.rows);
      series.loaded.push(t.loaded);
      series.confirmed.push(t.confirmed);
      series.firstScript.push(t.firstScript);
      series.response.push(t.response);
      await page.close();
    } finally {
      await next.session.dispose();
      await next.close();
    }
  }
  return series;
}

/** A free port on 127.0.0.1 (the kept-profile series restarts its host on one port, as `serve --port N` does). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const list = (times: number[]) => times.map((t) => `${t.toFixed(0)} ms`).join(", ");

/** Prints one series beside the budget. */
function report(title: string, series: Series): void {
  const m = median(series.rows);
  console.log(
    `${title}: page load → first painted rows: ${list(series.rows)}; median ${m.toFixed(0)} ms (budget ${BUDGET_MS} ms: ${m <= BUDGET_MS ? "met" : "MISSED"})`,
  );
  console.log(`  page load → the page's answer began (rendered by the host): ${list(series.response)}`);
  console.log(`  page load → the app's first script asked for: ${list(series.firstScript)}`);
  console.log(`  page load → its load event (the page's scripts ran): ${list(series.loaded)}`);
  console.log(`  page load → the scan confirmed it (validation cache warm): ${list(series.confirmed)}`);
}

/** A page of rows with no script and no stylesheet: what this browser needs to paint anything at all. */
const STATIC_ROWS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>rows</title></head><body>${Array.from(
  { length: 40 },
  (_, i) => `<div role="option">skill-${i} <span>A skill, as a row shows it.</span></div>`,
).join("")}</body></html>`;

/** A page as a host served it: its HTML and its response headers. */
interface ServedPage {
  html: string;
  headers: Record<string, string>;
}

/** Headers that describe one response's transfer, not the page: not copied onto a static twin. */
const TRANSFER_HEADERS = new Set(["content-length", "date", "connection", "keep-alive", "transfer-encoding"]);

/** The first-screen page a fresh start of the host serves, as the browser receives it (a new one-time ticket). */
async function servedPage(scanOptions: ScanOptions, settingsFile: string): Promise<ServedPage> {
  const next = await host(scanOptions, settingsFile, 0);
  try {
    await next.session.handlers["catalog:stored"]();
    const response = await fetch(next.pageUrl(next.issueCode()));
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!TRANSFER_HEADERS.has(name)) headers[name] = value;
    });
    return { html: await response.text(), headers };
  } finally {
    await next.session.dispose();
    await next.close();
  }
}

/**
 * The served page without its scripts (the script tags and module preloads taken out, nothing else changed): the
 * same markup and inline stylesheet, under the same headers, so the floor of what this page's markup costs.
 */
const withoutScripts = (page: ServedPage): ServedPage => ({
  html: page.html.replace(/<script\b[^>]*><\/script>/g, "").replace(/<link rel="modulepreload"[^>]*>/g, ""),
  headers: page.headers,
});

/** A page's markup without its inline stylesheet (nothing else changed). */
const withoutStylesheet = (html: string): string => html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, "");

/**
 * A floor from the same browser and run: a static page served from 127.0.0.1 (by default the 40 rows, with no
 * headers of note), loaded in a new page `rounds` times and timed as the app's rows are.
 */
async function staticPageFloor(
  openPage: () => Promise<Page>,
  rounds: number,
  page: ServedPage = { html: STATIC_ROWS_PAGE, headers: {} },
): Promise<number[]> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, {
      ...page.headers,
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
    });
    response.end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const tab = await openPage();
      times.push((await load(tab, `http://127.0.0.1:${port}/`, false)).rows);
      await tab.close();
    }
    return times;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * The goal beside the floor: first painted rows within `goal` times the static page's, medians of the same run; and
 * beside this page's own floor (its HTML served as a static page without its scripts).
 */
function reportGoal(title: string, rows: number[], floor: number[], goal: number, own: number[]): void {
  const ratio = median(rows) / median(floor);
  console.log(
    `  ${title}: median ${median(rows).toFixed(0)} ms beside the floor's ${median(floor).toFixed(0)} ms = ${ratio.toFixed(2)}× (goal ${goal}×: ${ratio <= goal ? "met" : "MISSED"}); beside this page's own floor (${median(own).toFixed(0)} ms, itself ${(median(own) / median(floor)).toFixed(2)}× the floor): ${(median(rows) / median(own)).toFixed(2)}×`,
  );
}

/** The five clients' skill folders of a Linux home the realistic home spreads its skills over. */
const CLIENT_FOLDERS = [".claude/skills", ".agents/skills", ".cursor/skills", ".codex/skills", ".gemini/skills"];

/**
 * A realistic home: `count` skills shaped like public repositories' (bench/real-corpus.ts), spread evenly over five
 * clients' folders of the home, read as the app reads a home (its own locations, no added folder).
 */
async function realisticHome(dir: string, count: number): Promise<{ home: string }> {
  const corpus = await generateRealCorpus(path.join(dir, "corpus"), count);
  const home = path.join(dir, "home");
  for (const folder of CLIENT_FOLDERS) await mkdir(path.join(home, folder), { recursive: true });
  for (const [i, skill] of corpus.dirs.entries())
    await rename(skill, path.join(home, CLIENT_FOLDERS[i % CLIENT_FOLDERS.length]!, path.basename(skill)));
  return { home };
}

/**
 * Measures the warm start on `count` generated skills and on a realistic home (`realistic` skills in five clients),
 * and prints each beside the budget and the static floor of the same run.
 */
export async function runStoredCatalogBench(
  options: { count?: number; rounds?: number; realistic?: number } = {},
): Promise<void> {
  const count = options.count ?? 10_000;
  const rounds = options.rounds ?? 3;
  const realistic = options.realistic ?? 300;
  const executable = chromiumExecutable();
  if (!existsSync(executable)) {
    console.log(`skipped: no Chromium at ${executable} (set SKILLSHELF_CHROMIUM or install chromium)`);
    return;
  }
  if (!existsSync(path.join(RENDERER_DIR, "index.html"))) {
    console.log(`skipped: the renderer is not built (${RENDERER_DIR}); run node scripts/build.mjs`);
    return;
  }
  const tmp = await makeTempDir("skillshelf-app-stored-bench-");
  const browser = await chromium.launch({ executablePath: executable, args: CHROMIUM_FLAGS });
  const newPage = () => browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    const tree = await generateSkills(path.join(tmp.dir, "skills"), count);
    const home = path.join(tmp.dir, "home");
    await mkdir(home, { recursive: true });
    const generated: ScanOptions = {
      home,
      platform: "linux",
      env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache") },
      include: [...new Set(tree.dirs.map((d) => path.dirname(d)))],
      homeLocations: false,
      ...(existsSync(WORKER_SCRIPT) ? { workerScript: WORKER_SCRIPT } : {}),
    };
    if (!generated.workerScript) console.log(`${WORKER_SCRIPT} is not built: the scan runs on the host's thread.`);
    const real = await realisticHome(path.join(tmp.dir, "realistic"), realistic);
    const realOptions: ScanOptions = {
      home: real.home,
      platform: "linux",
      env: { SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "realistic", "cache") },
      ...(generated.workerScript ? { workerScript: generated.workerScript } : {}),
    };
    const settingsFile = path.join(tmp.dir, "config", "settings.json");
    // A result is kept only when what it read is older than the cache's 2-second racy window.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    // The last run of each: one scan, which stores the catalog and fills the validation cache.
    for (const scanOptions of [generated, realOptions]) {
      const first = await host(scanOptions, settingsFile, 0);
      await first.session.handlers["catalog:scan"]();
      await first.session.dispose();
      await first.close();
    }
    // The page each start serves, to load as a static page beside the app (its own floor).
    const served10k = await servedPage(generated, settingsFile);
    const servedHome = await servedPage(realOptions, settingsFile);
    // A browser that has never seen the app (a new profile for each start), then the floors in the same browser.
    const fresh = await startsOf(rounds, generated, settingsFile, 0, newPage);
    report(`${count} skills, warm cache (the stored catalog), a new browser profile at each start`, fresh);
    const unscanned = await startsOf(rounds, generated, settingsFile, 0, newPage, false);
    console.log(
      `  the same with no scan asked for at start (what the scan's work costs the paint): ${list(unscanned.rows)}; median ${median(unscanned.rows).toFixed(0)} ms`,
    );
    const home300 = await startsOf(rounds, realOptions, settingsFile, 0, newPage);
    report(`a realistic home (${realistic} skills in five clients), a new browser profile at each start`, home300);
    const floor = await staticPageFloor(newPage, rounds);
    console.log(
      `  the floor, same browser: a static page of 40 rows (no script, no stylesheet) paints them at ${list(floor)}; median ${median(floor).toFixed(0)} ms`,
    );
    const floorHeaders = await staticPageFloor(newPage, rounds, { html: STATIC_ROWS_PAGE, headers: served10k.headers });
    console.log(
      `  the same 40 rows under the host's headers (its Cross-Origin-Opener-Policy gives the page a new process): ${list(floorHeaders)}; median ${median(floorHeaders).toFixed(0)} ms`,
    );
    const own10k = await staticPageFloor(newPage, rounds, withoutScripts(served10k));
    const ownHome = await staticPageFloor(newPage, rounds, withoutScripts(servedHome));
    for (const [title, page, times] of [
      [`${count} skills`, served10k, own10k],
      [`the realistic home`, servedHome, ownHome],
    ] as const)
      console.log(
        `  this page's own floor, ${title}: the HTML the host served (${(page.html.length / 1024).toFixed(0)} KB), without its scripts, as a static page under the host's headers: ${list(times)}; median ${median(times).toFixed(0)} ms = ${(median(times) / median(floor)).toFixed(2)}× the floor`,
      );
    // What the host's Cross-Origin-Opener-Policy costs this page (kept: it is a defence, not a speed question).
    const { "cross-origin-opener-policy": _coop, ...openerFree } = servedHome.headers;
    const ownHomeNoCoop = await staticPageFloor(newPage, rounds, {
      ...withoutScripts(servedHome),
      headers: openerFree,
    });
    console.log(
      `  the realistic home's own floor without the host's Cross-Origin-Opener-Policy: ${list(ownHomeNoCoop)}; median ${median(ownHomeNoCoop).toFixed(0)} ms = ${(median(ownHomeNoCoop) / median(floor)).toFixed(2)}× the floor`,
    );
    // What the first screen's markup alone costs (no stylesheet, no script, no opener policy): the part of the goal
    // that is left for the app's look and its host's defences.
    const homeMarkup = await staticPageFloor(newPage, rounds, {
      html: withoutStylesheet(withoutScripts(servedHome).html),
      headers: openerFree,
    });
    console.log(
      `  the realistic home's markup alone (no stylesheet, no script, no opener policy): ${list(homeMarkup)}; median ${median(homeMarkup).toFixed(0)} ms = ${(median(homeMarkup) / median(floor)).toFixed(2)}× the floor`,
    );
    reportGoal(`${count} skills`, fresh.rows, floor, 2, own10k);
    reportGoal(`the realistic home (${realistic} skills)`, home300.rows, floor, 1.5, ownHome);
    // A returning user: one browser profile kept across starts on one port, so the browser's cache (and V8's code
    // cache of the content-named scripts) holds from the last start, as Electron's code cache does for app://. The
    // first start only fills it and is not counted.
    const profile = await chromium.launchPersistentContext(path.join(tmp.dir, "browser-profile"), {
      executablePath: executable,
      args: CHROMIUM_FLAGS,
      viewport: { width: 1400, height: 900 },
    });
    try {
      const port = await freePort();
      const kept = await startsOf(rounds + 1, generated, settingsFile, port, () => profile.newPage());
      for (const times of Object.values(kept)) times.shift();
      report(`${count} skills, warm cache, the browser profile kept from the last start`, kept);
    } finally {
      await profile.close();
    }
  } finally {
    await browser.close();
    await tmp.cleanup();
  }
}
