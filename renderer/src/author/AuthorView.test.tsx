// Author mode's wording: a folder the person opened is not called "Added", which is the catalog's word for folders
// added to it.
import { describe, expect, it } from "vitest";
import { authorGroupTitle } from "./AuthorView";

describe("authorGroupTitle", () => {
  it("calls the scan's added skill, plugin or folder the opened folder, and leaves other titles alone", () => {
    expect(authorGroupTitle("Added skill trip-planner")).toBe("Opened folder — skill trip-planner");
    expect(authorGroupTitle("Added plugin tools")).toBe("Opened folder — plugin tools");
    expect(authorGroupTitle("Added folder work")).toBe("Opened folder — work");
    expect(authorGroupTitle("Claude Code skills in project app")).toBe("Claude Code skills in project app");
  });
});
