// What a text file names and runs: the hosts of its URLs, Claude Code's shell-command directives (!`command` and
// ```! blocks) and the interpreter a shebang names.
import type { CapabilityShell } from "../../../shared/capabilities";

const URL_HOST =
  /\b(?:https?|wss?):\/\/(?:[^\s/@'"`<>()[\]{}]*@)?([A-Za-z0-9](?:[A-Za-z0-9.-]{0,252}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])/g;

/** The hosts URLs in the text name (lower case, without a port). */
export function hostsOf(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(URL_HOST)) out.add(m[1]!.toLowerCase().replace(/\.$/, ""));
  return [...out];
}

/** Claude Code's shell directives in instructions: !`cmd` inline, and fenced blocks opened with ```!. */
export function shellCommandsOf(file: string, text: string): CapabilityShell[] {
  const out: CapabilityShell[] = [];
  const lines = text.split("\n");
  let fence: { line: number; body: string[] } | null = null;
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, "");
    if (fence) {
      if (/^\s*```\s*$/.test(line)) {
        out.push({ file, line: fence.line, command: fence.body.join("\n").trim().slice(0, 300) });
        fence = null;
      } else fence.body.push(line);
      continue;
    }
    if (/^\s*```!\s*$/.test(line)) {
      fence = { line: i + 1, body: [] };
      continue;
    }
    for (const m of line.matchAll(/(?:^|[^\w`])!`([^`\n]+)`/g))
      out.push({ file, line: i + 1, command: m[1]!.trim().slice(0, 300) });
  }
  return out;
}

const BY_EXTENSION: Record<string, string> = {
  ".sh": "sh",
  ".bash": "bash",
  ".zsh": "zsh",
  ".fish": "fish",
  ".py": "python",
  ".js": "node",
  ".mjs": "node",
  ".cjs": "node",
  ".ts": "node",
  ".rb": "ruby",
  ".pl": "perl",
  ".php": "php",
  ".ps1": "powershell",
  ".bat": "cmd",
  ".cmd": "cmd",
  ".lua": "lua",
};

/** The interpreter a file's shebang names (`#!/usr/bin/env -S python3 -u` → python3), or by its extension, or null. */
export function interpreterOf(first: string, extension: string): string | null {
  const shebang = /^#!\s*(\S+)(?:\s+(.*))?/.exec(first);
  if (shebang) {
    const prog = shebang[1]!.split("/").pop()!;
    if (prog !== "env") return prog;
    const rest = (shebang[2] ?? "").split(/\s+/).filter((w) => w && !w.startsWith("-") && !w.includes("="));
    return rest[0]?.split("/").pop() ?? "env";
  }
  return BY_EXTENSION[extension.toLowerCase()] ?? null;
}
