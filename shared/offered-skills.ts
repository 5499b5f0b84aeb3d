// What MCP servers offer through the Skills extension, as the engine lists it and the CLI and the catalog show it:
// per server whether it offers skills, which, or why it could not be asked; nothing in it is installed.
import type { SkillLevels } from "./levels";

/** One skill a server lists: its entry's frontmatter name and description, where it is, and its size. */
export interface OfferedSkill {
  name: string;
  description: string;
  /** Its SKILL.md's URI on that server. */
  uri: string;
  /** Number of files and their total bytes as the entry announces them (null for "dynamic" or invalid entries). */
  files: number | null;
  bytes: number | null;
  /** Why the entry cannot be loaded (the spec says a host MUST NOT load an invalid entry). */
  invalid?: string;
  /** The entry asks for `allowed-tools`: adding it needs the user's approval of that grant. */
  asksForTools?: boolean;
}

/** One server asked: it offers skills, it does not declare the extension, or it could not be asked. */
export interface OfferedServer {
  /** Stable key to name it again (preview): where it is configured plus a hash of its address. */
  id: string;
  /** Its name in the config that names it (a settings or `--server` URL: the URL without query or credentials). */
  name: string;
  /** Its address without query or credentials, or `stdio: COMMAND` for a local server. */
  address: string;
  /** The config file that names it, or "settings". */
  configuredIn: string;
  /** The source the Add flow takes for it (`mcp:URL`), or null when it cannot be added from by address (local command). */
  addSource: string | null;
  state: "offers" | "none" | "failed";
  skills: OfferedSkill[];
  /** Skills listed past the number kept. */
  more: number;
  /** Why it could not be asked, in words. */
  error?: string;
}

/** All servers asked, and the local servers left out because they are not approved. */
export interface OfferedSkillsResult {
  servers: OfferedServer[];
  /** Local (stdio) servers found in configs but not approved: listed, never started. */
  notApproved: Array<{ name: string; command: string; configFile: string }>;
  /** Config files that could not be read, in sentences. */
  problems: string[];
}

/** The preview of one offered skill, fetched into a temporary folder that is deleted again. */
export interface OfferedSkillPreview {
  serverId: string;
  uri: string;
  levels: SkillLevels;
}
