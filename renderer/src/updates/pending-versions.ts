// What a pending update changes, in words for its row: installed → latest version, or for a copy without version
// numbers, what it is compared with (the folder on GitHub, the MCP server or the site it was added from).
import type { UpdateInfo } from "../../../shared/model";

/** The row's "from → to" words; `to` is shown strong. */
export function pendingVersions(info: UpdateInfo): { from: string; to: string } | { only: string } {
  if (info.installed || info.latest) return { from: info.installed ?? "unknown", to: info.latest ?? "unknown" };
  if (info.source === "mcp-skills") return { from: "installed copy", to: "the server's copy" };
  if (info.source === "site-skills") return { from: "installed copy", to: "the site's copy" };
  return { only: "newer folder on GitHub" };
}
