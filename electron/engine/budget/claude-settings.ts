// Claude Code's settings that shape its skill listing, read from the user's and a project's settings files.
import path from "node:path";
import { OVERRIDE_MODES, type OverrideMode } from "../../../shared/budget";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { readTextFile } from "../fs/safe-fs";

/** Settings files past this size are not read (Claude Code's are a few KiB). */
export const MAX_SETTINGS_BYTES = 1024 * 1024;

/** One settings file as read: its values, or why it was left out. */
export interface SettingsFileRead {
  file: string;
  /** "missing" when there is no file; a sentence when it could not be used. */
  problem?: string;
  values: ListingSettings;
}

/** The listing settings one file sets (absent keys are not set). */
export interface ListingSettings {
  skillListingMaxDescChars?: number;
  skillListingBudgetFraction?: number;
  model?: string;
  skillOverrides?: Record<string, OverrideMode>;
}

/** The settings in force, each with the file it came from. */
export interface EffectiveSettings {
  maxDescChars: { value: number; from: string | null };
  budgetFraction: { value: number; from: string | null };
  model: { value: string | null; from: string | null };
  overrides: Map<string, { mode: OverrideMode; from: string }>;
  files: SettingsFileRead[];
}

/** Claude Code's defaults (docs/budget.md gives the source). */
export const CLAUDE_DEFAULTS = { maxDescChars: 1536, budgetFraction: 0.01 } as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isMode = (v: unknown): v is OverrideMode => OVERRIDE_MODES.includes(v as OverrideMode);

/** The user's settings file (settings.json in CLAUDE_CONFIG_DIR or ~/.claude). */
export function userSettingsFile(claudeConfigDir: string): string {
  return path.join(claudeConfigDir, "settings.json");
}

/** A project's settings files, lowest precedence first: .claude/settings.json, then .claude/settings.local.json. */
export function projectSettingsFiles(projectDir: string): string[] {
  return [path.join(projectDir, ".claude", "settings.json"), path.join(projectDir, ".claude", "settings.local.json")];
}

/** Reads one settings file's listing values; a missing, unreadable or malformed file sets nothing and says why. */
export async function readSettingsFile(file: string): Promise<SettingsFileRead> {
  const read = await readTextFile(file, { maxBytes: MAX_SETTINGS_BYTES });
  if (!read.ok) return { file, problem: read.reason === "not-found" ? "missing" : read.message, values: {} };
  const json = parseJsonWithinLimits(read.text);
  if (!json.ok) return { file, problem: `Claude Code's settings file was not used: ${json.why}`, values: {} };
  if (!isObject(json.value)) return { file, problem: "Claude Code's settings file is not a JSON object.", values: {} };
  const v = json.value;
  const values: ListingSettings = {};
  if (typeof v.skillListingMaxDescChars === "number" && v.skillListingMaxDescChars >= 0)
    values.skillListingMaxDescChars = Math.floor(v.skillListingMaxDescChars);
  if (typeof v.skillListingBudgetFraction === "number" && v.skillListingBudgetFraction > 0)
    values.skillListingBudgetFraction = v.skillListingBudgetFraction;
  if (typeof v.model === "string" && v.model.trim()) values.model = v.model.trim();
  if (isObject(v.skillOverrides)) {
    const overrides: Record<string, OverrideMode> = {};
    for (const [name, mode] of Object.entries(v.skillOverrides)) if (isMode(mode)) overrides[name] = mode;
    values.skillOverrides = overrides;
  }
  return { file, values };
}

/** Merges files given lowest precedence first (user, project, local): a later file's value wins, overrides per skill. */
export function mergeSettings(files: SettingsFileRead[]): EffectiveSettings {
  const out: EffectiveSettings = {
    maxDescChars: { value: CLAUDE_DEFAULTS.maxDescChars, from: null },
    budgetFraction: { value: CLAUDE_DEFAULTS.budgetFraction, from: null },
    model: { value: null, from: null },
    overrides: new Map(),
    files,
  };
  for (const { file, values } of files) {
    if (values.skillListingMaxDescChars !== undefined)
      out.maxDescChars = { value: values.skillListingMaxDescChars, from: file };
    if (values.skillListingBudgetFraction !== undefined)
      out.budgetFraction = { value: values.skillListingBudgetFraction, from: file };
    if (values.model !== undefined) out.model = { value: values.model, from: file };
    for (const [name, mode] of Object.entries(values.skillOverrides ?? {}))
      out.overrides.set(name, { mode, from: file });
  }
  return out;
}

/** The context window in tokens Skillshelf assumes: 1,000,000 for a model named with "[1m]", else 200,000. */
export function contextWindowTokens(model: string | null): number {
  return model && /\[1m\]\s*$/i.test(model) ? 1_000_000 : 200_000;
}
