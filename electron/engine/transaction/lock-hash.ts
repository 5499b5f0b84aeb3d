// After a content update of a skill the `skills` installer installed, its lock entry records the new folder hash the
// way the installer does (skillFolderHash, and updatedAt when the entry has one), so `npx skills` and Skillshelf agree.
// Only those two values' text changes (the lock editor keeps every other byte), and a change another writer made
// meanwhile is kept.
import { updateLockEntryFields } from "../skill-lock/lock-edit";

/** Whether the entry was updated, or why not (a sentence for people). */
export type LockHashResult = { ok: true; file: string } | { ok: false; reason: string };

/**
 * Sets `skills[NAME].skillFolderHash` (and `updatedAt`, when present) in the lock file, NAME the first of `names` the
 * lock has (the installer keys entries by folder name); never throws.
 */
export async function recordLockHash(
  file: string,
  names: string[],
  hash: string,
  now: Date = new Date(),
): Promise<LockHashResult> {
  const result = await updateLockEntryFields(file, names, (entry) =>
    "updatedAt" in entry ? { skillFolderHash: hash, updatedAt: now.toISOString() } : { skillFolderHash: hash },
  ).catch((error: unknown) => ({ ok: false as const, reason: `The lock could not be edited: ${String(error)}` }));
  if (result.ok) return { ok: true, file };
  const name = names[0] ?? "";
  return {
    ok: false,
    reason: `${result.reason} Its hash for "${name}" is the old one, so the installer may report this skill as changed.`,
  };
}
