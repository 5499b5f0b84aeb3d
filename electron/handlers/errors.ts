// The one error type handlers throw on purpose (its message is written for the user and is shown as is), and the one
// answer envelope both transports send: the value, or the message and cause of what went wrong.
import type { IpcFailure, IpcReply } from "../../shared/ipc";
import type { FailureCause } from "../../shared/model";
import { SerializedJson } from "../../shared/serialized-json";
import { isLargeAnswer, jsonInTurns } from "./json-in-turns";
import { packedAnswerJson } from "./catalog-json";
import type { CatalogPacking } from "../../shared/catalog-wire";

/** A refusal the renderer may show as is (a path it may not touch, a missing folder, a setting that cannot be used). */
export class HandlerError extends Error {
  override name = "HandlerError";
  constructor(
    message: string,
    /** Why, for a page that acts on it (a locked copy, a task that is gone). */
    readonly failure: FailureCause = "refused",
  ) {
    super(message);
  }
}

/** What the page is told of any error a handler threw: its own words when meant for the user, else a generic line. */
export function failureOf(error: unknown): IpcFailure {
  if (error instanceof HandlerError) return { message: error.message, cause: error.failure };
  return { message: `Something went wrong: ${(error as Error)?.message ?? String(error)}`, cause: "unknown" };
}

/**
 * Runs a handler call and answers in the envelope both transports use (Electron's IPC and the web host); a long answer
 * is sent as JSON bytes made in turns, a catalog command's (`packing`, from PACKED_REPLIES) in its packed form.
 */
export async function replyOf(call: () => Promise<unknown>, packing?: CatalogPacking): Promise<IpcReply> {
  try {
    const value = await call();
    if (value instanceof SerializedJson)
      return { ok: true, json: [...value.pieces], ...(value.packing ? { packing: value.packing } : {}) };
    // A catalog goes packed (one row per skill): fewer bytes for the page to receive and parse.
    if (packing && typeof value === "object")
      return { ok: true, json: await packedAnswerJson(value, packing), packing };
    // Any other long answer (a validation, a list of updates) goes as JSON made in turns, never one long stringify.
    if (isLargeAnswer(value)) return { ok: true, json: await jsonInTurns(value) };
    return value === undefined ? { ok: true } : { ok: true, value };
  } catch (error) {
    return { ok: false, error: failureOf(error) };
  }
}
