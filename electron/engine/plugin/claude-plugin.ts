// Reads a Claude Code plugin as Claude Code reads it: the optional .claude-plugin/plugin.json, the default folders
// (commands/, agents/, skills/, hooks/hooks.json, .mcp.json) and the component paths a manifest adds.
import path from "node:path";
import { valid as semverValid } from "semver";
import type { Diagnostic, PluginMcpServer, Profile } from "../../../shared/model";
import { hasNoErrors } from "../skill/diagnostics";
import { readSkill } from "../skill/read-skill";
import type { SkillReport } from "../skill/types";
import {
  CLAUDE_MANIFEST_FIELDS,
  COMPONENT_FIELDS,
  componentPaths,
  manifestFieldProblems,
  placeOf,
} from "./claude-fields";
import {
  KEBAB_CASE,
  descriptionOf,
  kebabCaseOf,
  readJsonObject,
  repositoryOf,
  unknownClaudeFields,
  type JsonObjectRead,
  type Locate,
} from "./claude-json";
import { checkHookEvents, checkHooksFile } from "./claude-hooks";
import { checkAgentsAndCommands } from "./claude-markdown";
import { entryNames } from "./containment";
import { diagnostic, isPlainObject, kindOf, quote } from "./diagnostics";
import { discoverSkills } from "./skills";
import type { ClaudeCodeContext, PluginReport } from "./types";

/** Fields of a marketplace entry that are about the marketplace, not the plugin. */
const ENTRY_ONLY_FIELDS = new Set(["source", "category", "tags", "strict"]);

/** Agent Plugins' codes for skills/ findings and their Claude Code counterparts. */
const CLAUDE_SKILL_CODES: Record<string, string> = {
  "plugin.containment": "claude-plugin.containment",
  "plugin.skills.not-dir": "claude-plugin.skills.not-dir",
  "plugin.skills.file-case": "claude-plugin.skills.file-case",
  "plugin.skills.entry-not-file": "claude-plugin.skills.entry-not-file",
};

/** What the manifest (or a marketplace entry standing in for it) says, and whether Claude Code would refuse it. */
export interface ClaudeManifest {
  file: string;
  manifest: Record<string, unknown> | null;
  fatal: boolean;
  diagnostics: Diagnostic[];
}

/** True when the folder holds `.claude-plugin/plugin.json`. */
export async function hasClaudeManifest(root: string, rootEntries: Set<string>): Promise<boolean> {
  return (
    rootEntries.has(".claude-plugin") &&
    ((await entryNames(path.join(root, ".claude-plugin")))?.has("plugin.json") ?? false)
  );
}

/** Reads and checks `.claude-plugin/plugin.json` when there is one; a failure of the manifest itself is fatal. */
export async function readClaudeManifest(
  root: string,
  realRoot: string,
  rootEntries: Set<string>,
): Promise<ClaudeManifest> {
  const file = path.join(root, ".claude-plugin", "plugin.json");
  const result: ClaudeManifest = { file, manifest: null, fatal: false, diagnostics: [] };
  if (!(await hasClaudeManifest(root, rootEntries))) return result;
  const read = await readJsonObject(
    file,
    realRoot,
    { json: "claude-plugin.manifest.json", outside: "claude-plugin.containment" },
    "The Claude Code manifest .claude-plugin/plugin.json",
    "Claude Code does not load the plugin",
  );
  if (!read.ok) {
    result.diagnostics.push(read.diagnostic);
    result.fatal = true;
    return result;
  }
  result.manifest = read.value;
  result.diagnostics.push(...checkManifest(read.value, file, read.at));
  result.fatal = !hasNoErrors(result.diagnostics);
  return result;
}

