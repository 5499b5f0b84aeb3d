// Restoring the window: saved bounds are validated and always end up visible on a display that exists.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { minimumWindowSize, restoreWindowState, type WindowState } from "./window-state";

type Rect = WindowState["bounds"];
/** The size of a window opened the first time. */
const defaultWindowSize = { width: 1200, height: 780 };
/** A display large enough that saved bounds are kept as read. */
const wall: Rect = { x: -5000, y: -5000, width: 20_000, height: 20_000 };
/** The saved state as read, or null when it is refused (and the default window opens instead). */
const parseWindowState = (saved: unknown): WindowState | null => {
  const restored = restoreWindowState(saved, [wall]);
  return JSON.stringify(restored) === JSON.stringify(restoreWindowState(null, [wall])) ? null : restored;
};

const laptop: Rect = { x: 0, y: 25, width: 1440, height: 875 };
const external: Rect = { x: 1440, y: 0, width: 2560, height: 1440 };

const inside = (r: Rect, area: Rect) =>
  r.x >= area.x && r.y >= area.y && r.x + r.width <= area.x + area.width && r.y + r.height <= area.y + area.height;

describe("reading the saved state", () => {
  it.each([
    null,
    42,
    "x",
    {},
    { bounds: null },
    { bounds: { x: 0, y: 0, width: 0, height: 10 } },
    { bounds: { x: "0", y: 0, width: 10, height: 10 } },
    { bounds: { x: Number.NaN, y: 0, width: 10, height: 10 } },
    { bounds: { x: 1e12, y: 0, width: 10, height: 10 } },
  ])("rejects %j", (value) => expect(parseWindowState(value)).toBeNull());

  it("reads bounds and the maximised flag, rounding fractions", () => {
    expect(parseWindowState({ bounds: { x: 10.4, y: 20, width: 800.6, height: 600 }, maximized: true })).toEqual({
      bounds: { x: 10, y: 20, width: 801, height: 600 },
      maximized: true,
    });
    expect(parseWindowState({ bounds: { x: 1, y: 2, width: 3, height: 4 }, maximized: "yes" })?.maximized).toBe(false);
  });
});

describe("restoreWindowState", () => {
  it("centres a default-sized window on the primary display when nothing usable is saved", () => {
    const restored = restoreWindowState(null, [laptop, external]);
    expect(restored.maximized).toBe(false);
    expect(restored.bounds).toEqual({
      x: 120,
      y: 73,
      width: defaultWindowSize.width,
      height: defaultWindowSize.height,
    });
  });

  it("keeps bounds that are fully on a display", () => {
    const bounds = { x: 1600, y: 100, width: 1000, height: 700 };
    expect(restoreWindowState({ bounds, maximized: true }, [laptop, external])).toEqual({ bounds, maximized: true });
  });

  it("moves a window saved on a display that is gone back to the primary display", () => {
    const restored = restoreWindowState({ bounds: { x: 1600, y: 100, width: 1000, height: 700 }, maximized: false }, [
      laptop,
    ]);
    expect(inside(restored.bounds, laptop)).toBe(true);
    expect(restored.bounds.width).toBe(defaultWindowSize.width);
  });

  it("pulls a window hanging off an edge back on screen, keeping its size", () => {
    const restored = restoreWindowState({ bounds: { x: 1000, y: -200, width: 900, height: 600 }, maximized: false }, [
      laptop,
    ]);
    expect(restored.bounds).toEqual({ x: 540, y: 25, width: 900, height: 600 });
  });

  it("shrinks a window larger than its display, and grows one below the minimum size", () => {
    expect(restoreWindowState({ bounds: { x: 0, y: 0, width: 5000, height: 3000 } }, [laptop]).bounds).toEqual(laptop);
    const tiny = restoreWindowState({ bounds: { x: 100, y: 100, width: 50, height: 40 } }, [laptop]).bounds;
    expect([tiny.width, tiny.height]).toEqual([minimumWindowSize.width, minimumWindowSize.height]);
    expect(minimumWindowSize).toEqual({ width: 800, height: 600 });
  });

  it("always lands inside one of the displays, whatever was saved", () => {
    const rect = fc.record({
      x: fc.integer({ min: -5000, max: 5000 }),
      y: fc.integer({ min: -5000, max: 5000 }),
      width: fc.integer({ min: 1, max: 8000 }),
      height: fc.integer({ min: 1, max: 8000 }),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          rect.map((bounds) => ({ bounds })),
          fc.anything(),
        ),
        (saved) => {
          const { bounds } = restoreWindowState(saved, [laptop, external]);
          expect(inside(bounds, laptop) || inside(bounds, external)).toBe(true);
        },
      ),
    );
  });
});
