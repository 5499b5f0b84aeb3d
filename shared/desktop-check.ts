// "Would Claude Desktop accept this?": the answer of `pack --for claude-desktop`'s checks, without writing an archive.
import type { Diagnostic } from "./model";

/** Whether Desktop's upload would accept the skill, and why not. */
export interface DesktopCheck {
  accepted: boolean;
  /** The name the uploaded skill would have (the archive's folder). */
  name: string | null;
  /** Errors are the reasons it would be refused; warnings and notes are shown with them. */
  diagnostics: Diagnostic[];
  /** Top-level keys a packed copy moves under `metadata:` so the upload accepts them (the folder is unchanged). */
  moved: string[];
}