function checkManifest(manifest: Record<string, unknown>, file: string, at: Locate): Diagnostic[] {
  const found: Diagnostic[] = [];
  const name = manifest.name;
  const refused = "so Claude Code refuses the manifest and does not load the plugin";
  if (typeof name !== "string" || name.trim() === "") {
    const what =
      name === undefined
        ? 'has no "name"'
        : typeof name === "string"
          ? 'has an empty "name"'
          : `has a "name" that is ${kindOf(name)}`;
    found.push(
      diagnostic("claude-plugin.name.invalid", "error", file, `The manifest ${what}, ${refused}.`, {
        fix: 'Add "name": "my-plugin" (kebab-case), or delete the manifest to let the folder name the plugin.',
        at: at("name"),
      }),
    );
  } else if (/\s/.test(name)) {
    found.push(
      diagnostic(
        "claude-plugin.name.spaces",
        "error",
        file,
        `The plugin name ${quote(name)} contains spaces, ${refused}.`,
        { fix: `Use ${quote(kebabCaseOf(name))}.`, at: at("name") },
      ),
    );
  } else if (!KEBAB_CASE.test(name)) {
    found.push(
      diagnostic(
        "claude-plugin.name.kebab-case",
        "warning",
        file,
        `The plugin name ${quote(name)} is not kebab-case; Claude Code expects lowercase letters, digits and single hyphens, and marketplaces may refuse it.`,
        { fix: `Use ${quote(kebabCaseOf(name))}.`, at: at("name") },
      ),
    );
  }
  for (const problem of manifestFieldProblems(manifest)) {
    const code = problem.kind === "type" ? "claude-plugin.manifest.type" : "claude-plugin.path.invalid";
    found.push(
      diagnostic(
        code,
        "error",
        file,
        `${problem.message} Claude Code refuses the manifest, so the plugin does not load.`,
        { fix: problem.fix, at: at(...problem.keys) },
      ),
    );
  }
  found.push(
    ...unknownClaudeFields(manifest, CLAUDE_MANIFEST_FIELDS, {
      code: "claude-plugin.manifest.unknown-field",
      file,
      what: "The manifest",
      fix: "Remove it, or check its spelling against Claude Code's manifest reference.",
      at,
    }),
  );
  if (typeof manifest.version === "string" && semverValid(manifest.version) !== manifest.version) {
    found.push(
      diagnostic(
        "claude-plugin.version.semver",
        "info",
        file,
        `The version ${quote(manifest.version)} is not Semantic Versioning; update checks compare versions best as SemVer.`,
        { fix: 'Use MAJOR.MINOR.PATCH, e.g. "1.2.0".', at: at("version") },
      ),
    );
  }
  return found;
}

/** The manifest a `strict: false` marketplace entry defines: the entry without its marketplace-only fields. */
function manifestFromEntry(entry: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !ENTRY_ONLY_FIELDS.has(key)));
}

/** Reads a Claude Code plugin; `manifest` is what readClaudeManifest found. Fills the report's Claude Code fields. */
export async function readClaudeCodePlugin(
  report: PluginReport,
  realRoot: string,
  rootEntries: Set<string>,
  manifest: ClaudeManifest,
  options: { profile?: Profile; claudeCode?: ClaudeCodeContext },
): Promise<void> {
  const root = report.root;
  const defined = manifest.manifest ?? (options.claudeCode?.entry ? manifestFromEntry(options.claudeCode.entry) : null);
  report.format = "claude-code";
  report.manifest = defined;
  report.diagnostics.push(...manifest.diagnostics);
  const manifestName = typeof defined?.name === "string" && defined.name.trim() !== "" ? defined.name : null;
  report.name = manifestName ?? options.claudeCode?.name ?? path.basename(root);
  report.version = typeof defined?.version === "string" ? defined.version : null;
  report.description = descriptionOf(defined);
  report.repository = repositoryOf(defined) ?? options.claudeCode?.repository ?? null;
  if (manifest.fatal) return;
  const fields = defined ?? {};
  const skills = await readSkills(root, realRoot, rootEntries, fields, options.profile);
  const listed = await checkListedPaths(root, realRoot, fields, manifest.manifest ? manifest.file : root);
  const mcp = await readMcpServers(root, realRoot, rootEntries, fields, manifest.manifest ? manifest.file : root);
  report.skills = skills.skills;
  report.mcpServers = mcp.servers;
  const hooks = await checkHooks(root, realRoot, rootEntries, fields, manifest.manifest ? manifest.file : root);
  const components = await checkAgentsAndCommands(root, realRoot, rootEntries, fields);
  report.diagnostics.push(
    ...(await misplacedComponents(root)),
    ...listed,
    ...components,
    ...skills.diagnostics,
    ...mcp.diagnostics,
    ...hooks,
    conversionNote(report, manifest),
  );
  report.loads = true;
  report.valid = hasNoErrors(report.diagnostics) && report.skills.every((skill) => skill.valid);
}

