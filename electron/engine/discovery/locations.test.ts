import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCATION_TABLE, resolveLocationTable, skillLockCandidates } from "./locations";

const H = path.resolve("/home/ada");
const find = (rows: ReturnType<typeof resolveLocationTable>, client: string, label?: string) =>
  rows.filter((r) => r.row.client === client && (!label || r.row.label === label)).map((r) => r.path);

describe("the location table", () => {
  it("gives every row a path on each platform, except the Microsoft Store rows (Windows only)", () => {
    for (const row of LOCATION_TABLE) {
      const platforms = Object.keys(row.paths).sort();
      if (row.label.includes("Microsoft Store")) expect(platforms).toEqual(["win32"]);
      else expect(platforms).toEqual(["darwin", "linux", "win32"]);
    }
  });

  it("knows every client of the design", () => {
    const clients = new Set(LOCATION_TABLE.map((r) => r.client));
    for (const c of [
      "claude-desktop",
      "claude-code",
      "agents",
      "cursor",
      "codex",
      "gemini-cli",
      "github-copilot",
      "windsurf",
      "goose",
      "opencode",
    ])
      expect(clients.has(c as never)).toBe(true);
  });

  it("places Claude Desktop's roots per platform, Claude and Claude-3p", () => {
    expect(find(resolveLocationTable({ home: H, platform: "darwin", env: {} }), "claude-desktop")).toEqual([
      path.join(H, "Library/Application Support/Claude/local-agent-mode-sessions/skills-plugin"),
      path.join(H, "Library/Application Support/Claude-3p/local-agent-mode-sessions/skills-plugin"),
    ]);
    expect(find(resolveLocationTable({ home: H, platform: "win32", env: {} }), "claude-desktop")).toEqual([
      path.join(H, "AppData/Roaming/Claude/local-agent-mode-sessions/skills-plugin"),
      path.join(
        H,
        "AppData/Local/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/local-agent-mode-sessions/skills-plugin",
      ),
      path.join(H, "AppData/Roaming/Claude-3p/local-agent-mode-sessions/skills-plugin"),
      path.join(
        H,
        "AppData/Local/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude-3p/local-agent-mode-sessions/skills-plugin",
      ),
    ]);
    expect(
      find(resolveLocationTable({ home: H, platform: "linux", env: { XDG_CONFIG_HOME: "/cfg" } }), "claude-desktop"),
    ).toEqual([
      path.resolve("/cfg/Claude/local-agent-mode-sessions/skills-plugin"),
      path.resolve("/cfg/Claude-3p/local-agent-mode-sessions/skills-plugin"),
    ]);
  });

  it("honours CLAUDE_CONFIG_DIR, CODEX_HOME, XDG_CONFIG_HOME, APPDATA and LOCALAPPDATA", () => {
    const rows = resolveLocationTable({
      home: H,
      platform: "win32",
      env: {
        CLAUDE_CONFIG_DIR: "/cc",
        CODEX_HOME: "/cx",
        XDG_CONFIG_HOME: "/xdg",
        APPDATA: "/roam",
        LOCALAPPDATA: "/local",
      },
    });
    expect(find(rows, "claude-code", "Claude Code")).toEqual([path.resolve("/cc/skills")]);
    expect(find(rows, "codex")).toEqual([path.resolve("/cx/skills")]);
    expect(find(rows, "opencode")).toEqual([path.resolve("/xdg/opencode/skills")]);
    expect(find(rows, "goose")).toEqual([
      path.resolve("/roam/Block/goose/config/skills"),
      path.resolve("/xdg/goose/skills"),
    ]);
    expect(find(rows, "claude-desktop")[1]).toBe(
      path.resolve(
        "/local/Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/local-agent-mode-sessions/skills-plugin",
      ),
    );
    const plain = resolveLocationTable({ home: H, platform: "linux", env: { CLAUDE_CONFIG_DIR: "" } });
    expect(find(plain, "claude-code", "Claude Code")).toEqual([path.join(H, ".claude/skills")]);
    expect(find(plain, "agents")).toEqual([path.join(H, ".agents/skills"), path.join(H, ".config/agents/skills")]);
  });

  it("looks for the skills lock under $XDG_STATE_HOME/skills first, then ~/.agents", () => {
    expect(skillLockCandidates({ home: H, env: {} })).toEqual([path.join(H, ".agents/.skill-lock.json")]);
    expect(skillLockCandidates({ home: H, env: { XDG_STATE_HOME: "/state" } })).toEqual([
      path.resolve("/state/skills/.skill-lock.json"),
      path.join(H, ".agents/.skill-lock.json"),
    ]);
  });
});
