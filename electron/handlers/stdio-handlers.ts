// The stdio consent commands: list the local servers, and approve them the way the host allows — main's native
// dialog in Electron (the page can only ask for it), the page's list naming a host-produced id in the web host.
import type { CommandHandlers, StdioServerList } from "../../shared/ipc";
import type { ScanOptions } from "../engine/discovery/types";
import { stdioApprovalsFile } from "../engine/updates/stdio-consent";
import type { DesktopIntegration } from "./context";
import { HandlerError } from "./errors";
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
        throw new HandlerError("Here, each local server is approved on its own: use Approve beside it in the list.");
      reviewing ??= review(confirm).finally(() => {
        reviewing = null;
      });
      return reviewing;
    },
    "stdio:approve": async (id) => {
      if (desktop.confirmStdioServers)
        throw new HandlerError(
          "In the app, local servers are approved in the dialog Skillshelf shows: use “Review local servers…”.",
        );
      return consent.approve([id]);
    },
    "stdio:revoke": async (id) => consent.revoke(id),
  };
}
