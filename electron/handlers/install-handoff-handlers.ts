// The Desktop hand-off's commands: open or show the .skill file a task made, and wait for Claude Desktop to show it.
import type { CommandHandlers } from "../../shared/ipc";
import type { ArrivalView } from "../../shared/update-flow";
import type { ScanOptions } from "../engine/discovery/types";
import { openWithSystem, type DesktopHandoff } from "../engine/desktop-handoff/desktop-handoff";
import type { LifecycleService } from "../engine/lifecycle/service";
import type { DesktopIntegration } from "./context";
import { EngineError } from "../engine/errors";

type HandoffCommand = "update:open-handoff" | "update:reveal-handoff" | "update:wait-arrival";

/** The hand-off commands over the session's update service. */
export function createHandoffHandlers(options: {
  service: LifecycleService;
  desktop: DesktopIntegration;
  scanOptions: ScanOptions;
  arrivalTimeoutMs: number | undefined;
}): Pick<CommandHandlers, HandoffCommand> {
  const { service, desktop } = options;
  const { home, platform, env } = options.scanOptions;
  const handoffOf = (taskId: string): DesktopHandoff => {
    const handoff = service.handoffOf(taskId);
    if (!handoff) throw new EngineError("app.refused", "The .skill file for Claude Desktop has not been made yet.");
    return handoff;
  };
  return {
    "update:open-handoff": async (taskId) => {
      const archive = handoffOf(taskId).archive;
      // The web host never hands a file to the system's opener: the page offers it as a download instead.
      if (desktop.downloadsOnly)
        return {
          ok: false,
          message: `Here the file is not opened for you: download it, or open ${archive} yourself.`,
        };
      return openWithSystem(archive, { home, platform, env: env as NodeJS.ProcessEnv });
    },
    "update:reveal-handoff": async (taskId) => {
      const archive = handoffOf(taskId).archive;
      return desktop.reveal(archive).then(
        () => ({ ok: true, message: `Showed ${archive} in its folder.` }),
        (error: unknown) => ({
          ok: false,
          message: `${error instanceof Error ? error.message : "The folder could not be shown."} The file is ${archive}.`,
        }),
      );
    },
    "update:wait-arrival": async (taskId): Promise<ArrivalView> => {
      handoffOf(taskId);
      const result = await service.waitForArrival(taskId, { timeoutMs: options.arrivalTimeoutMs ?? 5 * 60_000 });
      if (result?.status === "arrived") return { status: "arrived", version: result.version, advice: [] };
      if (!result || result.status === "cancelled") return { status: "cancelled", version: null, advice: [] };
      if (result.status === "stale")
        return { status: "stale", version: result.version, message: result.message, advice: result.advice };
      return { status: "timeout", version: null, advice: result.advice };
    },
  };
}
