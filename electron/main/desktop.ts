// Desktop integration for the handlers in Electron: the file manager, a text editor for text files, the browser and
// the native folder picker. Files are never handed to shell.openPath, which would run a program.
import type { BrowserWindow, Dialog, MessageBoxOptions, Shell } from "electron";
import { formatCommandLine, type StdioServer } from "../../shared/stdio-servers";
import { escapeControl } from "../../shared/terminal-text";
import { openAsText, spawnProgram, type Spawner } from "../engine/open/opener";
import type { DesktopIntegration } from "../handlers/context";
import { openExternalSafely } from "./security";

/** Builds the DesktopIntegration main passes to the handlers, from Electron's shell and dialog. */
export function electronDesktopIntegration(deps: {
  shell: Pick<Shell, "showItemInFolder" | "openExternal">;
  dialog: Pick<Dialog, "showOpenDialog" | "showMessageBox">;
  getWindow: () => BrowserWindow | null;
  /** Starts the text editor (the real spawner unless a test injects its own). */
  spawn?: Spawner;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}): DesktopIntegration {
  const opener = {
    platform: deps.platform ?? process.platform,
    env: deps.env ?? process.env,
    spawn: deps.spawn ?? spawnProgram,
  };
  /** Shows a consent dialog (on the window when there is one) and says whether its second button was chosen. */
  const approves = async (options: MessageBoxOptions): Promise<boolean> => {
    const window = deps.getWindow();
    const result =
      window && !window.isDestroyed()
        ? await deps.dialog.showMessageBox(window, options)
        : await deps.dialog.showMessageBox(options);
    return result.response === 1;
  };
  return {
    async reveal(target) {
      deps.shell.showItemInFolder(target);
    },
    openInEditor: (target) => openAsText(target, opener),
    openExternal: (url) => openExternalSafely(deps.shell, url),
    async pickFolder() {
      const window = deps.getWindow();
      const options = {
        title: "Open a skill or plugin folder",
        buttonLabel: "Open",
        properties: ["openDirectory" as const],
      };
      const result =
        window && !window.isDestroyed()
          ? await deps.dialog.showOpenDialog(window, options)
          : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async pickAddSource(kind) {
      const window = deps.getWindow();
      const options = addSourceDialog(kind);
      const result =
        window && !window.isDestroyed()
          ? await deps.dialog.showOpenDialog(window, options)
          : await deps.dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    confirmStdioServers: async (servers) => approves(stdioConsentDialog(servers)),
    confirmRecipe: async (skillName, command) => approves(recipeConsentDialog(skillName, command)),
    confirmProgramSource: async (source) => approves(programSourceDialog(source)),
  };
}

/** The open dialog of Add: a folder, or an archive of the kinds Add reads (Linux and Windows cannot offer both at once). */
function addSourceDialog(kind: "folder" | "archive") {
  return kind === "folder"
    ? { title: "Add a skill from a folder", buttonLabel: "Add", properties: ["openDirectory" as const] }
    : {
        title: "Add a skill from an archive",
        buttonLabel: "Add",
        properties: ["openFile" as const],
        filters: [{ name: "Skill archives", extensions: ["zip", "skill", "gz", "tgz"] }],
      };
}

/** The native dialog that asks to run an update command: the exact command, escaped, nothing hidden. */
function recipeConsentDialog(skillName: string, command: string) {
  return {
    type: "warning" as const,
    title: "Run the update command?",
    message: `Run this command through your shell to update "${escapeControl(skillName)}"?`,
    detail: `The skill's update server gives this command. Skillshelf runs it exactly as written below, on this computer, with your permissions. Run it only if you trust it.\n\n${escapeControl(command)}`,
    buttons: ["Don't run", "Run it"],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/** The native dialog that asks to run git for an Add: the exact address, escaped. */
function programSourceDialog(source: string) {
  return {
    type: "warning" as const,
    title: "Run git for this address?",
    message: "Allow Skillshelf to run git to get skills from this address?",
    detail: `git runs on this computer with your permissions and your keys (ssh, saved passwords), and connects to the address below. Allow it only if you asked to add from it.\n\n${escapeControl(source)}`,
    buttons: ["Don't run", "Run git"],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}

/** The native dialog that asks to start local servers: each exact command, where it is configured, nothing hidden. */
function stdioConsentDialog(servers: StdioServer[]) {
  const lines = servers.map((s, i) =>
    [
      `${i + 1}. ${escapeControl(s.name)} — from ${escapeControl(s.configFile)}`,
      `   ${formatCommandLine(s.command, s.args)}`,
      ...(s.cwd ? [`   in ${escapeControl(s.cwd)}`] : []),
      ...(s.envNames.length ? [`   with ${s.envNames.map((n) => escapeControl(n)).join(", ")} set`] : []),
    ].join("\n"),
  );
  return {
    type: "warning" as const,
    title: "Start local servers?",
    message:
      servers.length === 1
        ? "Allow Skillshelf to start this program to ask it for skill updates?"
        : `Allow Skillshelf to start these ${servers.length} programs to ask them for skill updates?`,
    detail: `Your AI apps' settings name these local (stdio) servers. Skillshelf starts each one as written below, on this computer, with your permissions. Allow only programs you trust. If a command changes later, Skillshelf asks again.\n\n${lines.join("\n\n")}`,
    buttons: ["Don't allow", servers.length === 1 ? "Allow" : `Allow all ${servers.length}`],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
}
