// The capability part of a review in a real DOM: an add lists what the skill can do, an add that replaces a copy
// lists what it adds over that copy, and an update what the new version adds.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NO_CAPABILITIES, type CapabilityReview } from "../../../shared/capabilities";
import { CapabilityChanges } from "./CapabilityChanges";

const script: CapabilityReview = {
  added: [{ kind: "script", item: "scripts/new.py", text: "Can run scripts/new.py (python)" }],
  capabilities: NO_CAPABILITIES,
  asks: true,
};

describe("CapabilityChanges", () => {
  it("names what an add can do, or what it adds over the copy it replaces", () => {
    const { unmount } = render(<CapabilityChanges review={script} adding />);
    expect(screen.getByText("What it can do")).toBeTruthy();
    unmount();
    render(<CapabilityChanges review={{ ...script, comparedWith: "/h/.agents/skills/tidy" }} adding />);
    expect(screen.getByText("What it can do that the copy it replaces could not")).toBeTruthy();
    expect(screen.getByText("Can run scripts/new.py (python)")).toBeTruthy();
  });

  it("says when a replacing add adds nothing, apart from an add that can do nothing at all", () => {
    const none = { ...script, added: [], asks: false };
    const { unmount } = render(<CapabilityChanges review={{ ...none, comparedWith: "/h/tidy" }} adding />);
    expect(screen.getByTestId("capability-changes").textContent).toBe(
      "It can do nothing the copy it replaces could not.",
    );
    unmount();
    render(<CapabilityChanges review={none} adding />);
    expect(screen.getByTestId("capability-changes").textContent).toMatch(/^It runs no scripts, hooks or servers/);
  });
});
