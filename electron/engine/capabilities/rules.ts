// The capability rule set of `validate --capabilities`: what a skill or plugin can do, as notes and warnings (never
// errors): scripts, hooks, allowed tools, servers, shell commands run when loaded, hosts named and hidden text.
import path from "node:path";
import type { Capabilities } from "../../../shared/capabilities";
import type { Diagnostic } from "../../../shared/model";

/** The findings of the capability rule set for the folder `dir` whose capabilities are `caps`. */
export function capabilityDiagnostics(caps: Capabilities, dir: string): Diagnostic[] {
  const at = (rel: string) => path.join(dir, rel);
  const out: Diagnostic[] = [];
  for (const s of caps.scripts)
    out.push({
      code: "capability.script",
      severity: "info",
      message: `Can run ${s.path}${s.interpreter ? ` (${s.interpreter})` : " (an executable file)"}.`,
      file: at(s.path),
    });
  for (const h of caps.hooks)
    out.push({
      code: "capability.hook",
      severity: "warning",
      message: `A hook runs \`${h.command}\` on ${h.event}, without asking.`,
      file: at(h.file),
    });
  if (caps.allowedTools.length)
    out.push({
      code: "capability.allowed-tools",
      severity: "info",
      message: `May use without asking: ${caps.allowedTools.join(", ")}.`,
      file: dir,
    });
  for (const s of caps.servers)
    out.push({
      code: "capability.server",
      severity: "info",
      message: `Starts ${s.kind === "mcp" ? "an MCP" : "an LSP"} server "${s.name}": ${s.command}.`,
      file: at(s.file),
    });
  for (const c of caps.shellCommands)
    out.push({
      code: "capability.shell-command",
      severity: "warning",
      message: `Runs \`${c.command}\` when the skill is loaded (Claude Code's !\` directive).`,
      file: at(c.file),
      line: c.line,
    });
  if (caps.hosts.length)
    out.push({
      code: "capability.host",
      severity: "info",
      message: `Names hosts: ${caps.hosts.join(", ")}.`,
      file: dir,
    });
  for (const h of caps.hidden)
    out.push({
      code: "capability.hidden-text",
      severity: "warning",
      message: `Text a person does not see but a model reads (${h.kind}): ${h.text}.`,
      file: at(h.file),
      line: h.line,
      fix: "Remove it, or write it as visible text.",
    });
  if (caps.capped)
    out.push({
      code: "capability.capped",
      severity: "info",
      message: `Not everything was read: ${caps.capped}`,
      file: dir,
    });
  return out;
}
