// The guided update's keyboard and focus in a real DOM: it is a modal dialog that takes focus when it opens and keeps
// Tab inside; Escape cancels the running download (nothing changes) or closes; after Undo focus moves to the outcome,
// never to the page; and closing returns focus to the Update… button that opened it.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { UpdateReviewResult } from "../../../shared/update-flow";
import { pageApi } from "../test/page-api";
import { TASK, info, reviewOf, skill } from "../test/update-fixtures";
import { ApiContext } from "../app/api-context";
import { useReturnFocus } from "./UpdateParts";
import { UpdateWizard } from "./UpdateWizard";

const review = reviewOf();

function show(api: ReturnType<typeof pageApi>["api"], onClose: () => void = () => undefined) {
  return render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <UpdateWizard info={info} skill={skill} place="Claude Code" onClose={onClose} />
    </ApiContext.Provider>,
  );
}

const heading = () => screen.getByRole("heading", { name: "Update notes" });

describe("the update wizard's keyboard and focus", () => {
  it("is a modal dialog named by its heading, which has focus when it opens", () => {
    show(pageApi().api);
    const dialog = screen.getByRole("dialog", { name: "Update notes" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.activeElement).toBe(heading());
  });

  it("keeps Tab inside: from the last control to the first, and Shift+Tab from the heading to the last", () => {
    show(pageApi().api);
    const dialog = screen.getByRole("dialog");
    const close = screen.getByRole("button", { name: "Close" });
    const download = screen.getByRole("button", { name: "Download and review" });
    fireEvent.keyDown(heading(), { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(download);
    fireEvent.keyDown(download, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(download);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it("Escape during the download cancels it: back to the first step, nothing changed, the wizard still open", async () => {
    let finish: ((r: UpdateReviewResult) => void) | null = null;
    let closed = 0;
    const { api, calls } = pageApi({
      startUpdate: async () => ({ taskId: TASK }),
      reviewUpdate: () => new Promise<UpdateReviewResult>((resolve) => (finish = resolve)),
      cancelUpdate: async () =>
        finish?.({ ok: false, problem: { code: "c", cause: "cancelled", message: "Cancelled.", advice: "" } }),
    });
    show(api, () => closed++);
    fireEvent.click(screen.getByRole("button", { name: "Download and review" }));
    await screen.findByRole("progressbar", { name: "Download progress" });
    fireEvent.keyDown(heading(), { key: "Escape" });
    expect((await screen.findByRole("status")).textContent).toBe("The download was cancelled; nothing was changed.");
    expect(calls.some(([m, args]) => m === "cancelUpdate" && args[0] === TASK)).toBe(true);
    expect(calls.filter(([m]) => m === "applyUpdate")).toEqual([]);
    expect(closed).toBe(0);
    expect(document.activeElement).toBe(heading());
  });

  it("Escape with nothing running closes the wizard", async () => {
    let closed = 0;
    show(pageApi().api, () => closed++);
    fireEvent.keyDown(screen.getByRole("button", { name: "Download and review" }), { key: "Escape" });
    await waitFor(() => expect(closed).toBe(1));
  });

  it("after Undo, focus moves to what Undo did, and the done step names the app to start a new conversation in", async () => {
    const { api } = pageApi({
      startUpdate: async () => ({ taskId: TASK }),
      reviewUpdate: async () => ({ ok: true, review }),
      applyUpdate: async () => ({
        ok: true,
        kind: "replace-folder",
        name: "notes",
        dir: skill.dir,
        version: "2.0.0",
        previousVersion: "1.0.0",
        kept: ["mine.md"],
        canUndo: true,
        restartNote: "",
      }),
      undoUpdate: async () => ({ ok: true, version: "1.0.0", replacedVersion: "2.0.0" }),
    });
    show(api);
    fireEvent.click(screen.getByRole("button", { name: "Download and review" }));
    fireEvent.click(await screen.findByRole("button", { name: "Apply the update" }));
    const done = await screen.findByText(/^Updated notes/);
    expect(done.textContent).toBe(
      "Updated notes to version 2.0.0 (it was version 1.0.0). 1 file of your own was kept.",
    );
    expect(document.querySelector(".restart-note")?.textContent).toBe(
      "Start a new conversation in Claude Code so it loads the new version.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Undone: version 1\.0\.0 is back\./));
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });
});

/** A list with one Update… button that opens the wizard in its place, as the Updates view does. */
function ListAndWizard(props: { api: ReturnType<typeof pageApi>["api"] }) {
  const [open, setOpen] = useState(false);
  const { view, closing } = useReturnFocus(open);
  return (
    <ApiContext.Provider value={{ api: props.api, host: "web", consent: "none" }}>
      <div ref={view}>
        {open ? (
          <UpdateWizard
            info={info}
            skill={skill}
            place="Claude Code"
            onClose={() => {
              closing("s1");
              setOpen(false);
            }}
          />
        ) : (
          <>
            <h1 tabIndex={-1}>Updates</h1>
            <button type="button" data-opens-update="s1" onClick={() => setOpen(true)}>
              Update…
            </button>
          </>
        )}
      </div>
    </ApiContext.Provider>
  );
}

describe("closing the wizard", () => {
  it("returns focus to the Update… button of that copy, after Close and after Escape", async () => {
    render(<ListAndWizard api={pageApi().api} />);
    fireEvent.click(screen.getByRole("button", { name: "Update…" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Update…" })));
    fireEvent.click(screen.getByRole("button", { name: "Update…" }));
    await act(async () => {
      fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Update…" })));
  });
});
