// The one error type handlers throw on purpose: its message is written for the user and is shown as is.

/** A refusal the renderer may show as is (a path it may not touch, a missing folder, a setting that cannot be used). */
export class HandlerError extends Error {
  override name = "HandlerError";
}
