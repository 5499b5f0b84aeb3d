// The Windows taskbar overlay: a red disc with the pending-update count (1–9, then "9+"), since Windows has no
// numeric badge API (app.setBadgeCount works on macOS and Linux only).
import { encodePng } from "./icon";

/** 5×7 glyphs for the digits and "+", one string per row ("#" is ink). */
const glyphs: Record<string, readonly string[]> = {
  "0": [" ### ", "#   #", "#  ##", "# # #", "##  #", "#   #", " ### "],
  "1": ["  #  ", " ##  ", "  #  ", "  #  ", "  #  ", "  #  ", " ### "],
  "2": [" ### ", "#   #", "    #", "   # ", "  #  ", " #   ", "#####"],
  "3": ["#####", "   # ", "  #  ", "   # ", "    #", "#   #", " ### "],
  "4": ["   # ", "  ## ", " # # ", "#  # ", "#####", "   # ", "   # "],
  "5": ["#####", "#    ", "#### ", "    #", "    #", "#   #", " ### "],
  "6": ["  ## ", " #   ", "#    ", "#### ", "#   #", "#   #", " ### "],
  "7": ["#####", "    #", "   # ", "  #  ", " #   ", " #   ", " #   "],
  "8": [" ### ", "#   #", "#   #", " ### ", "#   #", "#   #", " ### "],
  "9": [" ### ", "#   #", "#   #", " ####", "    #", "   # ", " ##  "],
  "+": ["     ", "  #  ", "  #  ", "#####", "  #  ", "  #  ", "     "],
};

/** The text the overlay shows for a count: the digit, or "9+" beyond nine. */
function badgeText(count: number): string {
  return count > 9 ? "9+" : String(Math.max(1, Math.floor(count)));
}

/** RGBA pixels of the overlay at size×size: a red disc with the count's glyphs in white, centred. */
function drawBadge(size: number, count: number): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const text = badgeText(count);
  const scale = Math.max(1, Math.min(Math.floor((size * 0.6) / 7), Math.floor((size * 0.75) / (6 * text.length - 1))));
  const width = text.length * 5 * scale + (text.length - 1) * scale;
  const left = Math.floor((size - width) / 2);
  const top = Math.floor((size - 7 * scale) / 2);
  const inkAt = (x: number, y: number) => {
    const gx = x - left;
    const gy = Math.floor((y - top) / scale);
    if (gx < 0 || gy < 0 || gy >= 7) return false;
    const cell = Math.floor(gx / (6 * scale));
    const column = Math.floor((gx % (6 * scale)) / scale);
    const glyph = glyphs[text[cell] ?? ""];
    return column < 5 && glyph?.[gy]?.[column] === "#";
  };
  const radius = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - radius, y + 0.5 - radius);
      const coverage = Math.min(1, Math.max(0, radius - distance + 0.5));
      if (coverage === 0) continue;
      const offset = (y * size + x) * 4;
      const colour = inkAt(x, y) ? [255, 255, 255] : [224, 49, 49];
      pixels.set([...colour, Math.round(coverage * 255)], offset);
    }
  }
  return pixels;
}

/** The overlay as PNG bytes. */
export function badgePng(size: number, count: number): Buffer {
  return encodePng(size, size, drawBadge(size, count));
}
