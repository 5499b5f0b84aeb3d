// The one answer envelope both transports send: the value, or the message and cause of what went wrong (an EngineError's
// message is written for the user and is shown as is).
import type { IpcFailure, IpcReply } from "../../shared/ipc";
import { EngineError } from "../engine/errors";
import { SerializedJson } from "../../shared/serialized-json";
import { isLargeAnswer, jsonInTurns } from "./json-in-turns";
import { packedAnswerJson } from "./catalog-json";
import type { CatalogPacking } from "../../shared/catalog-wire";

/**
 * What the page is told of any error a handler or host threw, the one place an error becomes the page's envelope: an
 * EngineError's own sentence and cause (the thrower's, else its code's), else a generic line. Exported for tests: they
 * hold every path to the same cause for the same code.
 */
export function failureOf(error: unknown): IpcFailure {
  if (error instanceof EngineError) return { message: error.message, cause: error.failure };
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
