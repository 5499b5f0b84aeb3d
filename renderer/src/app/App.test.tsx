// The whole app in a real DOM: the settings are read once for every tab, a change saved in Settings is what the
// catalog shows next with no second read, and the catalog is as it was left after a trip to another tab.
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicSettings, SettingsPatch } from "../../../shared/ipc";
import type { ScanResult } from "../../../shared/model";
import { testLocation, testSkill } from "../../../shared/testing/model-fixtures";
import { pageApi } from "../test/page-api";
import { App } from "./App";

const tree = testLocation("tree", {
  client: "claude-desktop",
  scope: "desktop-account",
  path: "/r/aaaa-1111/bbbb-2222/skills",
  readOnly: true,
  desktop: { variant: "Claude Desktop", root: "/r", accountTree: "aaaa-1111/bbbb-2222", lastUpdated: null },
});
const scan: ScanResult = {
  locations: [testLocation("code"), tree],
  skills: [
    testSkill("alpha"),
    testSkill("beta"),
    testSkill("memo", { client: "claude-desktop", locationId: "tree", dir: "/r/aaaa-1111/bbbb-2222/skills/memo" }),
  ],
  plugins: [],
  diagnostics: [],
};
const initial: PublicSettings = {
  servers: [],
  hasGithubToken: false,
  pollHours: 24,
  validationCache: true,
  accountNames: {},
  ignoredUpdates: { skills: [], versions: {} },
  problems: [],
};

/** The app over a page API with one catalog and settings kept in memory, as the host keeps them. */
function renderApp() {
  let stored = initial;
  const { api, calls } = pageApi({
    appInfo: async () => ({ version: "0.0.0", host: "web", platform: "linux", consent: "none" }),
    scanCatalog: async () => scan,
    updateRecoveries: async () => [],
    lastUpdates: async () => ({ updates: [], checkedAt: null, checking: false }),
    listConfiguredServers: async () => ({ servers: [], problems: [] }),
    listStdioServers: async () => ({ servers: [], approval: "page", problems: [] }),
    onCatalogChanged: () => () => undefined,
    onUpdatesChanged: () => () => undefined,
    onAuthorChanged: () => () => undefined,
    getSettings: async () => stored,
    updateSettings: async (patch: SettingsPatch) => {
      if (patch.nameAccount) {
        const { tree: id, name } = patch.nameAccount;
        stored = { ...stored, accountNames: { ...stored.accountNames, ...(name ? { [id]: name } : {}) } };
      }
      return stored;
    },
  });
  render(<App api={api} />);
  const count = (method: string) => calls.filter(([m]) => m === method).length;
  return { count };
}

const tab = (name: RegExp) => fireEvent.click(screen.getByRole("button", { name }));

describe("the app's settings", () => {
  it("are read once for every tab, and an account named in Settings is the catalog's next group title", async () => {
    const { count } = renderApp();
    const list = await screen.findByRole("listbox", { name: "Catalog" });
    await within(list).findByText("Claude Desktop — account 1");
    tab(/^Updates/);
    expect(await screen.findAllByRole("heading", { name: /updates/i })).not.toHaveLength(0);
    tab(/^Settings$/);
    const name = await screen.findByLabelText("Claude Desktop — account 1");
    fireEvent.change(name, { target: { value: "Work" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    await screen.findByText("Account name saved.");
    tab(/^Catalog$/);
    await within(screen.getByRole("listbox", { name: "Catalog" })).findByText("Claude Desktop — Work");
    tab(/^Updates/);
    tab(/^Settings$/);
    expect(await screen.findByLabelText("Claude Desktop — account 1")).toHaveProperty("value", "Work");
    expect(count("getSettings")).toBe(1);
    expect(count("updateSettings")).toBe(1);
  });
});

describe("the catalog after another tab", () => {
  it("keeps its search, filters, order, selected skill and detail tab", async () => {
    renderApp();
    const list = await screen.findByRole("listbox", { name: "Catalog" });
    await within(list).findByText("alpha");
    fireEvent.change(screen.getByRole("searchbox", { name: /Search skills/ }), { target: { value: "a" } });
    fireEvent.click(screen.getByRole("button", { name: /^Claude Code/ }));
    fireEvent.change(screen.getByRole("combobox", { name: "Sort the list" }), { target: { value: "problems" } });
    fireEvent.click(await within(list).findByText("beta"));
    fireEvent.click(await screen.findByRole("tab", { name: /Level 1/ }));
    const shown = () => ({
      search: (screen.getByRole("searchbox", { name: /Search skills/ }) as HTMLInputElement).value,
      client: screen.getByRole("button", { name: /^Claude Code/ }).getAttribute("aria-pressed"),
      sort: (screen.getByRole("combobox", { name: "Sort the list" }) as HTMLSelectElement).value,
      selected: within(screen.getByRole("listbox", { name: "Catalog" })).getByRole("option", { selected: true })
        .textContent,
      title: screen.getByRole("heading", { level: 1 }).textContent,
      tab: screen.getByRole("tab", { selected: true }).textContent,
    });
    const before = shown();
    expect(before).toMatchObject({ search: "a", client: "true", sort: "problems", title: "beta" });
    expect(before.tab).toMatch(/Level 1/);
    tab(/^Updates/);
    expect(screen.queryByRole("listbox", { name: "Catalog" })).toBeNull();
    tab(/^Catalog$/);
    await screen.findByRole("listbox", { name: "Catalog" });
    expect(shown()).toEqual(before);
  });
});