async function misplacedComponents(root: string): Promise<Diagnostic[]> {
  const inside = (await entryNames(path.join(root, ".claude-plugin"))) ?? new Set<string>();
  return ["commands", "agents", "skills", "hooks"]
    .filter((name) => inside.has(name))
    .map((name) =>
      diagnostic(
        "claude-plugin.layout.misplaced",
        "warning",
        path.join(root, ".claude-plugin", name),
        `${name}/ is inside .claude-plugin/, where Claude Code looks only for plugin.json, so it is not loaded.`,
        {
          fix: `Move ${name}/ to the plugin root, beside .claude-plugin/.`,
        },
      ),
    );
}

async function checkListedPaths(
  root: string,
  realRoot: string,
  fields: Record<string, unknown>,
  file: string,
): Promise<Diagnostic[]> {
  const found: Diagnostic[] = [];
  for (const field of COMPONENT_FIELDS) {
    for (const listed of componentPaths(fields[field])) {
      if (!listed.value.startsWith("./")) continue;
      const place = await placeOf(root, realRoot, listed.value);
      if (place.place === "outside") {
        found.push(
          diagnostic(
            "claude-plugin.path.outside",
            "error",
            file,
            `The path ${quote(listed.value)} in "${field}" leads outside the plugin folder; Claude Code copies only the plugin folder, so it is not loaded.`,
            {
              fix: "Move what it points to into the plugin folder and point at it with ./…, or use a marketplace entry whose source includes it.",
            },
          ),
        );
      } else if (place.place === "missing") {
        found.push(
          diagnostic(
            "claude-plugin.path.missing",
            "error",
            file,
            `The path ${quote(listed.value)} in "${field}" does not exist; Claude Code reports this as a load failure.`,
            { fix: "Fix the path, or remove it from the manifest." },
          ),
        );
      } else if (field === "skills" && place.kind === "file") {
        found.push(
          diagnostic(
            "claude-plugin.skills.file",
            "error",
            file,
            `The path ${quote(listed.value)} in "skills" is a file; Claude Code takes only folders there (a skill folder holding SKILL.md, or a folder of them).`,
            { fix: `Point at the folder: ${quote(`./${path.posix.dirname(listed.value.slice(2))}`)}.` },
          ),
        );
      }
    }
  }
  return found;
}

async function readSkills(
  root: string,
  realRoot: string,
  rootEntries: Set<string>,
  fields: Record<string, unknown>,
  profile: Profile | undefined,
): Promise<{ skills: SkillReport[]; diagnostics: Diagnostic[] }> {
  const standard = await discoverSkills(root, realRoot, rootEntries, profile, true);
  const diagnostics = standard.diagnostics.map((d) => ({ ...d, code: CLAUDE_SKILL_CODES[d.code] ?? d.code }));
  const skills = [...standard.skills];
  const seen = new Set(skills.map((s) => path.resolve(s.dir)));
  for (const listed of componentPaths(fields.skills)) {
    if (!listed.value.startsWith("./")) continue;
    const place = await placeOf(root, realRoot, listed.value);
    if (place.place !== "inside" || place.kind !== "dir") continue;
    const names = (await entryNames(place.abs)) ?? new Set<string>();
    const dirs = names.has("SKILL.md") ? [place.abs] : [];
    if (dirs.length === 0) {
      for (const name of [...names].sort()) {
        const dir = path.join(place.abs, name);
        const inner = await placeOf(root, realRoot, `./${path.relative(root, dir).split(path.sep).join("/")}`);
        if (inner.place === "inside" && inner.kind === "dir" && (await entryNames(dir))?.has("SKILL.md"))
          dirs.push(dir);
      }
    }
    for (const dir of dirs) {
      if (seen.has(dir)) continue;
      seen.add(dir);
      skills.push(await readSkill(dir, { ...(profile ? { profile } : {}), pluginRoot: root, claudeCode: true }));
    }
  }
  return { skills, diagnostics };
}

