// The Desktop hand-off in a real DOM: when the system cannot open the file, the page says in words what to do, and the
// opener's exit code is only in Details.
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UpdateApplyResult } from "../../../shared/update-flow";
import { pageApi } from "../test/page-api";
import { ApiContext } from "../app/api-context";
import { DesktopHandoffPanel } from "./UpdateWizardHandoff";

const archive = "/h/Downloads/notes-2.0.0.skill";
const applied: Extract<UpdateApplyResult, { kind: "desktop-upload" }> = {
  ok: true,
  kind: "desktop-upload",
  name: "notes",
  archive,
  version: "2.0.0",
  steps: ["Upload it in Claude Desktop."],
  moved: [],
};

describe("the Desktop hand-off", () => {
  it("says what to do when Claude Desktop cannot be opened, with the exit code only in Details", async () => {
    const message = `Skillshelf couldn't open Claude Desktop. Open it yourself and upload the file at ${archive}.`;
    const { api } = pageApi({
      waitForArrival: () => new Promise(() => undefined),
      openHandoff: async () => ({ ok: false, message, detail: "xdg-open failed (exit code 4)." }),
    });
    render(
      <ApiContext.Provider value={{ api, host: "electron", consent: "none" }}>
        <DesktopHandoffPanel taskId="0123456789abcdef" applied={applied} onArrived={() => undefined} />
      </ApiContext.Provider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open in Claude Desktop" }));
    const said = await screen.findByText(message);
    expect(said.getAttribute("role")).toBe("status");
    expect(said.textContent).not.toContain("exit code");
    const details = said.parentElement!.querySelector("details")!;
    expect(details.querySelector("summary")?.textContent).toBe("Details");
    expect(details.querySelector("pre")?.textContent).toBe("xdg-open failed (exit code 4).");
  });
});
