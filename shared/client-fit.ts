// "Works in your client": whether a skill loads in the client whose folder holds it, which findings are only notes
// for its author, and whether the user can fix it here at all (Desktop-synced and app-managed copies are overwritten).
import type { Diagnostic, Skill } from "./model";
import { clientLabel } from "./ui-catalog";

/** What the client does with the skill. */
export type FitVerdict = "loads" | "may-not-load" | "does-not-load" | "turned-off";

/** The answer the overview shows first. */
export interface ClientFit {
  verdict: FitVerdict;
  /** The client's name as people know it ("Claude Desktop"). */
  clientName: string;
  /** One sentence: whether it loads there. */
  headline: string;
  /** Findings that stop the client from loading it. */
  blockers: Diagnostic[];
  /** Findings against the Agent Skills rules that do not stop it loading: notes for the skill's author. */
  authorNotes: Diagnostic[];
  /** Whether changes made in this folder last (false for Desktop-synced and app-managed copies). */
  editable: boolean;
  /** What to do instead of editing, when the folder cannot be edited lastingly and something needs fixing; else null. */
  instead: string | null;
}

/** Codes after which no client can read the skill at all. */
const UNREADABLE = new Set([
  "skill.missing-file",
  "skill.unreadable",
  "skill.encoding",
  "skill.frontmatter.missing",
  "skill.frontmatter.unclosed",
  "skill.frontmatter.yaml",
  "skill.frontmatter.too-large",
  "skill.frontmatter.too-deep",
  "skill.frontmatter.aliases",
  "skill.frontmatter.not-mapping",
  "skill.name.missing",
  "skill.name.empty",
  "skill.description.missing",
  "skill.description.empty",
]);

/** Whether this finding stops the skill's own client (or, with null, any client) from loading it. */
export function stopsLoading(diagnostic: Diagnostic, client: Skill["client"] | null): boolean {
  if (diagnostic.severity !== "error") return false;
  if (UNREADABLE.has(diagnostic.code)) return true;
  // Claude Desktop refuses these names and descriptions (its upload rules), so a copy with them does not load there.
  return (
    client === "claude-desktop" &&
    diagnostic.code.startsWith("desktop.") &&
    !diagnostic.code.startsWith("desktop.manifest.")
  );
}

/** Whether changes to this copy last: not for copies Desktop syncs or an app manages (plugin caches, app folders). */
function editableHere(skill: Skill): boolean {
  return skill.userOwned && skill.desktop?.syncManaged !== true;
}

function insteadText(skill: Skill, clientName: string): string {
  if (skill.client === "claude-desktop" || skill.desktop) {
    return "Claude Desktop keeps this copy in step with your account and overwrites changes made in this folder. Ask the skill's author for a fixed version, or fix a copy of the folder elsewhere and upload it in Claude Desktop (Settings → Capabilities → Skills → Upload skill).";
  }
  if (skill.pluginId)
    return `${clientName} installed this skill with a plugin and replaces the folder when the plugin updates. Ask the plugin's author to fix it; changes made here would be undone.`;
  return `${clientName} manages this folder and may replace it at any time. Ask the skill's author to fix it, or install a fixed copy in a folder of your own.`;
}

/** Decides what the overview says first about a skill in its client. */
export function clientFit(skill: Skill): ClientFit {
  const clientName = clientLabel(skill.client);
  const blockers = skill.diagnostics.filter((d) => stopsLoading(d, skill.client));
  const authorNotes = skill.diagnostics.filter(
    (d) => !blockers.includes(d) && d.severity !== "info" && !d.code.startsWith("desktop.manifest."),
  );
  const editable = editableHere(skill);
  const instead = !editable && (blockers.length > 0 || authorNotes.length > 0) ? insteadText(skill, clientName) : null;
  const generic = skill.client === "custom" || skill.client === "agents";
  if (blockers.length > 0) {
    const who = generic ? "Agents" : clientName;
    return {
      verdict: "does-not-load",
      clientName,
      headline: `${who} will not load this skill: ${blockers[0]!.message}`,
      blockers,
      authorNotes,
      editable,
      instead,
    };
  }
  if (skill.desktop?.enabled === false) {
    return {
      verdict: "turned-off",
      clientName,
      headline: "This skill is turned off in Claude Desktop. Turn it on in Claude Desktop's Skills settings to use it.",
      blockers,
      authorNotes,
      editable,
      instead,
    };
  }
  const ruleErrors = authorNotes.filter((d) => d.severity === "error");
  if (generic && ruleErrors.length > 0) {
    // No one client to speak for: an agent that checks the Agent Skills rules refuses what breaks them.
    return {
      verdict: "may-not-load",
      clientName,
      headline: `Agents that check the Agent Skills rules will refuse this skill: ${ruleErrors[0]!.message}`,
      blockers,
      authorNotes,
      editable,
      instead,
    };
  }
  if (!generic && ruleErrors.length > 0) {
    // The badge beside this says "N errors": say which client loads it anyway, and who may not.
    const errors = ruleErrors.length === 1 ? "1 error" : `${ruleErrors.length} errors`;
    return {
      verdict: "loads",
      clientName,
      headline: `Loads in ${clientName} despite ${errors} against the Agent Skills rules: ${clientName} loads it anyway, but other agents that check those rules may refuse it. ${ruleErrors.length === 1 ? "The error" : "The first"}: ${ruleErrors[0]!.message}`,
      blockers,
      authorNotes,
      editable,
      instead,
    };
  }
  const notes =
    authorNotes.length > 0 ? " Some details do not follow the Agent Skills rules; they do not stop it loading." : "";
  const loads = generic ? "Agents that read this folder can load it." : `Loads in ${clientName}.`;
  return { verdict: "loads", clientName, headline: `${loads}${notes}`, blockers, authorNotes, editable, instead };
}

/** One more client that loads the same folder, through a link or a copy in its own skills folder. */
export interface AlsoLoadedIn {
  clientName: string;
  /** The sentence the overview shows ("Works in Claude Code: yes, through the link in /h/.claude/skills"). */
  sentence: string;
}

/** The other clients whose folders hold this skill or a link to it, so the overview can say it works there too. */
export function alsoLoadedIn(skill: Skill): AlsoLoadedIn[] {
  const seen = new Set<string>([skill.client]);
  const out: AlsoLoadedIn[] = [];
  const blocked = skill.diagnostics.some((d) => stopsLoading(d, null));
  for (const placement of skill.placements ?? []) {
    if (seen.has(placement.client)) continue;
    seen.add(placement.client);
    const clientName = clientLabel(placement.client);
    const folder = parentFolder(placement.path);
    const answer = blocked ? "no, for the reason above" : "yes";
    const how = placement.link ? `through the link in ${folder}` : `as the copy in ${folder}`;
    out.push({ clientName, sentence: `Works in ${clientName}: ${answer}, ${how}` });
  }
  return out;
}

function parentFolder(p: string): string {
  const cut = Math.max(p.lastIndexOf("/"), p.lastIndexOf("\\"));
  return cut > 0 ? p.slice(0, cut) : p;
}
