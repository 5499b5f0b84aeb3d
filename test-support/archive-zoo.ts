// The archive zoo (test-support/archive-zoo, made by scripts/make-archive-zoo.sh with the real tools): where it is,
// what each fixture is, and the tree each must install.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fingerprintTree } from "./tree-fingerprint";

/** The zoo's folder. */
export const ZOO = fileURLToPath(new URL("./archive-zoo/", import.meta.url));

/** Each fixture, where its skill folder sits in it, and whether its producer records Unix modes (the exec bit). */
export const ZOO_FIXTURES: Array<{ file: string; root: string; modes: boolean }> = [
  { file: "python-writestr.zip", root: "zoo-skill", modes: false },
  { file: "python-zipinfo.zip", root: "zoo-skill", modes: false },
  { file: "python-write.zip", root: "zoo-skill", modes: true },
  { file: "msdos.zip", root: "zoo-skill", modes: false },
  { file: "macos-archive-utility.zip", root: "zoo-skill", modes: true },
  { file: "infozip.zip", root: "zoo-skill", modes: true },
  { file: "infozip-stored.zip", root: "zoo-skill", modes: true },
  { file: "infozip-no-extra.zip", root: "zoo-skill", modes: true },
  { file: "infozip-streamed.zip", root: "zoo-skill", modes: true },
  { file: "infozip-zip64.zip", root: "zoo-skill", modes: true },
  { file: "7z.zip", root: "zoo-skill", modes: true },
  { file: "git-archive.zip", root: "zoo-skill-main/zoo-skill", modes: true },
  { file: "git-archive.tar.gz", root: "zoo-skill-main/zoo-skill", modes: true },
  { file: "gnu-tar.tar.gz", root: "zoo-skill", modes: true },
  { file: "bsdtar-pax.tar", root: "zoo-skill", modes: true },
  { file: "python-tarfile.tgz", root: "zoo-skill", modes: true },
  { file: "tar-no-folders.tar.gz", root: "zoo-skill", modes: true },
];

/** The source folder's fingerprint as a producer without modes leaves it: nothing executable. */
export async function expectedTree(modes: boolean): Promise<Map<string, string>> {
  const source = await fingerprintTree(path.join(ZOO, "source", "zoo-skill"));
  if (modes) return source;
  return new Map([...source].map(([rel, print]) => [rel, print.replace(/^file x /, "file - ")]));
}
