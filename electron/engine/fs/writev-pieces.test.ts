// A short writev(2) resumes at the byte after the last one written, inside a piece or between two.
import { describe, expect, it } from "vitest";
import { piecesLeft } from "./writev-pieces";

const text = (pieces: Uint8Array[]) => Buffer.concat(pieces).toString();

describe("piecesLeft", () => {
  it("leaves what a short write did not reach, and refuses a write of nothing", () => {
    const pieces = ["abc", "de", "fgh"].map((t) => Buffer.from(t));
    expect(text(piecesLeft(pieces, 1))).toBe("bcdefgh");
    expect(text(piecesLeft(pieces, 3))).toBe("defgh");
    expect(piecesLeft(pieces, 3)).toHaveLength(2);
    expect(text(piecesLeft(pieces, 6))).toBe("gh");
    expect(piecesLeft(pieces, 8)).toEqual([]);
    expect(() => piecesLeft(pieces, 0)).toThrow(expect.objectContaining({ code: "EIO" }));
  });
});
