// The catalog in a real browser against the web host: fixture homes for each OS, search, filters, detail, keyboard.
import { expect, test } from "@playwright/test";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SESSION_HEADER } from "../shared/ipc";
import type { ScanPlatform } from "../electron/engine/discovery/types";
import { splitInlineCode } from "../shared/format";
import { clientLabel, desktopAccountTitles } from "../shared/ui-catalog";
import { allSkills, startAppHost, type AppHost } from "./support/app-host";
import { drawnNames, entryRow, openCatalog, saveScreenshot, selectedName } from "./support/page";

const PLATFORMS: ScanPlatform[] = ["darwin", "win32", "linux"];
/** A finding's text as the page shows it: code spans as code, without their backticks. */
const shownText = (text: string) =>
  splitInlineCode(text)
    .map((p) => p.text)
    .join("");

for (const platform of PLATFORMS) {
  test.describe(`catalog of a ${platform} home`, () => {
    let app: AppHost;
    test.beforeAll(async () => {
      app = await startAppHost({ platform });
    });
    test.afterAll(async () => {
      await app?.close();
    });

    test("shows every skill and plugin found, grouped and counted", async ({ page }) => {
      await openCatalog(page, app.url);
      const scan = await app.catalog();
      const skills = allSkills(scan);
      const total = skills.length + scan.plugins.length;
      expect(total).toBeGreaterThan(0);
      await expect(page.locator(".list-count")).toHaveText(`${total} ${total === 1 ? "item" : "items"}`);
      await expect(page.getByRole("button", { name: /^All places/ })).toContainText(String(total));
      for (const client of new Set(skills.map((s) => s.client))) {
        // A skill counts under every client that loads it: its own and each client holding a link or copy of it.
        const loads = (s: (typeof skills)[number]) =>
          s.client === client || (s.placements ?? []).some((p) => p.client === client);
        const count = skills.filter(loads).length + scan.plugins.filter((p) => p.client === client).length;
        const label = clientLabel(client);
        await expect(page.locator(".client-list .client", { hasText: label })).toContainText(String(count));
      }
      const desktopTrees = scan.locations.filter(
        (l) => l.desktop?.accountTree && skills.some((s) => s.locationId === l.id),
      );
      const accountTitles = desktopAccountTitles(scan.locations);
      for (const tree of desktopTrees) {
        const heading = page.locator(".group-row", { hasText: accountTitles.get(tree.id)! }).first();
        await expect(heading).toBeAttached();
        await expect(heading).toHaveAttribute("title", tree.path);
        await expect(heading).not.toContainText(tree.desktop!.accountTree!.slice(0, 6));
      }
      const drawn = await drawnNames(page);
      const names = new Set([...skills.map((s) => s.name), ...scan.plugins.map((p) => p.name)]);
      for (const name of drawn) expect(names.has(name)).toBe(true);
      await saveScreenshot(page, `catalog-${platform}`);
      await page.emulateMedia({ colorScheme: "dark" });
      await expect(page.locator("body")).toHaveCSS("background-color", "rgb(30, 31, 35)");
      await saveScreenshot(page, `catalog-${platform}-dark`);
    });
  });
}

