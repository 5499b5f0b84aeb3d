// The clients a skill can be added to, by plain name, and the folder each reads skills from (user or project scope),
// as the `skills` installer lays them out: the shared agents folder holds the one copy, the others link to it.
import { lstat, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { EngineError } from "../errors";
import { skillLockCandidates } from "../discovery/locations";

/** A client Skillshelf can add a skill to. */
export type ClientId = "agents" | "claude-code" | "codex" | "cursor" | "gemini-cli" | "claude-desktop";

/** Where skills are added: the user's home, or one project's folder. */
export interface Scope {
  home: string;
  env: NodeJS.ProcessEnv;
  /** A project folder: skills go into its .agents/skills, .claude/skills, … instead of the home's. */
  project?: string;
}

/** One client's name for people and its skills folder in a scope (null: Claude Desktop, which takes a hand-off). */
export interface ClientPlace {
  id: ClientId;
  label: string;
  dir: string | null;
}

const LABELS: Record<ClientId, string> = {
  agents: "Shared agents folder",
  "claude-code": "Claude Code",
  codex: "Codex",
  cursor: "Cursor",
  "gemini-cli": "Gemini CLI",
  "claude-desktop": "Claude Desktop",
};

/** Every client id, in the order help lists them. */
export const CLIENT_IDS = Object.keys(LABELS) as ClientId[];

const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

/** The folder holding the one copy of a skill in this scope (the installer's canonical folder). */
export function canonicalDir(scope: Scope): string {
  return scope.project ? path.join(scope.project, ".agents", "skills") : path.join(scope.home, ".agents", "skills");
}

/** Where `client` reads skills in this scope. */
export function clientPlace(id: ClientId, scope: Scope): ClientPlace {
  const label = LABELS[id];
  if (id === "claude-desktop") return { id, label, dir: null };
  if (scope.project) {
    const dir = id === "claude-code" ? path.join(scope.project, ".claude", "skills") : canonicalDir(scope);
    return { id, label, dir };
  }
  const home = scope.home;
  const dirs: Record<Exclude<ClientId, "claude-desktop">, string> = {
    agents: canonicalDir(scope),
    codex: canonicalDir(scope),
    "claude-code": path.join(nonEmpty(scope.env.CLAUDE_CONFIG_DIR) ?? path.join(home, ".claude"), "skills"),
    cursor: path.join(home, ".cursor", "skills"),
    "gemini-cli": path.join(home, ".gemini", "skills"),
  };
  return { id, label, dir: dirs[id] };
}

/** Reads a --client value; throws manage.client.unknown naming the ids there are. */
export function parseClientId(raw: string): ClientId {
  const id = raw.trim().toLowerCase();
  if ((CLIENT_IDS as string[]).includes(id)) return id as ClientId;
  throw new EngineError(
    "manage.client.unknown",
    `"${raw.slice(0, 60)}" is not a client Skillshelf can add skills to; use one of ${CLIENT_IDS.join(", ")}.`,
  );
}

/** The installer's lock for this scope, or null in a project (its project lock is another format, not written). */
export function lockFileOf(scope: Scope): string | null {
  return scope.project ? null : skillLockCandidates({ home: scope.home, env: scope.env })[0]!;
}

const isInside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
};

/** `dir` or its nearest folder that exists (a client folder is often not made yet). */
async function nearestExisting(dir: string): Promise<string> {
  let at = path.resolve(dir);
  while (!(await lstat(at).catch(() => null))) {
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  return at;
}

/**
 * Refuses a folder Skillshelf would write, remove or restore in (a client's skills folder, the installer's lock
 * folder) unless it is the running user's: the home (or project) and every folder on the way down to it belong to
 * this user, and so does the folder it really is, wherever a link leads. So `--home` never lends this process another
 * user's folders, nor a link of theirs that leads to this user's own files (nor one they could swap in meanwhile).
 */
export async function checkClientFolder(dir: string, scope: Scope): Promise<void> {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const refuse = (why: string) =>
    new EngineError(
      "install.target.unsafe",
      `Skillshelf does not change ${dir.slice(0, 300)}: ${why}. Nothing was changed.`,
      "refused",
    );
  const root = path.resolve(scope.project ?? scope.home);
  const existing = await nearestExisting(dir);
  const chain = [existing];
  if (isInside(existing, root)) for (let at = existing; at !== root;) chain.push((at = path.dirname(at)));
  for (const at of chain) {
    const owner = (await lstat(at)).uid;
    if (owner !== uid)
      throw refuse(
        `${at.slice(0, 300)} belongs to another user (uid ${owner}), and Skillshelf changes only your folders`,
      );
  }
  const real = await realpath(existing);
  const owner = (await stat(real)).uid;
  if (owner !== uid) throw refuse(`it leads to ${real.slice(0, 300)}, which belongs to another user (uid ${owner})`);
}
