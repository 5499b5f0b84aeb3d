// The shape of a Claude Code plugin's hooks (hooks/hooks.json, or the manifest's inline `hooks`), as Claude Code's hooks
// reference and `claude plugin validate` define it: known events, each a list of matchers holding a list of hooks.
import type { Diagnostic } from "../../../shared/model";
import type { Locate } from "./claude-json";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";

/** Every hook event Claude Code knows; any other key of `hooks` is refused. */
export const HOOK_EVENTS: ReadonlySet<string> = new Set([
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "SessionStart",
  "SessionEnd",
  "Stop",
  "StopFailure",
  "SubagentStart",
  "SubagentStop",
  "PreCompact",
  "PostCompact",
  "PermissionRequest",
  "PermissionDenied",
  "Setup",
  "TeammateIdle",
  "TaskCreated",
  "TaskCompleted",
  "Elicitation",
  "ElicitationResult",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "InstructionsLoaded",
  "CwdChanged",
  "FileChanged",
  "MessageDisplay",
]);

/** Each hook type and the text fields it requires. */
const HOOK_TYPES: ReadonlyMap<string, readonly string[]> = new Map([
  ["command", ["command"]],
  ["prompt", ["prompt"]],
  ["agent", ["prompt"]],
  ["http", ["url"]],
  ["mcp_tool", ["server", "tool"]],
]);

/** Optional hook fields and their JSON type. */
const HOOK_FIELD_TYPES: ReadonlyMap<string, "string" | "number" | "boolean"> = new Map([
  ["timeout", "number"],
  ["async", "boolean"],
  ["once", "boolean"],
  ["statusMessage", "string"],
  ["model", "string"],
]);

const MAX_REPORTED = 20;

/** A JSON path for messages: hooks.PreToolUse[0].hooks[1].command. */
function pathText(keys: Array<string | number>): string {
  return keys.map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`)).join("");
}

/**
 * Checks a map of events (`events`, found under `keys` in `file`); every problem is a warning, since Claude Code
 * (2.1.332) ignores the entry at runtime and its validator warns. `at` locates members when the JSON was read with positions.
 */
export function checkHookEvents(
  events: unknown,
  keys: Array<string | number>,
  file: string,
  at: Locate | null,
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const fail = (where: Array<string | number>, message: string, fix: string) => {
    if (found.length < MAX_REPORTED)
      found.push(
        diagnostic("claude-plugin.hooks.invalid", "warning", file, `${message} Claude Code ignores this entry.`, {
          fix,
          at: at?.(...where),
        }),
      );
  };
  if (!isPlainObject(events)) {
    fail(keys, `"${pathText(keys)}" must be an object of hook events, but it is ${kindOf(events)}.`, EVENTS_FIX);
    return found;
  }
  for (const [event, matchers] of Object.entries(events)) {
    const here = [...keys, event];
    if (!HOOK_EVENTS.has(event)) {
      fail(here, `${quote(event)} is not a hook event Claude Code knows.`, eventFix(event));
      continue;
    }
    if (!Array.isArray(matchers)) {
      fail(here, `"${pathText(here)}" must be a list of matchers, but it is ${kindOf(matchers)}.`, EVENTS_FIX);
      continue;
    }
    matchers.forEach((matcher, i) => checkMatcher(matcher, [...here, i], fail));
  }
  return found;
}

const EVENTS_FIX =
  'Write { "PreToolUse": [ { "matcher": "Write|Edit", "hooks": [ { "type": "command", "command": "…" } ] } ] }.';

function eventFix(event: string): string {
  const close = [...HOOK_EVENTS].find((known) => known.toLowerCase() === event.toLowerCase().replace(/s$/, ""));
  return close ? `Use ${quote(close)}.` : `Use one of Claude Code's events, e.g. "PreToolUse", "PostToolUse", "Stop".`;
}

type Fail = (where: Array<string | number>, message: string, fix: string) => void;

function checkMatcher(matcher: unknown, keys: Array<string | number>, fail: Fail): void {
  if (!isPlainObject(matcher)) {
    fail(keys, `"${pathText(keys)}" must be an object with "hooks", but it is ${kindOf(matcher)}.`, EVENTS_FIX);
    return;
  }
  if (matcher.matcher !== undefined && typeof matcher.matcher !== "string")
    fail(
      [...keys, "matcher"],
      `"${pathText([...keys, "matcher"])}" must be a string, but it is ${kindOf(matcher.matcher)}.`,
      'Write the matcher as a string, e.g. "Write|Edit".',
    );
  const hooks = matcher.hooks;
  if (!Array.isArray(hooks)) {
    fail(
      [...keys, "hooks"],
      `"${pathText([...keys, "hooks"])}" must be a list of hooks, but it is ${hooks === undefined ? "missing" : kindOf(hooks)}.`,
      EVENTS_FIX,
    );
    return;
  }
  hooks.forEach((hook, i) => checkHook(hook, [...keys, "hooks", i], fail));
}

function checkHook(hook: unknown, keys: Array<string | number>, fail: Fail): void {
  const name = pathText(keys);
  if (!isPlainObject(hook)) {
    fail(keys, `"${name}" must be an object with "type", but it is ${kindOf(hook)}.`, EVENTS_FIX);
    return;
  }
  const required = typeof hook.type === "string" ? HOOK_TYPES.get(hook.type) : undefined;
  if (!required) {
    fail(
      [...keys, "type"],
      `"${name}.type" is ${typeof hook.type === "string" ? quote(hook.type) : hook.type === undefined ? "missing" : kindOf(hook.type)}; Claude Code knows the hook types ${[...HOOK_TYPES.keys()].map((t) => quote(t)).join(", ")}.`,
      'Write "type": "command" with "command": "…".',
    );
    return;
  }
  for (const field of required)
    if (typeof hook[field] !== "string")
      fail(
        [...keys, field],
        `A ${quote(String(hook.type))} hook needs "${field}" as a string, but "${name}.${field}" is ${hook[field] === undefined ? "missing" : kindOf(hook[field])}.`,
        `Add "${field}": "…".`,
      );
  for (const [field, type] of HOOK_FIELD_TYPES)
    if (hook[field] !== undefined && typeof hook[field] !== type)
      fail(
        [...keys, field],
        `"${name}.${field}" must be a ${type}, but it is ${kindOf(hook[field])}.`,
        `Write "${field}" as a ${type}.`,
      );
  if (hook.shell !== undefined && hook.shell !== "bash" && hook.shell !== "powershell")
    fail([...keys, "shell"], `"${name}.shell" must be "bash" or "powershell".`, 'Write "shell": "bash".');
}

/** Checks a hooks file's object: `{ "description"?: text, "hooks": { EVENT: [...] } }`. */
export function checkHooksFile(value: Record<string, unknown>, file: string, at: Locate): Diagnostic[] {
  if (value.hooks === undefined)
    return [
      diagnostic(
        "claude-plugin.hooks.invalid",
        "error",
        file,
        'The hooks file has no "hooks" object, so Claude Code refuses it and none of its hooks run.',
        { fix: 'Put the events under "hooks": { "hooks": { "PreToolUse": [ … ] } }.' },
      ),
    ];
  return checkHookEvents(value.hooks, ["hooks"], file, at);
}
