// A folder's state in one comparable value, for tests that prove an update, rollback or crash left a folder exactly
// as it was (or exactly as the new version).
import { readlink } from "node:fs/promises";
import path from "node:path";
import { hashFile, listTree } from "../electron/engine/transaction/tree";

/** A folder's fingerprint: each file's SHA-256 and exec bit, each link's target, each folder (links never followed). */
export async function fingerprintTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await listTree(root)) {
    const abs = path.join(root, ...entry.rel.split("/"));
    if (entry.kind === "file") out.set(entry.rel, `file ${entry.mode & 0o111 ? "x" : "-"} ${await hashFile(abs)}`);
    else if (entry.kind === "link") out.set(entry.rel, `link ${await readlink(abs)}`);
    else out.set(entry.rel, entry.kind);
  }
  return out;
}