async function readMcpServers(
  root: string,
  realRoot: string,
  rootEntries: Set<string>,
  fields: Record<string, unknown>,
  manifestFile: string,
): Promise<{ servers: PluginMcpServer[]; diagnostics: Diagnostic[] }> {
  const servers: PluginMcpServer[] = [];
  const diagnostics: Diagnostic[] = [];
  const addServers = (config: Record<string, unknown>, file: string) => {
    const map = isPlainObject(config.mcpServers) ? config.mcpServers : config;
    for (const [name, value] of Object.entries(map)) {
      const server = isPlainObject(value) ? value : {};
      const command = typeof server.command === "string" ? server.command : undefined;
      const url = typeof server.url === "string" ? server.url : undefined;
      const valid = isPlainObject(value) && (command !== undefined || url !== undefined);
      servers.push({
        name,
        type: typeof server.type === "string" ? server.type : command ? "stdio" : url ? "http" : "unknown",
        valid,
        ...(command ? { command } : {}),
        ...(url ? { url } : {}),
      });
      if (!valid) {
        diagnostics.push(
          diagnostic(
            "claude-plugin.mcp.server",
            "error",
            file,
            `The MCP server ${quote(name)} has neither a "command" nor a "url", so Claude Code cannot start it.`,
            { fix: 'Give it "command" (with "args") for a local server, or "type" and "url" for a remote one.' },
          ),
        );
      }
    }
  };
  const files = await readComponentFiles(root, realRoot, {
    defaultFile: rootEntries.has(".mcp.json") ? "./.mcp.json" : null,
    declared: fields.mcpServers,
    jsonCode: "claude-plugin.mcp.json",
    consequence: "its MCP servers are not started",
  });
  for (const { abs, read } of files) {
    if (read.ok) addServers(read.value, abs);
    else diagnostics.push(read.diagnostic);
  }
  const inline = fields.mcpServers;
  for (const config of isPlainObject(inline) ? [inline] : Array.isArray(inline) ? inline.filter(isPlainObject) : [])
    addServers(config, manifestFile);
  return { servers, diagnostics };
}

async function checkHooks(
  root: string,
  realRoot: string,
  rootEntries: Set<string>,
  fields: Record<string, unknown>,
  manifestFile: string,
): Promise<Diagnostic[]> {
  const files = await readComponentFiles(root, realRoot, {
    defaultFile: rootEntries.has("hooks") ? "./hooks/hooks.json" : null,
    declared: fields.hooks,
    jsonCode: "claude-plugin.hooks.json",
    consequence: "its hooks do not run",
  });
  const found = files.flatMap(({ abs, read }) =>
    read.ok ? checkHooksFile(read.value, abs, read.at) : [read.diagnostic],
  );
  const inline = fields.hooks;
  const objects = isPlainObject(inline) ? [{ value: inline, keys: ["hooks"] }] : [];
  if (Array.isArray(inline))
    inline.forEach((item, i) => isPlainObject(item) && objects.push({ value: item, keys: ["hooks", String(i)] }));
  for (const { value, keys } of objects) found.push(...checkHookEvents(value, keys, manifestFile, null));
  return found;
}

/** Reads a component's JSON files inside the plugin: its default file when present, then the manifest's "./" paths. */
async function readComponentFiles(
  root: string,
  realRoot: string,
  component: { defaultFile: string | null; declared: unknown; jsonCode: string; consequence: string },
): Promise<Array<{ abs: string; read: JsonObjectRead }>> {
  const files = component.defaultFile ? [component.defaultFile] : [];
  files.push(
    ...componentPaths(component.declared)
      .filter((p) => p.value.startsWith("./"))
      .map((p) => p.value),
  );
  const found: Array<{ abs: string; read: JsonObjectRead }> = [];
  for (const rel of files) {
    const place = await placeOf(root, realRoot, rel);
    if (place.place !== "inside" || place.kind !== "file") continue;
    const codes = { json: component.jsonCode, outside: "claude-plugin.containment" };
    found.push({
      abs: place.abs,
      read: await readJsonObject(place.abs, realRoot, codes, rel.slice(2), component.consequence),
    });
  }
  return found;
}

function conversionNote(report: PluginReport, manifest: ClaudeManifest): Diagnostic {
  const name = KEBAB_CASE.test(report.name) ? report.name : kebabCaseOf(report.name);
  const servers =
    report.mcpServers.length > 0
      ? " Its MCP servers would move to mcp.json in the Agent Plugins format (with its own $schema)."
      : "";
  return diagnostic(
    "plugin.manifest.claude-format",
    "info",
    manifest.manifest ? manifest.file : report.root,
    `This is a Claude Code plugin, which Claude Code loads as it is; Agent Plugins 1.0.0 hosts read only a plugin.json at the root, so to them it is not a plugin.${servers} Commands, agents and hooks have no Agent Plugins counterpart.`,
    {
      fix: `Only if you want Agent Plugins hosts to load it too: add plugin.json at the root with "$schema": "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json" and "name": "${name}"; skills/ stays as it is${manifest.manifest ? ", and Claude Code keeps reading .claude-plugin/plugin.json" : ""}.`,
    },
  );
}