test.describe("searching, filtering and reading a skill", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({ platform: "darwin" });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("search matches names, descriptions, folders and clients", async ({ page }) => {
    await openCatalog(page, app.url);
    const skills = allSkills(await app.catalog());
    const target = skills.find((s) => s.description.length > 12)!;
    const word = target.description
      .split(/\s+/)
      .find((w) => w.length > 5)!
      .toLowerCase();
    await page.getByRole("searchbox", { name: /Search skills/ }).fill(word);
    const expected = skills.filter((s) =>
      `${s.name}\n${s.description}\n${s.dir}\n${s.realDir}\n${clientLabel(s.client)}`.toLowerCase().includes(word),
    );
    await expect.poll(async () => (await drawnNames(page)).sort()).toEqual(expected.map((s) => s.name).sort());
    await page.getByRole("searchbox", { name: /Search skills/ }).fill("no-skill-is-called-this");
    await expect(page.getByText("Nothing matches")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect(page.locator(".list-count")).not.toContainText(" of ");
  });

  test("filters by client, errors and ownership", async ({ page }) => {
    await openCatalog(page, app.url);
    const scan = await app.catalog();
    const skills = allSkills(scan);
    await page.getByLabel("Has errors").check();
    const invalid = skills
      .filter((s) => !s.valid || s.diagnostics.some((d) => d.severity === "error"))
      .map((s) => s.name);
    const invalidPlugins = scan.plugins.filter((p) => !p.valid).map((p) => p.name);
    await expect.poll(async () => (await drawnNames(page)).sort()).toEqual([...invalid, ...invalidPlugins].sort());
    await page.getByLabel("Has errors").uncheck();

    await page.locator(".client-list .client", { hasText: "Cursor" }).click();
    const cursor = skills.filter((s) => s.client === "cursor").map((s) => s.name);
    await expect.poll(async () => (await drawnNames(page)).sort()).toEqual(cursor.sort());
    await page.locator(".client-list .client", { hasText: "All places" }).click();

    const managed = new Set(skills.filter((s) => !s.userOwned).map((s) => s.name));
    const managedOrPlugin = (name: string) => managed.has(name) || scan.plugins.some((p) => p.name === name);
    await page.getByLabel("Managed by an app").check();
    // Wait for the filtered list itself: right after the click the previous rows may still be drawn.
    await expect
      .poll(async () => {
        const names = await drawnNames(page);
        return names.length > 0 && names.every(managedOrPlugin);
      })
      .toBe(true);
    for (const name of await drawnNames(page)) expect(managedOrPlugin(name)).toBe(true);
    await saveScreenshot(page, "catalog-filtered");
  });

  test("a skill's detail shows where it lives and its diagnostics with file:line, message and fix", async ({
    page,
  }) => {
    await openCatalog(page, app.url);
    const broken = allSkills(await app.catalog()).find((s) =>
      s.diagnostics.some((d) => d.severity === "error" && d.line),
    )!;
    expect(broken).toBeTruthy();
    await page.getByRole("searchbox", { name: /Search skills/ }).fill(broken.name || "");
    await entryRow(page, broken.name).first().click();
    await expect(page.locator("#detail-title")).toHaveText(broken.name);
    await expect(page.locator(".places")).toContainText(broken.dir);
    const errors = page.getByRole("region", { name: "Errors" });
    for (const d of broken.diagnostics.filter((x) => x.severity === "error")) {
      const item = errors.locator(`[data-code="${d.code}"]`).first();
      await expect(item).toContainText(shownText(d.message));
      if (d.line) await expect(item.locator(".place")).toContainText(`:${d.line}`);
      if (d.fix) await expect(item).toContainText(shownText(d.fix));
    }
    await saveScreenshot(page, "skill-detail");
  });

  test("a plugin's detail shows whether it loads, its skills, servers and findings", async ({ page }) => {
    await openCatalog(page, app.url);
    const plugin = (await app.catalog()).plugins[0]!;
    expect(plugin).toBeTruthy();
    await page.getByRole("searchbox", { name: /Search skills/ }).fill(plugin.name);
    await entryRow(page, plugin.name).click();
    await expect(page.locator("#detail-title")).toHaveText(plugin.name);
    // The fixture home's plugin is a Claude Code plugin (.claude-plugin/plugin.json): it loads there and shows its description.
    expect([plugin.format, plugin.loads]).toEqual(["claude-code", true]);
    await expect(page.locator(".facts")).toContainText("Loads in Claude Codeyes");
    await expect(page.locator(".detail-description")).toHaveText(plugin.description!);
    await expect(page.locator(".detail-description")).not.toHaveText("This has no description.");
    for (const s of plugin.skills) await expect(page.locator(".simple-list").first()).toContainText(s.name);
    for (const d of plugin.diagnostics.filter((x) => x.severity === "error"))
      await expect(page.locator(`[data-code="${d.code}"]`).first()).toContainText(shownText(d.message));
    await saveScreenshot(page, "plugin-detail");
  });

  test("the keyboard moves through the catalog: arrows, Home, End and Enter", async ({ page }) => {
    await openCatalog(page, app.url);
    const list = page.getByRole("listbox", { name: "Catalog" });
    await page.getByRole("searchbox", { name: /Search skills/ }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(list).toBeFocused();
    await page.keyboard.press("Home");
    const first = await selectedName(page);
    expect(first).not.toBeNull();
    await expect(page.locator("#detail-title")).toHaveText(first!);
    await page.keyboard.press("ArrowDown");
    const second = await selectedName(page);
    expect(second).not.toBe(first);
    await page.keyboard.press("ArrowUp");
    expect(await selectedName(page)).toBe(first);
    await page.keyboard.press("End");
    const names = await drawnNames(page);
    await expect.poll(() => selectedName(page)).toBe(names[names.length - 1]);
    await expect(list).toHaveAttribute("aria-activedescendant", /row-\d+/);
    await page.keyboard.press("Enter");
    await expect(page.locator("#detail-title")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tab", { name: /Overview/ })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: /Level 1/ })).toBeFocused();
    await expect(page.getByRole("tab", { name: /Level 1/ })).toHaveAttribute("aria-selected", "true");
  });
});

test.describe("the catalog after another tab", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({ platform: "darwin" });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("keeps its search, filter, order and selected skill", async ({ page }) => {
    await openCatalog(page, app.url);
    const target = allSkills(await app.catalog()).find((s) => s.name && s.client !== "custom")!;
    const search = page.getByRole("searchbox", { name: /Search skills/ });
    const client = page.locator(".client-list .client", { hasText: new RegExp(`^${clientLabel(target.client)}\\d`) });
    const sort = page.getByRole("combobox", { name: "Sort the list" });
    await search.fill(target.name);
    await client.click();
    await sort.selectOption("problems");
    await entryRow(page, target.name).first().click();
    await expect(page.locator("#detail-title")).toHaveText(target.name);

    await page.getByRole("button", { name: /^Updates/ }).click();
    await expect(page.getByRole("listbox", { name: "Catalog" })).toHaveCount(0);
    await page.getByRole("button", { name: "Catalog", exact: true }).click();

    await expect(search).toHaveValue(target.name);
    await expect(client).toHaveAttribute("aria-pressed", "true");
    await expect(sort).toHaveValue("problems");
    await expect.poll(() => selectedName(page)).toBe(target.name);
    await expect(page.locator("#detail-title")).toHaveText(target.name);
  });
});

test.describe("first-run states", () => {
  let app: AppHost;
  test.beforeAll(async () => {
    app = await startAppHost({ platform: "linux", fixtureHome: false });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("an empty machine gets a plain-language empty state", async ({ page }) => {
    await page.goto(app.url);
    await expect(page.getByRole("heading", { name: "No skills found yet" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "No skills found yet" })).toContainText("Author mode");
    await saveScreenshot(page, "catalog-empty");
  });

  test("the private file signs a browser in once: the code leaves the address bar, a second use fails, no cookie is set, a reload stays signed in", async ({
    page,
  }) => {
    const code = await app.currentCode();
    await page.goto(app.url);
    await expect(page.getByRole("heading", { name: "No skills found yet" })).toBeVisible();
    // The first screen shows before the page's script signed in: the app taking it over comes after.
    await expect(page.locator("#root")).not.toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(`${app.origin}/`);
    expect(await page.context().cookies()).toEqual([]);
    await expect.poll(() => app.currentCode()).not.toBe(code);
    // The tab keeps its session (sessionStorage) through a reload, with no code in the address.
    await page.reload();
    await expect(page.getByRole("heading", { name: "No skills found yet" })).toBeVisible();

    // Another user's server on another loopback port, visited by this browser after signing in, receives no
    // credential (a cookie for 127.0.0.1 would have gone to every port), and its pages cannot read the session.
    const seen: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>Another server</title>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      await page.goto(`${otherOrigin}/api/app:info`);
      await page.goto(`${otherOrigin}/`);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const headers of seen) {
        expect(headers.cookie).toBeUndefined();
        expect(headers[SESSION_HEADER]).toBeUndefined();
      }
      const stored = await page.evaluate(
        () => (globalThis as unknown as { sessionStorage: { length: number } }).sessionStorage.length,
      );
      expect(stored).toBe(0);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }

    const stranger = await page.context().browser()!.newPage();
    await stranger.goto(`${app.origin}/#code=${encodeURIComponent(code)}`);
    await expect(stranger.getByRole("heading", { name: "Open Skillshelf from the file it printed" })).toBeVisible();
    expect(stranger.url()).not.toContain(code);
    await stranger.goto(app.origin);
    await expect(stranger.getByRole("heading", { name: "Open Skillshelf from the file it printed" })).toBeVisible();
    await stranger.close();
  });
});
