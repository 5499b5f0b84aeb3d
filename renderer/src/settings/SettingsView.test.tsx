// Settings in a real DOM: a change goes to the host and is announced as saved; a value out of range is refused on the
// page with a message saying why, and nothing is sent.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicSettings, SettingsPatch } from "../../../shared/ipc";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { SettingsView } from "./SettingsView";

const initial: PublicSettings = {
  servers: [],
  hasGithubToken: false,
  pollHours: 24,
  validationCache: true,
  accountNames: {},
  ignoredUpdates: { skills: [], versions: {} },
  problems: [],
};

/** What the live regions say (the page's and its sections'), empty ones left out. */
const announced = () =>
  screen
    .getAllByRole("status")
    .map((s) => s.textContent)
    .filter(Boolean);

function renderSettings() {
  let stored = initial;
  const { api, calls } = pageApi({
    getSettings: async () => stored,
    updateSettings: async (patch: SettingsPatch) => (stored = { ...stored, ...patch } as PublicSettings),
    listConfiguredServers: async () => ({ servers: [], problems: [] }),
    listStdioServers: async () => ({ servers: [], approval: "page", problems: [] }),
  });
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <SettingsView />
    </ApiContext.Provider>,
  );
  const updates = () => calls.filter(([method]) => method === "updateSettings").map(([, args]) => args[0]);
  return { updates };
}

describe("Settings", () => {
  it("saves a changed check interval and says so", async () => {
    const { updates } = renderSettings();
    const hours = await screen.findByLabelText("Check automatically every");
    fireEvent.change(hours, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(announced()).toEqual(["Check interval saved."]));
    expect(updates()).toEqual([{ pollHours: 12 }]);
    expect((screen.getByLabelText("Check automatically every") as HTMLInputElement).value).toBe("12");
  });

  it("refuses an interval out of range with a message, and sends nothing", async () => {
    const { updates } = renderSettings();
    const hours = await screen.findByLabelText("Check automatically every");
    fireEvent.change(hours, { target: { value: "500" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/168/);
    expect(hours.getAttribute("aria-invalid")).toBe("true");
    expect(updates()).toEqual([]);
    expect(announced()).toEqual([]);
  });
});
