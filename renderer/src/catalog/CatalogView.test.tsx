// The catalog in a real DOM: counts per group and in all, the keyboard moving the selection through the list, and the
// search finding skills by the folder as the list shows it ("~/.agents").
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ScanResult, UpdateInfo } from "../../../shared/model";
import { pendingUpdateCount } from "../../../shared/update-rows";
import { testLocation, testSkill } from "../../../shared/testing/model-fixtures";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { SettingsProvider } from "../app/settings-store";
import { CatalogView } from "./CatalogView";
import { CatalogViewStateProvider } from "./catalog-view-state";
import type { CatalogData, UpdatesData } from "../app/use-app-data";
import { loadedCatalog, updatesData } from "../test/app-data";

const scan: ScanResult = {
  locations: [
    testLocation("code"),
    testLocation("agents", { client: "agents", path: "/h/.agents/skills", label: "Agents (~/.agents/skills)" }),
  ],
  skills: [
    testSkill("alpha"),
    testSkill("beta"),
    testSkill("gamma"),
    testSkill("shared-one", { client: "agents", locationId: "agents", dir: "/h/.agents/skills/shared-one" }),
  ],
  plugins: [],
  diagnostics: [],
};
const catalog: CatalogData = loadedCatalog(scan);
const updates: UpdatesData = updatesData();

function renderCatalog(shown: UpdatesData = updates) {
  const { api } = pageApi();
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <SettingsProvider api={api}>
        <CatalogViewStateProvider>
          <CatalogView catalog={catalog} updates={shown} />
        </CatalogViewStateProvider>
      </SettingsProvider>
    </ApiContext.Provider>,
  );
  return screen.getByRole("listbox", { name: "Catalog" });
}

const optionNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole("option")
    .map((o) => o.querySelector(".entry-name")?.textContent);
const selectedName = (list: HTMLElement) =>
  within(list)
    .queryAllByRole("option")
    .find((o) => o.getAttribute("aria-selected") === "true")
    ?.querySelector(".entry-name")?.textContent ?? null;

describe("the catalog list", () => {
  it("counts every item, and each group's", () => {
    const list = renderCatalog();
    expect(document.querySelector(".list-count")!.textContent).toBe("4 items");
    const headers = [...list.querySelectorAll(".group-row")].map((row) => [
      row.querySelector(".group-title")!.textContent,
      row.querySelector(".count")!.textContent,
    ]);
    expect(headers).toEqual([
      ["Claude Code — your skills", "3 items"],
      ["Agents (~/.agents/skills)", "1 item"],
    ]);
    expect(optionNames(list)).toEqual(["alpha", "beta", "gamma", "shared-one"]);
  });

  it("counts a plugin's release once in the sidebar's Update available, as the Updates view and the badge do", () => {
    const plugin = { id: "p1", name: "security-kit", format: "claude-code" } as const;
    const outdated = (name: string, extra: Partial<UpdateInfo> = {}): UpdateInfo => ({
      skillId: `id-${name}`,
      name,
      dir: `/h/${name}`,
      installed: "1.0.0",
      installedSource: "metadata.version",
      latest: "1.1.0",
      state: "outdated",
      source: "github-release",
      checkedAt: new Date().toISOString(),
      ...extra,
    });
    const list = [
      outdated("alpha", { plugin }),
      outdated("beta", { plugin }),
      outdated("gamma", { installed: null, latest: null, source: "github-tree", upstreamHash: "abc" }),
      outdated("shared-one"),
    ];
    renderCatalog({ ...updates, updates: new Map(list.map((u) => [u.skillId, u])) });
    const pill = screen.getByText("Update available").closest("label")!.querySelector(".count")!;
    expect(pill.textContent).toBe("3");
    expect(pendingUpdateCount(list)).toBe(3);
  });

  it("moves the selection with the arrows, Home and End, and opens the selected item's detail", async () => {
    const list = renderCatalog();
    list.focus();
    fireEvent.keyDown(list, { key: "ArrowDown" });
    await waitFor(() => expect(selectedName(list)).toBe("alpha"));
    expect(list.getAttribute("aria-activedescendant")).toBe(within(list).getByRole("option", { selected: true }).id);
    fireEvent.keyDown(list, { key: "ArrowDown" });
    await waitFor(() => expect(selectedName(list)).toBe("beta"));
    fireEvent.keyDown(list, { key: "End" });
    await waitFor(() => expect(selectedName(list)).toBe("shared-one"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("shared-one");
    fireEvent.keyDown(list, { key: "ArrowUp" });
    await waitFor(() => expect(selectedName(list)).toBe("gamma"));
    fireEvent.keyDown(list, { key: "Home" });
    await waitFor(() => expect(selectedName(list)).toBe("alpha"));
    fireEvent.click(within(list).getByText("beta"));
    await waitFor(() => expect(selectedName(list)).toBe("beta"));
  });

  it("finds the skills in a folder by its path as shown, and says how many of all are shown", async () => {
    const list = renderCatalog();
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "~/.agents" } });
    await waitFor(() => expect(optionNames(list)).toEqual(["shared-one"]));
    expect(document.querySelector(".list-count")!.textContent).toBe("1 of 4 items");
  });
});
