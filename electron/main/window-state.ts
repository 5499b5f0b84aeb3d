// The window comes back where the user left it: a small JSON in userData, validated and clamped so a window
// saved on a display that is gone (or a hand-edited file) still opens fully visible.
import path from "node:path";
import { MINIMUM_WINDOW_SIZE } from "../../shared/window-size";

/** A rectangle in screen coordinates (Electron's Rectangle shape). */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered about the window. */
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

/** Size used the first time, and the smallest size the window may take. */
const defaultWindowSize = { width: 1200, height: 780 } as const;
export const minimumWindowSize = MINIMUM_WINDOW_SIZE;

const isFiniteInt = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && Math.abs(v) < 1e6;

/** Reads a saved state from untrusted JSON; null when it is not the expected shape. */
function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== "object" || value === null) return null;
  const { bounds, maximized } = value as Record<string, unknown>;
  if (typeof bounds !== "object" || bounds === null) return null;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  if (!isFiniteInt(x) || !isFiniteInt(y) || !isFiniteInt(width) || !isFiniteInt(height)) return null;
  if (width <= 0 || height <= 0) return null;
  return {
    bounds: { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) },
    maximized: maximized === true,
  };
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Fits bounds inside one work area: shrunk to fit, then moved so every edge is on screen. */
export function fitInside(bounds: Rect, area: Rect): Rect {
  const width = clamp(bounds.width, Math.min(minimumWindowSize.width, area.width), area.width);
  const height = clamp(bounds.height, Math.min(minimumWindowSize.height, area.height), area.height);
  return {
    x: clamp(bounds.x, area.x, area.x + area.width - width),
    y: clamp(bounds.y, area.y, area.y + area.height - height),
    width,
    height,
  };
}

/** A default-sized window centred on the primary work area. */
export function centredDefault(primary: Rect): Rect {
  const width = Math.min(defaultWindowSize.width, primary.width);
  const height = Math.min(defaultWindowSize.height, primary.height);
  return {
    x: primary.x + Math.round((primary.width - width) / 2),
    y: primary.y + Math.round((primary.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where the window opens: the saved bounds clamped to the display they overlap most, or (nothing saved, nothing
 * overlapping, or unreadable) a default-sized window centred on the primary display. `workAreas[0]` is the primary.
 */
export function restoreWindowState(saved: unknown, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...defaultWindowSize };
  const parsed = parseWindowState(saved);
  if (!parsed) return { bounds: centredDefault(primary), maximized: false };
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const overlap = overlapArea(parsed.bounds, area);
    if (overlap > bestArea) {
      best = area;
      bestArea = overlap;
    }
  }
  if (!best) return { bounds: centredDefault(primary), maximized: parsed.maximized };
  return { bounds: fitInside(parsed.bounds, best), maximized: parsed.maximized };
}

/** The file the state lives in, under Electron's userData folder. */
export function windowStateFile(userDataDir: string): string {
  return path.join(userDataDir, "window-state.json");
}
