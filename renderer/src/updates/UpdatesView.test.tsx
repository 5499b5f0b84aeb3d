// The Updates view in a real DOM: what to do comes first and the rest is one exact, collapsed summary per reason (never
// thousands of cards); offline is never "No updates available"; ignoring a version or a skill goes to the settings and
// can be undone; the history tells each update and undo once, with Restore where a copy is kept.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SkillshelfApi } from "../../../shared/ipc";
import type { FailureCause, ScanResult, Skill, UpdateInfo } from "../../../shared/model";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { SettingsProvider } from "../app/settings-store";
import type { CatalogData, UpdatesData } from "../app/use-app-data";
import { loadedCatalog, updatesData } from "../test/app-data";
import { UpdatesView } from "./UpdatesView";

const skillOf = (name: string): Skill =>
  ({
    id: `id-${name}`,
    name,
    dir: `/h/.claude/skills/${name}`,
    realDir: `/h/.claude/skills/${name}`,
    locationId: "loc",
    client: "claude-code",
    version: "1.0.0",
    userOwned: true,
    diagnostics: [],
    links: [],
  }) as unknown as Skill;

const info = (name: string, extra: Partial<UpdateInfo>): UpdateInfo => ({
  skillId: `id-${name}`,
  name,
  dir: `/h/.claude/skills/${name}`,
  installed: "1.0.0",
  installedSource: "metadata.version",
  latest: null,
  state: "unknown",
  source: "none",
  checkedAt: new Date().toISOString(),
  ...extra,
});

const outdated = (name: string): UpdateInfo =>
  info(name, {
    state: "outdated",
    latest: "2.0.0",
    source: "github-release",
    plan: {
      kind: "replace-folder",
      action: "download",
      nextStep: "Update it here.",
      steps: [],
    } as unknown as UpdateInfo["plan"],
  });
const failed = (name: string, cause: FailureCause) => info(name, { cause, reason: `Reason for ${name}.` });

function renderView(list: UpdateInfo[], api: SkillshelfApi, extra: Partial<UpdatesData> = {}) {
  const skills = list.map((u) => skillOf(u.name));
  const scan = { locations: [], skills, plugins: [], diagnostics: [] } as ScanResult;
  const catalog: CatalogData = loadedCatalog(scan);
  const updates: UpdatesData = updatesData({
    updates: new Map(list.map((u) => [u.skillId, u])),
    checkedAt: new Date(),
    lastSuccessAt: new Date(),
    ...extra,
  });
  const page = (u: UpdatesData) => (
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <SettingsProvider api={api}>
        <UpdatesView
          catalog={catalog}
          updates={u}
          openSettings={() => undefined}
          active={null}
          onActiveChange={() => undefined}
        />
      </SettingsProvider>
    </ApiContext.Provider>
  );
  const view = render(page(updates));
  return {
    ...view,
    update: (next: UpdateInfo[]) =>
      view.rerender(page({ ...updates, updates: new Map(next.map((u) => [u.skillId, u])) })),
  };
}

const headline = () => screen.getByRole("heading", { level: 2, name: /update|check/i });

