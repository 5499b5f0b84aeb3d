// Reads what a skill or plugin folder can do, without running anything: bounded (files, bytes, depth; the cap is
// said), never following a link out of the folder, opening nothing but regular files inside it.
import { constants } from "node:fs";
import { open, readdir } from "node:fs/promises";
import path from "node:path";
import {
  emptyCapabilities,
  type Capabilities,
  type CapabilityHook,
  type CapabilityServer,
} from "../../../shared/capabilities";
import { parseJsonWithinLimits } from "../fs/json-limits";
import { resolveInside } from "../fs/safe-fs";
import { hiddenTextOf } from "./hidden";
import { frontmatterOf, hooksIn, serversIn, toolsOf } from "./declarations";
import { hostsOf, interpreterOf, shellCommandsOf } from "./text-scan";

/** The bounds of one reading. Exported for tests: they read past them. */
export const CAPABILITY_LIMITS = {
  files: 2000,
  fileBytes: 1024 * 1024,
  totalBytes: 32 * 1024 * 1024,
  depth: 12,
  items: 200,
};

const SKIP_DIRS = new Set([".git", "node_modules", "__pycache__"]);
const TEXT_EXT =
  /\.(md|markdown|txt|json|ya?ml|toml|sh|bash|zsh|fish|py|js|mjs|cjs|ts|rb|pl|php|ps1|bat|cmd|lua|html?|xml|cfg|ini|env)$/i;

interface FileEntry {
  rel: string;
  abs: string;
}

async function listFiles(root: string, note: (why: string) => void): Promise<FileEntry[]> {
  const files: FileEntry[] = [];
  const walk = async (dir: string, rel: string, depth: number): Promise<void> => {
    if (depth > CAPABILITY_LIMITS.depth)
      return note(`folders deeper than ${CAPABILITY_LIMITS.depth} levels were not read`);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) await walk(path.join(dir, e.name), r, depth + 1);
      } else if (e.isFile()) {
        if (files.length >= CAPABILITY_LIMITS.files)
          return note(`only the first ${CAPABILITY_LIMITS.files} files were read`);
        files.push({ rel: r, abs: path.join(dir, e.name) });
      }
    }
  };
  await walk(root, "", 0);
  return files;
}

/** The first bytes of a regular file (never through a link), its executable bit, and whether it was cut. */
async function readHead(abs: string, max: number): Promise<{ text: string; executable: boolean; cut: boolean } | null> {
  const handle = await open(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch(() => null);
  if (!handle) return null;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const size = Math.min(info.size, max);
    const buf = Buffer.alloc(size);
    const { bytesRead } = size ? await handle.read(buf, 0, size, 0) : { bytesRead: 0 };
    const bytes = buf.subarray(0, bytesRead);
    const binary = bytes.subarray(0, 8000).includes(0);
    return { text: binary ? "" : bytes.toString("utf8"), executable: (info.mode & 0o111) !== 0, cut: info.size > max };
  } finally {
    await handle.close();
  }
}

const uniqSorted = (list: string[]) => [...new Set(list)].sort();

type NamedKey = "hooks" | "mcpServers" | "lspServers";

/** The files plugin.json's `hooks`, `mcpServers` and `lspServers` name by path (a string or a list of strings). */
function namedFiles(manifest: Record<string, unknown>): Array<{ key: NamedKey; rel: string }> {
  const out: Array<{ key: NamedKey; rel: string }> = [];
  for (const key of ["hooks", "mcpServers", "lspServers"] as const) {
    const value = manifest[key];
    const paths = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
    for (const p of paths.slice(0, 16))
      if (typeof p === "string" && p.trim()) out.push({ key, rel: path.posix.normalize(p.trim().replace(/\\/g, "/")) });
  }
  return out;
}

