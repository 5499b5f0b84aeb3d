// The web host's desktop integration: text files opened with a text editor and paths shown in the file manager,
// each by starting the program directly (no shell); no dialogs, links opened by the page.
import { spawn } from "node:child_process";
import { openAsText, revealPath, spawnProgram, type Spawner } from "../engine/open/opener";
import type { DesktopIntegration, OutsideConsent } from "../handlers/context";

/** Starts a program without waiting for it or letting it hold the server's terminal. */
export type Launcher = (command: string, args: string[]) => void;

/** Launches a program detached (used to open the app's own URL in the browser). */
export const detachedLaunch: Launcher = (command, args) => {
  const child = spawn(command, args, { detached: true, stdio: "ignore" });
  child.on("error", () => undefined);
  child.unref();
};

/**
 * Desktop integration for the web host: runs only the action the handlers decided, never picks folders, and starts a
 * program the page asks for only after the person confirms it in the serve terminal (`outsideConsent`; absent: never).
 */
export function webDesktopIntegration(
  options: {
    platform?: NodeJS.Platform;
    env?: NodeJS.ProcessEnv;
    spawn?: Spawner;
    outsideConsent?: OutsideConsent;
  } = {},
): DesktopIntegration {
  const opener = {
    platform: options.platform ?? process.platform,
    env: options.env ?? process.env,
    spawn: options.spawn ?? spawnProgram,
  };
  return {
    reveal: (target) => revealPath(target, opener),
    openInEditor: (target) => openAsText(target, opener),
    openExternal: async () => true,
    pickFolder: async () => null,
    downloadsOnly: true,
    ...(options.outsideConsent ? { outsideConsent: options.outsideConsent } : {}),
  };
}