describe("the Updates view", () => {
  it("shows outdated skills first and groups thousands of others in one exact summary per reason", async () => {
    const list = [
      ...["alpha", "beta", "gamma"].map(outdated),
      ...Array.from({ length: 10_300 }, (_, i) => failed(`plain-${String(i).padStart(5, "0")}`, "no-source")),
      ...Array.from({ length: 57 }, (_, i) => failed(`far-${i}`, "not-comparable")),
    ];
    const { api } = pageApi();
    const { container } = renderView(list, api);
    expect(headline().textContent).toBe("3 updates available");
    const items = container.querySelectorAll("li");
    expect(items.length).toBeLessThan(20);
    expect(container.querySelectorAll(".update-item[data-state=outdated]")).toHaveLength(3);
    const noSource = screen.getByRole("button", { name: "10,300 skills have no update source" });
    expect(noSource.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("button", { name: "57 skills have versions that cannot be compared" })).toBeTruthy();
    fireEvent.click(noSource);
    expect(noSource.getAttribute("aria-expanded")).toBe("true");
    const group = noSource.closest("section")!;
    expect(group.textContent).toContain("These skills name none of them, so there is nothing to compare them with.");
    expect(group.querySelectorAll("li")).toHaveLength(50);
    fireEvent.click(within(group).getByRole("button", { name: "Show 50 more (of 10,250 not shown)" }));
    expect(group.querySelectorAll("li")).toHaveLength(100);
    await waitFor(() => expect(container.querySelectorAll("li").length).toBeLessThan(120));
  });

  it("draws no Update button for a version with nothing to download, and Update all does not count it", () => {
    const { api } = pageApi();
    const bare = {
      ...outdated("bare"),
      source: "skill-meta" as const,
      plan: {
        kind: "replace-folder",
        action: "none",
        nextStep: "The update source names version 2.0.0 but offers no file to download.",
        steps: [],
      } as unknown as UpdateInfo["plan"],
    };
    const { container } = renderView([outdated("alpha"), bare], api);
    const bareRow = [...container.querySelectorAll<HTMLElement>(".update-item")].find((li) =>
      li.textContent?.startsWith("bare"),
    )!;
    expect(within(bareRow).queryByRole("button", { name: /^Update/ })).toBeNull();
    expect(bareRow.textContent).toContain("offers no file to download");
    expect(bareRow.textContent).not.toContain("Skillshelf downloads");
    expect(screen.getByRole("button", { name: "Update all… (1)" })).toBeTruthy();
  });

  it("draws compact rows: one line with one primary action; notes, next step and other actions folded until asked", async () => {
    const { api } = pageApi();
    const plugin = { id: "p1", name: "security-kit", format: "claude-code" } as const;
    const list = [
      { ...outdated("alpha"), releaseNotes: "## What's new\n\n- Faster." },
      { ...outdated("beta"), releaseNotes: "Fixes." },
      { ...outdated("dependency-audit"), plugin },
      { ...outdated("secret-scanner"), plugin },
    ];
    renderView(list, api);
    await waitFor(() => expect(document.querySelectorAll(".release-notes details")).toHaveLength(2));
    for (const notes of document.querySelectorAll(".release-notes details"))
      expect((notes as HTMLDetailsElement).open).toBe(false);
    const rows = [...document.querySelectorAll(".update-item[data-state='outdated']")];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.querySelectorAll(".button.primary")).toHaveLength(row.hasAttribute("data-plugin") ? 0 : 1);
      const more = row.querySelector("details.update-more") as HTMLDetailsElement;
      expect(more.open).toBe(false);
      expect(more.querySelector(".next-step")).not.toBeNull();
      // The row's line holds the name, where, the versions and the action; nothing else is a button there.
      const line = row.querySelector(".update-row")!;
      expect([...line.querySelectorAll("button")].map((b) => b.textContent)).toEqual(
        row.hasAttribute("data-plugin") ? [] : ["Update…"],
      );
    }
    const alpha = screen.getByRole("heading", { name: "alpha" }).closest("li")!;
    expect(alpha.querySelector(".update-row .versions")!.textContent).toBe("1.0.0 → 2.0.0");
    expect(alpha.querySelector("details.update-more")!.textContent).toContain("Ignore this version");
    const kit = document.querySelector(".update-item[data-plugin='security-kit']")!;
    expect(kit.querySelector("details.update-more ol")).not.toBeNull();
  });

  it("names what could not be reached once, and keeps known updates with their time", async () => {
    const { api } = pageApi();
    // Half an hour ago, but never before today's midnight: a time from yesterday is shown with its date.
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    const earlier = new Date(Math.max(Date.now() - 30 * 60_000, midnight.getTime())).toISOString();
    const kept = {
      ...outdated("alpha"),
      checkedAt: earlier,
      stale: { at: new Date().toISOString(), cause: "offline" as const, failedSource: "GitHub" },
    };
    const list = [kept, ...["one", "two"].map((n) => ({ ...failed(n, "offline"), failedSource: "GitHub" }))];
    renderView(list, api, { lastSuccessAt: new Date(earlier), checkedAt: new Date() });
    expect(headline().textContent).toBe("1 update available");
    expect(document.querySelector(".updates-head p")!.textContent).toBe(
      "Checked just now: GitHub could not be reached. Where an earlier check found an answer, it is shown with its time.",
    );
    expect(screen.getAllByText(/GitHub could not be reached/)).toHaveLength(1);
    const alpha = screen.getByRole("heading", { name: "alpha" }).closest("li")!;
    expect(alpha.textContent).toMatch(/as of \d{1,2}:\d{2}.*; the last check could not reach it\./);
    const group = screen.getByRole("button", { name: "Couldn't check 2 skills this time" }).closest("section")!;
    expect(within(group).getByRole("button", { name: "Check again" })).toBeTruthy();
  });

  it("claims no knowledge before the first check: not checked yet, and how to check", () => {
    const { api } = pageApi();
    renderView([], api, { checkedAt: null, lastSuccessAt: null });
    expect(headline().textContent).toBe("Not checked for updates yet");
    // Said once: the status line beside the title does not say it again.
    expect(document.body.textContent!.match(/not checked/gi)).toHaveLength(1);
    expect(screen.queryByText("No updates available")).toBeNull();
    expect(screen.getByText("Check now to find out whether newer versions exist.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Check now" })).toBeTruthy();
  });

  it("says this computer is offline, once, when the browser is offline and sources failed", async () => {
    const { api } = pageApi();
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, "onLine");
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    try {
      const list = ["one", "two"].map((n) => ({ ...failed(n, "offline"), failedSource: "GitHub" }));
      renderView([outdated("alpha"), ...list], api);
      expect(document.querySelector(".updates-head p")!.textContent).toBe(
        "Checked just now: this computer is offline.",
      );
      expect(screen.getAllByText(/this computer is offline/)).toHaveLength(1);
      expect(screen.queryByText(/GitHub could not be reached/)).toBeNull();
      expect(headline().textContent).toBe("1 update available");
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) expect(navigator.onLine).toBe(true);
    }
  });

  it("names a skill-meta server that did not answer", async () => {
    const { api } = pageApi({
      updateServers: async () => [
        { address: "http://127.0.0.1:9/mcp", configuredIn: "settings", state: "unreachable", skills: [], error: "x" },
      ],
    });
    renderView([outdated("alpha")], api);
    await waitFor(() =>
      expect(document.querySelector(".updates-head p")!.textContent).toBe(
        "Checked just now: the server at 127.0.0.1:9/mcp could not be reached.",
      ),
    );
  });

  it("ignores a version through the settings, lists it as ignored, and undoes it", async () => {
    const patches: unknown[] = [];
    const { api } = pageApi({
      updateSettings: async (patch: never) => {
        patches.push(patch);
        return { accountNames: {} };
      },
    });
    const { update } = renderView([outdated("alpha"), outdated("beta")], api);
    const alpha = screen.getByRole("heading", { name: "alpha" }).closest("li")!;
    fireEvent.click(within(alpha).getByRole("button", { name: "Ignore this version" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain(
        "Version 2.0.0 of alpha is ignored; a newer version will show again.",
      ),
    );
    expect(patches).toEqual([{ ignoreUpdates: { name: "alpha", version: "2.0.0" } }]);
    act(() => update([{ ...outdated("alpha"), ignored: "version" }, outdated("beta")]));
    expect(headline().textContent).toBe("1 update available");
    const ignored = screen.getByRole("button", { name: "1 update ignored" });
    fireEvent.click(ignored);
    expect(ignored.closest("section")!.textContent).toContain("Version 2.0.0 ignored.");
    fireEvent.click(within(screen.getByRole("status")).getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ unignoreUpdates: "alpha" });
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Updates of alpha are shown again."));

    const beta = screen.getByRole("heading", { name: "beta" }).closest("li")!;
    fireEvent.click(within(beta).getByRole("button", { name: "Don't check this skill for updates" }));
    await waitFor(() => expect(patches).toHaveLength(3));
    expect(patches[2]).toEqual({ ignoreUpdates: { name: "beta", version: null } });
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toContain("Updates of beta are no longer shown."),
    );
  });

  it("lists each update and undo once, with Restore where a copy is kept and words where none is", async () => {
    const at = new Date().toISOString();
    const { api, calls } = pageApi({
      updateHistories: async () => ({
        histories: [
          {
            skillId: "id-alpha",
            backups: [{ createdAt: at, version: "1.0.0" }],
            events: [
              { kind: "undo", at, from: "2.0.0", to: "1.0.0", kept: true },
              { kind: "update", at, from: "1.0.0", to: "2.0.0", kept: true },
            ],
          },
          {
            skillId: "id-beta",
            backups: [],
            events: [{ kind: "handoff", at, from: "1.0.0", to: "2.0.0", kept: false }],
          },
        ],
      }),
      undoUpdate: async () => ({ ok: true, version: "1.0.0", replacedVersion: "2.0.0" }),
    });
    renderView([outdated("alpha"), outdated("beta")], api);
    const history = (await screen.findByRole("heading", { name: "History" })).closest("section")!;
    const alpha = within(history).getByRole("heading", { name: "alpha" }).closest("li")!;
    expect([...alpha.querySelectorAll("ol li")].map((li) => li.textContent)).toEqual([
      "Went back to version 1.0.0, replacing version 2.0.0. Version 2.0.0 is kept, so you can switch back. (just now)",
      "Updated from version 1.0.0 to version 2.0.0. The old copy is kept, so you can go back to it. (just now)",
    ]);
    const beta = within(history).getByRole("heading", { name: "beta" }).closest("li")!;
    expect(beta.textContent).toContain("Prepared version 2.0.0 for Claude Desktop to upload.");
    expect(beta.textContent).toContain("No earlier copy is kept, so there is nothing to restore.");
    fireEvent.click(within(alpha).getByRole("button", { name: "Restore version 1.0.0" }));
    await waitFor(() =>
      expect(within(alpha).getByRole("status").textContent).toBe(
        "Restored version 1.0.0; the copy it replaced (version 2.0.0) is kept.",
      ),
    );
    expect(calls.filter(([m]) => m === "undoUpdate")).toEqual([["undoUpdate", ["id-alpha"]]]);
  });
});
