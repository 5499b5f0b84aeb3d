// Local (stdio) MCP servers: command, args, env and cwd rules of Agent Plugins 1.0.0 §7.2.1 and §9.
import path from "node:path";
import type { Diagnostic } from "../../../shared/model";
import { isInside } from "../fs/safe-fs";
import { resolveInRoot } from "./containment";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import type { ServerContext } from "./mcp-server-context";
import { expandPlaceholders } from "./placeholders";

const RESERVED_ENV = ["PLUGIN_ROOT", "PLUGIN_DATA"];
/** Stand-in for the client-managed data folder: cwd under ${PLUGIN_DATA} is checked lexically against it. */
const VIRTUAL_DATA_DIR = path.resolve(path.sep, "__skillshelf_plugin_data__");
const CWD_FORM = /^(?:\.\/|\$\{PLUGIN_(?:ROOT|DATA)\}(?:\/|$))/;
const COMMAND_FIX =
  'Use one executable name (e.g. node) or a path inside the plugin starting with ./ (e.g. ./bin/server); put options in "args".';

/** Checks command, args, env and cwd of a stdio server; never echoes env values (they may be secrets). */
export async function checkStdio(server: Record<string, unknown>, ctx: ServerContext): Promise<Diagnostic[]> {
  return [
    ...(await checkCommand(server.command, ctx)),
    ...checkArgs(server.args, ctx),
    ...checkEnv(server.env, ctx),
    ...(await checkCwd(server.cwd, ctx)),
  ];
}

async function checkCommand(command: unknown, ctx: ServerContext): Promise<Diagnostic[]> {
  const error = (message: string, fix = COMMAND_FIX): Diagnostic[] => [
    diagnostic("plugin.mcp.server.command", "error", ctx.file, message, {
      fix,
      at: command === undefined ? ctx.at() : ctx.at("command"),
    }),
  ];
  if (command === undefined) return error(`Server ${quote(ctx.name)} is a stdio server without a "command".`);
  if (typeof command !== "string")
    return error(`Server ${quote(ctx.name)}'s "command" must be a string, but it is ${kindOf(command)}.`);
  if (command === "") return error(`Server ${quote(ctx.name)}'s "command" is empty.`);
  if (/[\u0000-\u001f\u007f]/.test(command))
    return error(`Server ${quote(ctx.name)}'s "command" contains control characters.`);
  const spaces = /\s/.test(command)
    ? [
        diagnostic(
          "plugin.mcp.server.command-spaces",
          "warning",
          ctx.file,
          `Server ${quote(ctx.name)}'s command ${quote(command)} has spaces; it is run as one program name, not split like a shell command.`,
          {
            fix: 'Put only the program in "command" and each option as an item of "args" (e.g. "command": "npx", "args": ["-y", "pkg"]).',
            at: ctx.at("command"),
          },
        ),
      ]
    : [];
  if (!command.startsWith("./")) {
    if (command.includes("/") || command.includes("\\")) {
      const placeholder = command.includes("${PLUGIN_ROOT}")
        ? ' Placeholders such as ${PLUGIN_ROOT} are not expanded in "command".'
        : "";
      return error(
        `Server ${quote(ctx.name)}'s command ${quote(command)} is a path that does not start with ./, so it is neither a bare program name nor a path inside the plugin.${placeholder}`,
      );
    }
    if (command === "." || command === "..")
      return error(`Server ${quote(ctx.name)}'s command ${quote(command)} is a folder, not a program.`);
    return spaces;
  }
  const target = path.resolve(ctx.root, command);
  if (!isInside(ctx.root, target))
    return error(`Server ${quote(ctx.name)}'s command ${quote(command)} climbs out of the plugin folder.`);
  const where = await resolveInRoot(ctx.realRoot, target);
  if (where.status === "outside")
    return linkOutside(
      ctx,
      "command",
      command,
      where.real,
      "Bundle the program inside the plugin folder (a real file, or a link that stays inside).",
    );
  if (where.status === "missing") {
    return [
      diagnostic(
        "plugin.mcp.server.command-missing",
        "warning",
        ctx.file,
        `Server ${quote(ctx.name)}'s command ${quote(command)} does not exist in the plugin folder, so the server cannot start.`,
        {
          fix: "Add the program at that path or correct the path.",
          at: ctx.at("command"),
        },
      ),
    ];
  }
  if (where.kind !== "file")
    return error(
      `Server ${quote(ctx.name)}'s command ${quote(command)} is ${where.kind === "dir" ? "a folder" : "a special file"}, not a program.`,
    );
  return [];
}

function checkArgs(args: unknown, ctx: ServerContext): Diagnostic[] {
  if (args === undefined) return [];
  const fix = 'Write "args" as a list of strings, e.g. ["--port", "8080"].';
  if (!Array.isArray(args))
    return [
      diagnostic(
        "plugin.mcp.server.args",
        "error",
        ctx.file,
        `Server ${quote(ctx.name)}'s "args" must be a list of strings, but it is ${kindOf(args)}.`,
        { fix, at: ctx.at("args") },
      ),
    ];
  return args.flatMap((item, index) =>
    typeof item === "string"
      ? []
      : [
          diagnostic(
            "plugin.mcp.server.args",
            "error",
            ctx.file,
            `Server ${quote(ctx.name)}'s argument ${index + 1} must be a string, but it is ${kindOf(item)}.`,
            { fix, at: ctx.at("args", index) },
          ),
        ],
  );
}

