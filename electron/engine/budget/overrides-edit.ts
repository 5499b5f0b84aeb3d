// Claude Code's skillOverrides set in a settings file in place: only that member's text changes, a file another
// program changed meanwhile is refused, and the previous bytes are kept (0600, data folder) so Undo restores them.
import { createHash, randomBytes } from "node:crypto";
import { lstat, mkdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { OverrideChange, OverrideMode } from "../../../shared/budget";
import { EngineError } from "../errors";
import { readTrustedJson, writeDataFile } from "../app-data/data-trust";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { decodeUtf8, readFileBytes } from "../fs/safe-fs";
import { writeFileAtomic } from "../fs/write";
import { objectSpan, removeMember, setMember } from "../skill-lock/json-text";
import { MAX_SETTINGS_BYTES } from "./claude-settings";

/** Where the previous bytes of each settings edit are kept, in the data folder. Exported for tests: they read it. */
export const undoRoot = (dataDir: string) => path.join(dataDir, "settings-undo");

/**
 * Test seam: runs after the settings file is read, so a test can be the other program at the worst moment.
 * Exported for tests: they set it.
 */
export const overrideEditHooks: { afterRead?: (file: string) => Promise<void> } = {};

const sha = (bytes: Uint8Array | null) => (bytes ? createHash("sha256").update(bytes).digest("hex") : "none");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The file's bytes now, or null when there is none; anything else unreadable is refused. */
async function currentBytes(file: string): Promise<Buffer | null> {
  const read = await readFileBytes(file, MAX_SETTINGS_BYTES);
  if (read.ok) return read.bytes;
  if (read.reason === "not-found") return null;
  throw new EngineError("budget.settings.unusable", `The settings file ${file} was left as it is: ${read.message}`);
}

/**
 * The new text of a settings file with `name` set to `mode` ("on" removes the override): only that member changes.
 * Exported for tests: the property test drives it with any file.
 */
export function editedSettings(text: string, name: string, mode: OverrideMode): string | null {
  const json = parseJsonWithinLimits(text);
  if (!json.ok || !isObject(json.value)) return null;
  if (isObject(json.value.skillOverrides) || objectSpan(text, ["skillOverrides"])) {
    if (mode === "on") return removeMember(text, ["skillOverrides"], name);
    return setMember(text, ["skillOverrides"], name, mode);
  }
  if (mode === "on") return text;
  if (json.value.skillOverrides !== undefined) return null;
  return setMember(text, [], "skillOverrides", { [name]: mode });
}

/** Sets one skill's override in one settings file; the record of its previous bytes is what Undo takes. */
export async function setSkillOverride(
  file: string,
  name: string,
  mode: OverrideMode,
  dataDir: string,
): Promise<OverrideChange> {
  const before = await currentBytes(file);
  await overrideEditHooks.afterRead?.(file);
  let next: string;
  if (before === null) {
    if (mode === "on") return { file, name, mode, undoId: "", changed: false };
    next = `${JSON.stringify({ skillOverrides: { [name]: mode } }, null, 2)}\n`;
  } else {
    const decoded = decodeUtf8(before);
    const edited = decoded.ok ? editedSettings(decoded.text, name, mode) : null;
    if (!decoded.ok || edited === null)
      throw new EngineError(
        "budget.settings.unusable",
        `The settings file ${file} was left as it is: it is not a JSON object Skillshelf can edit without changing the rest.`,
      );
    if (edited === decoded.text) return { file, name, mode, undoId: "", changed: false };
    next = (decoded.bom ? "\uFEFF" : "") + edited;
  }
  const undoId = `${Date.now()}-${randomBytes(6).toString("hex")}`;
  const root = undoRoot(dataDir);
  const record = {
    file,
    name,
    before: before ? before.toString("base64") : null,
    after: sha(Buffer.from(next, "utf8")),
  };
  await writeDataFile(dataDir, path.join(root, `${undoId}.json`), JSON.stringify(record));
  const fileMode = before === null ? 0o644 : (await stat(file)).mode & 0o777;
  if (before === null) await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, next, {
    mode: fileMode,
    beforeRename: async () => {
      if (sha(await currentBytes(file)) !== sha(before)) throw new ChangedMeanwhile(file);
    },
  }).catch(async (error: unknown) => {
    await unlink(path.join(root, `${undoId}.json`)).catch(() => undefined);
    if (error instanceof ChangedMeanwhile) throw error.refusal();
    throw error;
  });
  return { file, name, mode, undoId, changed: true };
}

class ChangedMeanwhile extends Error {
  constructor(readonly file: string) {
    super(file);
  }
  refusal(): EngineError {
    return new EngineError(
      "budget.settings.changed",
      `The settings file ${this.file} was changed by another program while Skillshelf edited it, so it was left as that program wrote it. Look again and retry.`,
    );
  }
}

/** Puts a settings file back byte for byte as it was before the edit `undoId`; refused when it changed since. */
export async function undoSkillOverride(dataDir: string, undoId: string): Promise<{ file: string }> {
  if (!/^[0-9]+-[0-9a-f]{12}$/.test(undoId))
    throw new EngineError("budget.undo.none", "There is no settings change to undo under that name.");
  const recordFile = path.join(undoRoot(dataDir), `${undoId}.json`);
  const read = await readTrustedJson(recordFile, 4 * MAX_SETTINGS_BYTES);
  if (!read.ok)
    throw new EngineError(
      read.missing ? "budget.undo.none" : "install.data.untrusted",
      read.missing
        ? "There is no settings change to undo under that name."
        : `The undo record was not used: ${read.why}`,
    );
  const r = read.value as { file?: unknown; before?: unknown; after?: unknown };
  if (typeof r.file !== "string" || !path.isAbsolute(r.file) || typeof r.after !== "string")
    throw new EngineError("budget.undo.none", "The undo record is damaged, so nothing was changed.");
  if (path.basename(r.file) !== "settings.json" && path.basename(r.file) !== "settings.local.json")
    throw new EngineError("budget.undo.none", "The undo record names a file that is not a settings file.");
  const file = r.file;
  const now = await currentBytes(file);
  if (sha(now) !== r.after)
    throw new EngineError(
      "budget.settings.changed",
      `The settings file ${file} changed after Skillshelf's edit, so Undo left it as it is now.`,
    );
  if (typeof r.before === "string") {
    const fileMode = (await lstat(file)).mode & 0o777;
    await writeFileAtomic(file, Buffer.from(r.before, "base64"), {
      mode: fileMode,
      beforeRename: async () => {
        if (sha(await currentBytes(file)) !== r.after) throw new ChangedMeanwhile(file);
      },
    }).catch((error: unknown) => {
      throw error instanceof ChangedMeanwhile ? error.refusal() : error;
    });
  } else await unlink(file);
  await unlink(recordFile).catch(() => undefined);
  return { file };
}
