// Turns a skill-meta tool's JSON into what the protocol lets a client use: schema-validated, protocol
// version routed (rule 4), unknown update_command_kind read as manual_ui (§Versioning).
import { isPlainObject } from "../plugin/diagnostics";
import { validateSkillMeta, type SchemaIssue, type SkillMetaResponse } from "../schemas";
import { SUPPORTED_PROTOCOL_VERSION } from "./protocol-tables";

/** One tool answer, after the protocol's rules 2-4. */
export type MetaAnswer =
  | { kind: "ok"; response: SkillMetaResponse; unknownCommandKind?: string }
  | { kind: "doc-only"; protocolVersion: unknown; updateDocUrl: string }
  | { kind: "malformed"; reason: string; errors: string[] }
  | { kind: "failed"; reason: string }
  /** Past a cap (the whole result, update_command or a URL): unusable, and the reason goes into the update state. */
  | { kind: "too-large"; reason: string };

const issues = (errors: SchemaIssue[]): string[] => errors.map((e) => `${e.path || "/"} ${e.message}`);

const KNOWN_KINDS = new Set(["shell", "manual_ui"]);
const IMMORTAL_FIELDS = ["skill_version_latest", "client_detected", "update_doc_url"] as const;

/**
 * Longest update_command used (a longer one is not shown, nor offered to run).
 * Exported for tests: they build commands at and past it.
 */
export const MAX_UPDATE_COMMAND_LENGTH = 1000;
/** Longest URL used from an answer. Exported for tests: they build addresses at and past it. */
export const MAX_URL_LENGTH = 2048;
const URL_FIELDS = ["update_doc_url", "release_notes_url"] as const;

/** Why an answer's fields are past their caps, or null. */
function oversizedField(payload: Record<string, unknown>): string | null {
  const command = payload.update_command;
  if (typeof command === "string" && command.length > MAX_UPDATE_COMMAND_LENGTH) {
    return `The update server's update_command is ${command.length.toLocaleString("en-US")} characters long, over the ${MAX_UPDATE_COMMAND_LENGTH.toLocaleString("en-US")}-character limit, so its answer was not used.`;
  }
  for (const field of URL_FIELDS) {
    const url = payload[field];
    if (typeof url === "string" && url.length > MAX_URL_LENGTH)
      return `The update server's ${field} is longer than ${MAX_URL_LENGTH.toLocaleString("en-US")} characters, so its answer was not used.`;
  }
  return null;
}

/** Applies the field caps, the schema and the version routing to a parsed tool payload. */
export function interpretMetaPayload(payload: unknown): MetaAnswer {
  if (!isPlainObject(payload)) return { kind: "malformed", reason: "the answer is not a JSON object", errors: [] };
  const oversized = oversizedField(payload);
  if (oversized) return { kind: "too-large", reason: oversized };
  if (payload.protocol_version !== SUPPORTED_PROTOCOL_VERSION) {
    const immortal: Record<string, unknown> = { protocol_version: SUPPORTED_PROTOCOL_VERSION };
    for (const field of IMMORTAL_FIELDS) if (field in payload) immortal[field] = payload[field];
    const check = validateSkillMeta(immortal);
    if (!check.ok)
      return {
        kind: "malformed",
        reason: "a newer-protocol answer lacks the fields every version must keep",
        errors: issues(check.errors),
      };
    return {
      kind: "doc-only",
      protocolVersion: payload.protocol_version,
      updateDocUrl: payload.update_doc_url as string,
    };
  }
  const kind = payload.update_command_kind;
  const unknownKind = typeof kind === "string" && !KNOWN_KINDS.has(kind) ? kind : undefined;
  const normalised = unknownKind ? { ...payload, update_command_kind: "manual_ui" } : payload;
  const check = validateSkillMeta(normalised);
  if (!check.ok)
    return {
      kind: "malformed",
      reason: "the answer does not follow the skill-meta v1 schema",
      errors: issues(check.errors),
    };
  const response = check.value;
  return unknownKind ? { kind: "ok", response, unknownCommandKind: unknownKind } : { kind: "ok", response };
}
