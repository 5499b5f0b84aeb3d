// The guided update in a real DOM: leaving it cancels its task (the cleanup effect), a failed download offers Retry,
// and a copy changed locally is applied only after the user ticks "Replace my changes".
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ArrivalView } from "../../../shared/update-flow";
import { describe, expect, it } from "vitest";
import { pageApi } from "../test/page-api";
import { TASK, info, reviewOf as review, skill } from "../test/update-fixtures";
import { ApiContext } from "../app/api-context";
import { UpdateWizard } from "./UpdateWizard";

function show(api: ReturnType<typeof pageApi>["api"]) {
  return render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <UpdateWizard info={info} skill={skill} place="Claude Code" onClose={() => undefined} />
    </ApiContext.Provider>,
  );
}

describe("the update wizard", () => {
  it("cancels its task when it is left, so the copy is never left locked", async () => {
    const { api, calls } = pageApi({
      startUpdate: async () => ({ taskId: TASK }),
      reviewUpdate: async () => ({ ok: true, review: review() }),
    });
    const view = show(api);
    fireEvent.click(screen.getByRole("button", { name: "Download and review" }));
    await screen.findByRole("button", { name: "Apply the update" });
    view.unmount();
    expect(calls.filter(([m]) => m === "cancelUpdate")).toEqual([["cancelUpdate", [TASK]]]);
  });

  it("shows a failed download's own problem and offers Retry, which downloads again", async () => {
    let starts = 0;
    const { api } = pageApi({
      startUpdate: async () => ({ taskId: TASK, attached: false, n: ++starts }),
      reviewUpdate: async () =>
        starts === 1
          ? {
              ok: false,
              problem: {
                code: "install.download.failed",
                cause: "offline",
                message: "The download failed.",
                advice: "Check your internet connection, then Retry.",
              },
            }
          : { ok: true, review: review() },
    });
    show(api);
    fireEvent.click(screen.getByRole("button", { name: "Download and review" }));
    expect(await screen.findByText("The download failed.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByRole("button", { name: "Apply the update" });
    expect(starts).toBe(2);
  });

  it("applies a copy changed locally only after the user says to replace the changes", async () => {
    const { api, calls } = pageApi({
      startUpdate: async () => ({ taskId: TASK }),
      reviewUpdate: async () => ({ ok: true, review: review({ localEdits: ["SKILL.md"] }) }),
      applyUpdate: async () => ({
        ok: false,
        problem: { code: "x", cause: "locked", message: "Busy.", advice: "Wait." },
      }),
    });
    show(api);
    fireEvent.click(screen.getByRole("button", { name: "Download and review" }));
    const apply = await screen.findByRole("button", { name: "Apply the update" });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Replace my changes" }));
    fireEvent.click(apply);
    await waitFor(() => expect(calls.some(([m]) => m === "applyUpdate")).toBe(true));
    expect(calls.find(([m]) => m === "applyUpdate")).toEqual(["applyUpdate", [TASK, { overwriteLocal: true }]]);
    expect(await screen.findByRole("button", { name: "Retry" })).toBeTruthy();
  });

  it("stays on the Claude Desktop hand-off until the copy arrives, and only then shows Done", async () => {
    let arrive: (view: ArrivalView) => void = () => undefined;
    const { api, calls } = pageApi({
      startUpdate: async () => ({ taskId: TASK }),
      reviewUpdate: async () => ({ ok: true, review: review() }),
      applyUpdate: async () => ({
        ok: true,
        kind: "desktop-upload",
        name: info.name,
        archive: "/h/Downloads/notes-2.0.0.skill",
        version: "2.0.0",
        steps: ["Upload it in Claude Desktop."],
        moved: [],
      }),
      waitForArrival: () => new Promise<ArrivalView>((resolve) => (arrive = resolve)),
    });
    const view = show(api);
    fireEvent.click(screen.getByRole("button", { name: "Download and review" }));
    fireEvent.click(await screen.findByRole("button", { name: "Apply the update" }));
    await waitFor(() => expect(calls.some(([m]) => m === "waitForArrival")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.container.querySelector('[data-step="apply"]')).not.toBeNull();
    expect(view.container.querySelector('[data-step="done"]')).toBeNull();
    act(() => arrive({ status: "arrived", version: "2.0.0", advice: [] }));
    await waitFor(() => expect(view.container.querySelector('[data-step="done"]')).not.toBeNull());
  });
});
