// The shown path's quick case must give what path.relative gives, for odd paths as for plain ones.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { relativeWhenInside } from "./report-format";

/** What relativeWhenInside gave before its quick case: path.relative, kept when it stays below cwd. */
const byRelative = (file: string, cwd: string) => {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
};

const CWDS = ["/work", "/work/", "/work/./repo", "/work//repo", "/work/repo/..", "/", "/w"];
const FILES = [
  "/work/repo/SKILL.md",
  "/work/repo/a b/SKILL.md",
  "/work/..hidden/SKILL.md",
  "/work/../etc/passwd",
  "/work/./repo/x.md",
  "/work//repo/x.md",
  "/work/repo/",
  "/work",
  "/workshop/SKILL.md",
  "/work/repo/./../x.md",
  "/w/x",
  "/",
];

describe("relativeWhenInside", () => {
  it.runIf(path.sep === "/")("agrees with path.relative on plain and odd paths alike", () => {
    for (const cwd of CWDS)
      for (const file of FILES)
        expect(relativeWhenInside(file, cwd), `${file} from ${cwd}`).toBe(byRelative(file, cwd));
  });
});
