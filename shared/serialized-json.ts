// A large answer already in JSON (the stored catalog, read and checked off the answering thread): the hosts pass its
// bytes through as they are, so the thread that answers the page never parses or stringifies megabytes of it.

/** JSON bytes standing for a value of type T; only the engine's own checked output is wrapped. */
export class SerializedJson<T> {
  /** Never set: keeps T in the type, so a handler can only pass through the value its command answers. */
  declare readonly valueType?: T;
  constructor(readonly bytes: Uint8Array) {}

  /** The value (tests, and the rare caller in the same process that needs the object). */
  parse(): T {
    return JSON.parse(new TextDecoder().decode(this.bytes)) as T;
  }
}

/** The value of an answer that may have been passed through as JSON. Exported for tests: they read handlers' answers. */
export const answerValue = <T>(answer: T | SerializedJson<T>): T =>
  answer instanceof SerializedJson ? answer.parse() : answer;
