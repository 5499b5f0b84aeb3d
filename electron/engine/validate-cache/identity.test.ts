// A path's identity keeps every bit of its device, inode, size and nanosecond times: any change in any of them shows.
import { describe, expect, it } from "vitest";
import { identityOf } from "./identity";

const base = { dev: 65024n, ino: 2148787n, size: 4096n, mtimeNs: 1796144813505447479n, ctimeNs: 1796144813505447479n };

describe("a path's identity", () => {
  it("is the same for the same stat results, and differs when any field differs by the least amount", () => {
    expect(identityOf({ ...base })).toBe(identityOf(base));
    const seen = new Set([identityOf(base)]);
    for (const key of Object.keys(base) as Array<keyof typeof base>)
      for (const delta of [1n, 1n << 32n, 1n << 53n, -1n]) {
        const changed = identityOf({ ...base, [key]: base[key] + delta });
        expect(seen.has(changed), `${key} ${delta}`).toBe(false);
        seen.add(changed);
      }
  });

  it("tells apart values past 2^53 and times before 1970, which numbers would round or lose", () => {
    const big = 2n ** 53n;
    expect(identityOf({ ...base, ino: big })).not.toBe(identityOf({ ...base, ino: big + 1n }));
    expect(identityOf({ ...base, ino: 2n ** 64n - 1n })).not.toBe(identityOf({ ...base, ino: 2n ** 64n - 2n }));
    expect(identityOf({ ...base, mtimeNs: -1n })).not.toBe(identityOf({ ...base, mtimeNs: -2n }));
    expect(identityOf({ ...base, mtimeNs: -1n })).not.toBe(identityOf({ ...base, mtimeNs: 2n ** 64n - 2n }));
  });

  it("keeps one time when ctime equals mtime, and both when they differ by any amount", () => {
    expect(identityOf(base)).toBe("65024:2148787:4096:1796144813505447479");
    expect(identityOf({ ...base, ctimeNs: base.mtimeNs + 1n })).toBe(
      "65024:2148787:4096:1796144813505447479:1796144813505447480",
    );
    expect(identityOf({ ...base, mtimeNs: base.ctimeNs - 1n })).toBe(
      "65024:2148787:4096:1796144813505447478:1796144813505447479",
    );
  });
});
