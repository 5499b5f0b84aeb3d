// Settings' list of ignored updates: each says what is ignored and shows the skill's updates again, through the settings.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicSettings } from "../../../shared/settings";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { IgnoredUpdatesSection } from "./IgnoredUpdatesSection";
import { useApi } from "../app/api-context";
import { useSettings } from "./use-settings";

function Section() {
  const data = useSettings(useApi().api);
  return data.settings ? <IgnoredUpdatesSection settings={data.settings} data={data} /> : null;
}

const settings = (ignoredUpdates: PublicSettings["ignoredUpdates"]): PublicSettings => ({
  servers: [],
  hasGithubToken: false,
  pollHours: 24,
  validationCache: true,
  accountNames: {},
  ignoredUpdates,
  problems: [],
});

describe("Ignored updates in Settings", () => {
  it("lists what is ignored and shows a skill's updates again", async () => {
    const patches: unknown[] = [];
    const { api } = pageApi({
      getSettings: async () => settings({ skills: ["agentkey"], versions: { report: "2.1.0" } }),
      updateSettings: async (patch: never) => {
        patches.push(patch);
        return settings({ skills: [], versions: { report: "2.1.0" } });
      },
    });
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <Section />
      </ApiContext.Provider>,
    );
    const section = (await screen.findByRole("heading", { name: "Ignored updates" })).closest("section")!;
    expect([...section.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "agentkey not checked for updates Show updates of agentkey again",
      "report version 2.1.0 ignored Show updates of report again",
    ]);
    fireEvent.click(within(section).getByRole("button", { name: "Show updates of agentkey again" }));
    await waitFor(() => expect(section.querySelectorAll("li")).toHaveLength(1));
    expect(patches).toEqual([{ unignoreUpdates: "agentkey" }]);
  });

  it("says when nothing is ignored", async () => {
    const { api } = pageApi({
      getSettings: async () => settings({ skills: [], versions: {} }),
    });
    render(
      <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
        <Section />
      </ApiContext.Provider>,
    );
    const section = (await screen.findByRole("heading", { name: "Ignored updates" })).closest("section")!;
    expect(section.querySelector("p")!.textContent).toBe(
      'No update is ignored. In Updates, "Ignore this version" and "Don\'t check this skill for updates" add one here.',
    );
  });
});
