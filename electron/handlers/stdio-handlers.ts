// The stdio consent commands: list the local servers, and approve them the way the host allows — main's native
// dialog in Electron (the page can only ask for it), the page's list naming a host-produced id in the web host.
import type { CommandHandlers, StdioServerList } from "../../shared/ipc";
import type { ScanOptions } from "../engine/discovery/types";
import { stdioApprovalsFile } from "../engine/updates/stdio-consent";
import type { DesktopIntegration } from "./context";
import { EngineError } from "../engine/errors";
import { formatCommandLine } from "../../shared/stdio-servers";
import { findSessionEndpoints } from "./server-handlers";
import { StdioConsentState } from "./stdio-consent-state";

type StdioHandlers = Pick<CommandHandlers, "stdio:list" | "stdio:review" | "stdio:approve" | "stdio:revoke">;

/** The consent state for a session: approvals beside the settings file, commands from the same configs the check reads. */
export function createStdioConsent(options: {
  settingsFile: string;
  scanOptions: ScanOptions;
  pluginRoots: () => string[];
  desktop: DesktopIntegration;
}): StdioConsentState {
  const find = async () => (await findSessionEndpoints(options.scanOptions, options.pluginRoots())).stdio;
  return new StdioConsentState(
    stdioApprovalsFile(options.settingsFile),
    find,
    options.desktop.confirmStdioServers ? "dialog" : "page",
  );
}

/** The four stdio commands over one consent state. */
export function createStdioHandlers(consent: StdioConsentState, desktop: DesktopIntegration): StdioHandlers {
  /** The dialog being shown: a second request while it is open gets its answer instead of a second dialog. */
  let reviewing: Promise<StdioServerList> | null = null;
  const review = async (confirm: NonNullable<DesktopIntegration["confirmStdioServers"]>): Promise<StdioServerList> => {
    const list = await consent.list();
    const pending = list.servers.filter((s) => !s.approved);
    if (pending.length === 0) return list;
    return (await confirm(pending)) ? consent.approve(pending.map((s) => s.id)) : list;
  };
  return {
    "stdio:list": async () => consent.list(),
    "stdio:review": async () => {
      const confirm = desktop.confirmStdioServers;
      if (!confirm)
        throw new EngineError(
          "app.refused",
          "Here, each local server is approved on its own: use Approve beside it in the list.",
        );
      reviewing ??= review(confirm).finally(() => {
        reviewing = null;
      });
      return reviewing;
    },
    "stdio:approve": async (id, code) => {
      if (desktop.confirmStdioServers)
        throw new EngineError(
          "app.refused",
          "In the app, local servers are approved in the dialog Skillshelf shows: use “Review local servers…”.",
        );
      const outside = desktop.outsideConsent;
      if (!outside)
        throw new EngineError(
          "app.refused",
          "Here local servers cannot be approved: start `skillshelf serve` in a terminal to approve them there.",
        );
      const list = await consent.list();
      const server = list.servers.find((s) => s.id === id);
      if (!server)
        throw new EngineError(
          "app.refused",
          "That local server is not in your apps' settings any more (or its command changed). Reload the list and check the command again.",
        );
      const where = `${server.cwd ? ` in ${server.cwd}` : ""} (from ${server.configFile})`;
      const purpose = `start the local server "${server.name}"${where} whenever updates are checked`;
      const answer = await outside.confirm(purpose, formatCommandLine(server.command, server.args), code ?? null);
      if (answer === "code-sent") return list;
      if (answer === "no")
        throw new EngineError(
          "app.refused",
          `"${server.name}" was not approved in the terminal, so it will not be started.`,
        );
      return consent.approve([id]);
    },
    "stdio:revoke": async (id) => consent.revoke(id),
  };
}
