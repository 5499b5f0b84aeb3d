// Settings in a real DOM: a change goes to the host and is announced as saved; a value out of range is refused on the
// page with a message saying why, and nothing is sent.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicSettings, SettingsPatch } from "../../../shared/ipc";
import type { GithubAddressStatus } from "../../../shared/update-servers";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { SettingsProvider } from "../app/settings-store";
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

function renderSettings(probe?: (address: string) => GithubAddressStatus) {
  let stored = initial;
  const { api, calls } = pageApi({
    getSettings: async () => stored,
    updateSettings: async (patch: SettingsPatch) => (stored = { ...stored, ...patch } as PublicSettings),
    listConfiguredServers: async () => ({ servers: [], problems: [] }),
    listStdioServers: async () => ({ servers: [], approval: "page", problems: [] }),
    probeGithubAddress: async () =>
      (probe ?? ((address) => ({ state: "answering", address })))(stored.githubApi ?? "https://api.github.com"),
  });
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <SettingsProvider api={api}>
        <SettingsView />
      </SettingsProvider>
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

  it("saves a GitHub Enterprise address, shows where releases are looked up, and goes back to github.com", async () => {
    const { updates } = renderSettings();
    const field = await screen.findByLabelText("API address");
    fireEvent.change(field, { target: { value: " https://github.example.com/api/v3 " } });
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(announced().sort()).toEqual(["Answers as GitHub's API.", "GitHub address saved."]));
    expect(screen.getByText("https://github.example.com/api/v3").tagName).toBe("CODE");
    fireEvent.click(screen.getByRole("button", { name: "Use github.com" }));
    await waitFor(() => expect(announced()).toEqual(["GitHub address cleared: github.com is used."]));
    expect(await screen.findByLabelText("API address")).toBeTruthy();
    expect(updates()).toEqual([{ githubApi: "https://github.example.com/api/v3" }, { githubApi: null }]);
  });

  it("says in words why a saved GitHub address does not answer as GitHub's API, and asks again on request", async () => {
    let asked = 0;
    const { updates } = renderSettings((address) => {
      asked++;
      return asked === 1
        ? { state: "not-github", address, reason: "It answered, but not as GitHub's API does." }
        : { state: "answering", address: "https://flag.example/api/v3" };
    });
    fireEvent.change(await screen.findByLabelText("API address"), { target: { value: "https://ghe.example" } });
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("It answered, but not as GitHub's API does.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ask again" }));
    const answer = await screen.findByText(/Answers as GitHub's API/);
    expect(answer.textContent).toMatch(
      /This session uses https:\/\/flag\.example\/api\/v3, given when Skillshelf was started/,
    );
    expect(asked).toBe(2);
    expect(updates()).toEqual([{ githubApi: "https://ghe.example" }]);
  });

  it("refuses a GitHub address in plain http to another computer, or none at all, and sends nothing", async () => {
    const { updates } = renderSettings();
    const field = await screen.findByLabelText("API address");
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter the address first.");
    fireEvent.change(field, { target: { value: "http://github.example.com/api/v3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toMatch(/https:\/\//));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(updates()).toEqual([]);
  });
});