function checkEnv(env: unknown, ctx: ServerContext): Diagnostic[] {
  if (env === undefined) return [];
  if (!isPlainObject(env)) {
    return [
      diagnostic(
        "plugin.mcp.server.env",
        "error",
        ctx.file,
        `Server ${quote(ctx.name)}'s "env" must be an object of strings, but it is ${kindOf(env)}.`,
        { fix: 'Write "env": { "NAME": "value" }.', at: ctx.at("env") },
      ),
    ];
  }
  const found: Diagnostic[] = [];
  for (const [key, value] of Object.entries(env)) {
    const at = ctx.at("env", key);
    if (RESERVED_ENV.includes(key)) {
      found.push(
        diagnostic(
          "plugin.mcp.server.env-reserved",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)} sets ${key} in "env"; the client sets it, so the server is skipped.`,
          {
            fix: `Remove ${key} from "env"; use \${${key}} inside other values instead.`,
            at,
          },
        ),
      );
    } else if (RESERVED_ENV.includes(key.toUpperCase())) {
      found.push(
        diagnostic(
          "plugin.mcp.server.env-reserved-case",
          "warning",
          ctx.file,
          `Server ${quote(ctx.name)} sets ${quote(key)} in "env", which is ${key.toUpperCase()} in another case; on Windows the client replaces it.`,
          {
            fix: `Rename or remove ${quote(key)}.`,
            at,
          },
        ),
      );
    }
    if (typeof value !== "string") {
      found.push(
        diagnostic(
          "plugin.mcp.server.env",
          "error",
          ctx.file,
          `Server ${quote(ctx.name)}'s environment variable ${quote(key)} must have a string value, but it is ${kindOf(value)}.`,
          { fix: "Write the value as a string (numbers in quotes).", at },
        ),
      );
    }
  }
  return found;
}

async function checkCwd(cwd: unknown, ctx: ServerContext): Promise<Diagnostic[]> {
  if (cwd === undefined) return [];
  const fix =
    "Use ./folder, ${PLUGIN_ROOT} or ${PLUGIN_ROOT}/folder, or ${PLUGIN_DATA} or ${PLUGIN_DATA}/folder, staying inside that folder (no ..).";
  const error = (message: string): Diagnostic[] => [
    diagnostic("plugin.mcp.server.cwd", "error", ctx.file, message, { fix, at: ctx.at("cwd") }),
  ];
  if (typeof cwd !== "string")
    return error(`Server ${quote(ctx.name)}'s "cwd" must be a string, but it is ${kindOf(cwd)}.`);
  if (!CWD_FORM.test(cwd))
    return error(
      `Server ${quote(ctx.name)}'s cwd ${quote(cwd)} does not start with ./, \${PLUGIN_ROOT} or \${PLUGIN_DATA}.`,
    );
  if (cwd.includes("\u0000")) return error(`Server ${quote(ctx.name)}'s cwd contains a NUL character.`);
  const inData = cwd.startsWith("${PLUGIN_DATA}");
  const base = inData ? VIRTUAL_DATA_DIR : ctx.realRoot;
  const expanded = path.resolve(
    ctx.realRoot,
    expandPlaceholders(cwd, { PLUGIN_ROOT: ctx.realRoot, PLUGIN_DATA: VIRTUAL_DATA_DIR }),
  );
  if (!isInside(base, expanded))
    return error(
      `Server ${quote(ctx.name)}'s cwd ${quote(cwd)} climbs out of ${inData ? "the plugin's data folder" : "the plugin folder"}.`,
    );
  if (inData) return [];
  const where = await resolveInRoot(ctx.realRoot, expanded);
  if (where.status === "outside")
    return linkOutside(
      ctx,
      "cwd",
      cwd,
      where.real,
      "Use a working folder inside the plugin (a real folder, or a link that stays inside).",
    );
  if (where.status === "missing") {
    return [
      diagnostic(
        "plugin.mcp.server.cwd-missing",
        "warning",
        ctx.file,
        `Server ${quote(ctx.name)}'s cwd ${quote(cwd)} does not exist in the plugin folder, so the server cannot start there.`,
        { fix: "Create the folder or correct the path.", at: ctx.at("cwd") },
      ),
    ];
  }
  if (where.kind !== "dir") return error(`Server ${quote(ctx.name)}'s cwd ${quote(cwd)} is not a folder.`);
  return [];
}

/** A command or cwd that leads through a link out of the plugin folder: the server is skipped. */
function linkOutside(
  ctx: ServerContext,
  field: "command" | "cwd",
  value: string,
  real: string,
  fix: string,
): Diagnostic[] {
  return [
    diagnostic(
      "plugin.containment",
      "error",
      ctx.file,
      `Server ${quote(ctx.name)}'s ${field} ${quote(value)} leads through a link to ${real}, outside the plugin folder, so the server is skipped.`,
      { fix, at: ctx.at(field) },
    ),
  ];
}
