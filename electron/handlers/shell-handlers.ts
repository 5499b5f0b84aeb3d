// The shell concern: reveal, open and browse only what the user was shown — real paths inside the catalog's skill and
// plugin folders (or author mode's), text files opened as text and everything else revealed, and parsed http(s) URLs.
import { decideOpen } from "../engine/open/open-policy";
import type { CommandHandlers, OpenResult } from "../../shared/ipc";
import { safeExternalUrl } from "../../shared/ui-links";
import type { SessionShared } from "./session-shared";
import { EngineError } from "../engine/errors";

/** The shell concern. */
export interface ShellConcern {
  handlers: Pick<CommandHandlers, "shell:reveal" | "shell:open-in-editor" | "shell:open-external">;
}

/** Creates the shell concern. */
export function createShellHandlers(shared: SessionShared): ShellConcern {
  const { state } = shared;
  const { desktop } = shared.context;

  /** The real path of p inside a skill or plugin folder of the catalog or author mode, or a refusal. */
  async function requireCatalogPath(p: string): Promise<string> {
    const real = await state.realPathInCatalog(p);
    if (real === null)
      throw new EngineError(
        "app.refused",
        "That path is not part of the catalog: it is not inside a skill or plugin folder of the catalog or of the folder opened in author mode (links leading elsewhere are not followed).",
      );
    return real;
  }

  async function openFile(p: string): Promise<OpenResult> {
    const decision = await decideOpen(await requireCatalogPath(p), process.platform);
    try {
      if (decision.action === "open-as-text") {
        await desktop.openInEditor(decision.path);
        return { action: "opened-as-text", path: decision.path };
      }
      await desktop.reveal(decision.path);
      return { action: "revealed", path: decision.path, reason: decision.reason };
    } catch (error) {
      throw new EngineError(
        "app.refused",
        error instanceof Error ? error.message : `${decision.path} could not be opened.`,
      );
    }
  }

  return {
    handlers: {
      "shell:reveal": async (p) => {
        const real = await requireCatalogPath(p);
        await desktop.reveal(real).catch((error: unknown) => {
          throw new EngineError("app.refused", error instanceof Error ? error.message : `${real} could not be shown.`);
        });
      },
      "shell:open-in-editor": async (p) => openFile(p),
      "shell:open-external": async (url) => {
        const safe = safeExternalUrl(url);
        return safe === null ? false : desktop.openExternal(safe);
      },
    },
  };
}
