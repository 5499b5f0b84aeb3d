// The wait boot.ts makes before it loads the app over a first screen: two frames, then a task, so nothing of the app is
// fetched or run before the first screen was drawn.
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, hasFirstScreen } from "./frame";

afterEach(() => vi.unstubAllGlobals());

describe("the first screen's paint", () => {
  it("is waited for over two frames and the task after the second", async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal("requestAnimationFrame", (callback: () => void) => frames.push(callback));
    let over = false;
    void afterFirstPaint().then(() => (over = true));
    expect(frames).toHaveLength(1);
    frames.shift()!();
    // The first frame's callback runs before that frame is drawn: still waiting, for the next frame.
    expect(frames).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(over).toBe(false);
    frames.shift()!();
    expect(over).toBe(false);
    await vi.waitFor(() => expect(over).toBe(true));
  });

  it("is known by the root's data address, which only a first screen's root has", () => {
    const root = document.createElement("div");
    expect(hasFirstScreen(root)).toBe(false);
    root.setAttribute("data-first-screen", "./first-screen/abcdefghijklmnopqrst.json");
    expect(hasFirstScreen(root)).toBe(true);
  });
});
