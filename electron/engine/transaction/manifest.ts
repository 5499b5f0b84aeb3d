// The record of what Skillshelf installed into a folder (each file's SHA-256), so a later update can tell the
// release's files from files the user added or edited, and never delete the user's own.
import { rm } from "node:fs/promises";
import path from "node:path";
import { manifestsRoot } from "../app-data/data-dir";
import { targetKey } from "../app-data/data-paths";
import { hashFile, listTree } from "./tree";
import { readTrustedJson, writeDataJson } from "../app-data/data-trust";

/** A record of ours far larger than this is damaged, not ours to trust. */
const MAX_MANIFEST_FILE_BYTES = 32 * 1024 * 1024;

/** What one install put into a folder. */
export interface InstallManifest {
  target: string;
  version: string | null;
  installedAt: string;
  /** Relative path → SHA-256 of every file of the installed release. */
  files: Record<string, string>;
}

function manifestFile(dataDir: string, realDir: string): string {
  return path.join(manifestsRoot(dataDir), `${targetKey(realDir)}.json`);
}

/** Each regular file's SHA-256 below root (links and folders left out). */
export async function fileHashes(root: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await listTree(root))
    if (entry.kind === "file") files[entry.rel] = await hashFile(path.join(root, ...entry.rel.split("/")));
  return files;
}

/** The manifest of the release installed at realDir, or null when Skillshelf did not install it (or it is unreadable). */
export async function readManifest(dataDir: string, realDir: string): Promise<InstallManifest | null> {
  const read = await readTrustedJson(manifestFile(dataDir, realDir), MAX_MANIFEST_FILE_BYTES);
  const value = read.ok ? (read.value as InstallManifest | null) : null;
  if (value && value.target === realDir && value.files && typeof value.files === "object") return value;
  return null;
}

/** Records what was just installed at realDir. */
export async function writeManifest(dataDir: string, manifest: InstallManifest): Promise<void> {
  await writeDataJson(dataDir, manifestFile(dataDir, manifest.target), manifest);
}

/** Forgets the manifest (after a rollback to a copy whose release is not known). */
export async function removeManifest(dataDir: string, realDir: string): Promise<void> {
  await rm(manifestFile(dataDir, realDir), { force: true });
}
