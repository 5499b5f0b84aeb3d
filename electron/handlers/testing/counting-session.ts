// A web-host handler session over the real engine whose scans count the skills they read (through onSkillRead), for
// tests that show what a cache spared.
import type { ScanOptions } from "../../engine/discovery/types";
import { createEngine } from "../engine";
import { createHandlerSession, type HandlerSession } from "../handlers";
import type { HandlerContext } from "../context";
import { INERT_DESKTOP } from "./inert-desktop";

/** The session and the folders its scans read, in order. */
export function countingSession(
  scanOptions: ScanOptions,
  options: Pick<HandlerContext, "liveCatalog" | "settingsFile" | "log"> = {},
): { session: HandlerSession; reads: string[] } {
  const reads: string[] = [];
  const engine = createEngine(scanOptions);
  const session = createHandlerSession({
    host: "web",
    scanOptions,
    desktop: INERT_DESKTOP,
    emit: () => undefined,
    engine: { ...engine, scan: (opts) => engine.scan({ ...opts, onSkillRead: (dir) => reads.push(dir) }) },
    ...options,
  });
  return { session, reads };
}