/** Everything the folder at `root` can do, as far as bounded reading finds (see `capped`). */
export async function readCapabilities(root: string): Promise<Capabilities> {
  const notes = new Set<string>();
  const note = (why: string) => void notes.add(why);
  const out = emptyCapabilities();
  const hooks: CapabilityHook[] = [];
  const servers: CapabilityServer[] = [];
  /** Hook and server files already read, as "key\0path", so one named by plugin.json too is not counted twice. */
  const read = new Set<string>();
  const named: Array<{ key: NamedKey; rel: string }> = [];
  let total = 0;
  for (const file of await listFiles(root, note)) {
    const budget = Math.min(CAPABILITY_LIMITS.fileBytes, CAPABILITY_LIMITS.totalBytes - total);
    if (budget <= 0) {
      note(`only the first ${CAPABILITY_LIMITS.totalBytes / 1024 / 1024} MB were read`);
      break;
    }
    const head = await readHead(file.abs, budget);
    if (!head) continue;
    total += Buffer.byteLength(head.text);
    if (head.cut) note(`${file.rel} was read only in part (its first ${CAPABILITY_LIMITS.fileBytes / 1024} KB)`);
    const ext = path.extname(file.rel);
    const first = head.text.slice(0, 300).split("\n")[0] ?? "";
    const interpreter = head.text ? interpreterOf(first, ext) : null;
    if (interpreter || head.executable) out.scripts.push({ path: file.rel, interpreter, executable: head.executable });
    if (!head.text || !(TEXT_EXT.test(file.rel) || first.startsWith("#!") || !ext)) continue;
    const markdown = /\.(md|markdown)$/i.test(file.rel);
    out.hosts.push(...hostsOf(head.text));
    out.hidden.push(...hiddenTextOf(file.rel, head.text, markdown, CAPABILITY_LIMITS.items));
    if (markdown) {
      out.shellCommands.push(...shellCommandsOf(file.rel, head.text));
      const fm = frontmatterOf(head.text);
      if (fm) {
        out.allowedTools.push(...toolsOf(fm["allowed-tools"] ?? fm["allowedTools"]));
        out.disallowedTools.push(...toolsOf(fm["disallowed-tools"] ?? fm["disallowedTools"]));
        hooks.push(...hooksIn(fm["hooks"], file.rel));
      }
    }
    const base = path.basename(file.rel);
    if (ext.toLowerCase() === ".json") {
      const parsed = parseJsonWithinLimits(head.text);
      if (!parsed.ok || !parsed.value || typeof parsed.value !== "object") continue;
      const obj = parsed.value as Record<string, unknown>;
      if (file.rel === "hooks/hooks.json" || base === "hooks.json") {
        hooks.push(...hooksIn(obj["hooks"] ?? obj, file.rel));
        read.add(`hooks\0${file.rel}`);
      }
      if (base === ".mcp.json") {
        servers.push(...serversIn("mcp", obj["mcpServers"] ?? obj, file.rel));
        read.add(`mcpServers\0${file.rel}`);
      }
      if (base === ".lsp.json") {
        servers.push(...serversIn("lsp", obj["lspServers"] ?? obj, file.rel));
        read.add(`lspServers\0${file.rel}`);
      }
      if (file.rel === ".claude-plugin/plugin.json") {
        if (typeof obj["hooks"] === "object") hooks.push(...hooksIn(obj["hooks"], file.rel));
        servers.push(
          ...serversIn("mcp", obj["mcpServers"], file.rel),
          ...serversIn("lsp", obj["lspServers"], file.rel),
        );
        named.push(...namedFiles(obj));
      }
    }
  }
  // Files plugin.json names for its hooks and servers ("./config/hooks.json"), read once, inside the folder only.
  for (const { key, rel } of named) {
    if (read.has(`${key}\0${rel}`)) continue;
    read.add(`${key}\0${rel}`);
    const inside = await resolveInside(root, rel);
    if (!inside.ok) {
      if (inside.reason !== "not-found")
        note(`${rel}, which plugin.json names, is outside the folder and was not read`);
      continue;
    }
    const head = await readHead(inside.path, CAPABILITY_LIMITS.fileBytes);
    const parsed = head?.text ? parseJsonWithinLimits(head.text) : null;
    if (!parsed?.ok || !parsed.value || typeof parsed.value !== "object") continue;
    const obj = parsed.value as Record<string, unknown>;
    if (key === "hooks") hooks.push(...hooksIn(obj["hooks"] ?? obj, rel));
    else servers.push(...serversIn(key === "mcpServers" ? "mcp" : "lsp", obj[key] ?? obj, rel));
  }
  const cap = <T>(list: T[], what: string): T[] => {
    if (list.length > CAPABILITY_LIMITS.items) note(`only the first ${CAPABILITY_LIMITS.items} ${what} are listed`);
    return list.slice(0, CAPABILITY_LIMITS.items);
  };
  out.scripts = cap(out.scripts, "scripts");
  out.hooks = cap(hooks, "hooks");
  out.servers = cap(servers, "servers");
  out.shellCommands = cap(out.shellCommands, "shell commands");
  out.hidden = cap(out.hidden, "pieces of hidden text");
  out.hosts = cap(uniqSorted(out.hosts), "hosts");
  out.allowedTools = uniqSorted(out.allowedTools);
  out.disallowedTools = uniqSorted(out.disallowedTools);
  if (notes.size) out.capped = `${[...notes].slice(0, 5).join("; ")}.`;
  return out;
}
