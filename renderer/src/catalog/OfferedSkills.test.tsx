// "Offered by servers" in the catalog, in a real DOM: nothing is asked until it is shown; each skill reads "offered by
// SERVER" with hostile text shown as text; choosing one previews its levels and checks; an invalid entry cannot be
// added; "Add…" opens the Add flow with the server's mcp: source and that skill chosen.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OfferedSkillPreview, OfferedSkillsResult } from "../../../shared/offered-skills";
import type { ScanResult } from "../../../shared/model";
import { testLocation, testSkill } from "../../../shared/testing/model-fixtures";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { SettingsProvider } from "../app/settings-store";
import { CatalogViewStateProvider } from "./catalog-view-state";
import { CatalogView } from "./CatalogView";
import type { CatalogData, UpdatesData } from "../app/use-app-data";
import { loadedCatalog, updatesData } from "../test/app-data";

const scan: ScanResult = {
  locations: [testLocation("code")],
  skills: [testSkill("alpha")],
  plugins: [],
  diagnostics: [],
};
const catalog: CatalogData = loadedCatalog(scan);
const updates: UpdatesData = updatesData();
const HOSTILE = '<img src=x onerror="alert(1)">';
const offered: OfferedSkillsResult = {
  servers: [
    {
      id: "settings#0123456789ab",
      name: "Acme skills",
      address: "https://skills.acme.test/mcp",
      configuredIn: "settings",
      addSource: "mcp:https://skills.acme.test/mcp",
      state: "offers",
      more: 0,
      skills: [
        { name: "pdf-tools", description: HOSTILE, uri: "skill://pdf-tools/SKILL.md", files: 2, bytes: 2048 },
        {
          name: "broken",
          description: "",
          uri: "skill://broken/SKILL.md",
          files: null,
          bytes: null,
          invalid: "its frontmatter lacks a name or description",
        },
      ],
    },
    {
      id: "/h/.claude.json#aaaaaaaaaaaa",
      name: "plain",
      address: "https://plain.test/mcp",
      configuredIn: "/h/.claude.json",
      addSource: "mcp:https://plain.test/mcp",
      state: "none",
      skills: [],
      more: 0,
    },
  ],
  notApproved: [{ name: "local-thing", command: "node", configFile: "/h/.claude.json" }],
  problems: [],
};
const preview: OfferedSkillPreview = {
  serverId: "settings#0123456789ab",
  uri: "skill://pdf-tools/SKILL.md",
  levels: {
    dir: "skill://pdf-tools",
    level1: { name: "pdf-tools", description: "Fills PDF forms.", text: "<available_skills>…", chars: 20, tokens: 5 },
    level2: { text: "# PDF tools\n\nRead references/forms.md.", startLine: 5, lines: 3, chars: 40, tokens: 10 },
    level3: {
      entries: [{ path: "references/forms.md", kind: "file", size: 8, referenced: true, tokens: 2 }],
      references: [],
      missing: [],
      outside: [],
      truncated: false,
      tokens: 12,
      uncounted: 0,
    },
    diagnostics: [
      {
        code: "skill.ref.missing",
        severity: "warning",
        message: "The instructions point at a missing file.",
        file: "skill://pdf-tools/SKILL.md",
        line: 6,
      },
    ],
  },
};

function renderCatalog() {
  const { api, calls } = pageApi({
    listOffered: async () => offered,
    previewOffered: async () => preview,
    addSkill: () => new Promise(() => undefined),
  });
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <SettingsProvider api={api}>
        <CatalogViewStateProvider>
          <CatalogView catalog={catalog} updates={updates} />
        </CatalogViewStateProvider>
      </SettingsProvider>
    </ApiContext.Provider>,
  );
  return calls;
}

describe("Offered by servers", () => {
  it("lists each offered skill as offered by its server, asked only when shown", async () => {
    const calls = renderCatalog();
    expect(calls.some(([m]) => m === "listOffered")).toBe(false);
    fireEvent.click(screen.getByLabelText("Offered by servers"));
    const list = await screen.findByRole("list", { name: "Offered skills" });
    const items = within(list).getAllByRole("button");
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining("pdf-tools offered by Acme skills"),
      expect.stringContaining("broken offered by Acme skills cannot be added"),
    ]);
    // Hostile text from a server is text, never markup.
    expect(items[0]!.textContent).toContain(HOSTILE);
    expect(document.querySelector("img")).toBeNull();
    expect(screen.getByText(/plain \(https:\/\/plain.test\/mcp\): offers no skills/)).toBeTruthy();
    expect(screen.getByText(/local-thing: a local server not approved/)).toBeTruthy();
  });

  it("previews the chosen skill's levels and checks, and Add… opens the Add flow for it", async () => {
    const calls = renderCatalog();
    fireEvent.click(screen.getByLabelText("Offered by servers"));
    fireEvent.click(await screen.findByRole("button", { name: /pdf-tools offered by/ }));
    const detail = await screen.findByTestId("offered-detail");
    expect(within(detail).getByText("Offered by Acme skills")).toBeTruthy();
    expect(calls.find(([m]) => m === "previewOffered")?.[1]).toEqual([
      "settings#0123456789ab",
      "skill://pdf-tools/SKILL.md",
    ]);
    await within(detail).findByText(/exactly what a model sees/);
    fireEvent.click(within(detail).getByRole("tab", { name: "Level 3" }));
    expect(within(detail).getByText("references/forms.md")).toBeTruthy();
    fireEvent.click(within(detail).getByRole("tab", { name: /Checks/ }));
    expect(within(detail).getByText("The instructions point at a missing file.")).toBeTruthy();
    expect(within(detail).getByText("SKILL.md:6").tagName).toBe("SPAN");

    fireEvent.click(within(detail).getByRole("button", { name: "Add…" }));
    await waitFor(() => expect(calls.some(([m]) => m === "addSkill")).toBe(true));
    const [source, request] = calls.find(([m]) => m === "addSkill")![1] as [
      string,
      { skills?: string[]; dryRun: boolean },
    ];
    expect(source).toBe("mcp:https://skills.acme.test/mcp");
    expect(request).toMatchObject({ skills: ["pdf-tools"], dryRun: true });
  });

  it("does not preview or offer to add an invalid entry", async () => {
    const calls = renderCatalog();
    fireEvent.click(screen.getByLabelText("Offered by servers"));
    fireEvent.click(await screen.findByRole("button", { name: /broken offered by/ }));
    const detail = await screen.findByTestId("offered-detail");
    expect(within(detail).getByRole("alert").textContent).toContain("lacks a name or description");
    expect(within(detail).queryByRole("button", { name: "Add…" })).toBeNull();
    expect(calls.some(([m]) => m === "previewOffered")).toBe(false);
  });
});
