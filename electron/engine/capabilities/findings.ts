// The capability rule set of one folder, read and turned into findings (loaded only by `validate --capabilities`).
import type { Diagnostic } from "../../../shared/model";
import { readCapabilities } from "./read";
import { capabilityDiagnostics } from "./rules";

/** The capability findings of the skill or plugin folder `dir`. */
export async function capabilityFindings(dir: string): Promise<Diagnostic[]> {
  return capabilityDiagnostics(await readCapabilities(dir), dir);
}
