// Reads a network answer's body with a byte cap while it streams: past the cap the stream is cancelled, so a server
// cannot make the app hold (or wait for) more than the cap, whatever it declares or sends.

/** Release API answers larger than this are not read (a real "latest release" answer is a few KiB). */
export const MAX_RELEASE_BODY_BYTES = 1024 * 1024;

/** The body as bytes, or "too-large" once more than `maxBytes` arrived (or were declared). */
export type CappedBytes = { ok: true; bytes: Buffer } | { ok: false; reason: "too-large"; maxBytes: number };

/** The body as text, or "too-large" once more than `maxBytes` arrived (or were declared). */
export type CappedText = { ok: true; text: string } | { ok: false; reason: "too-large"; maxBytes: number };

/** Reads `response`'s body, cancelling it as soon as it passes `maxBytes` (or declares more). */
export async function readCappedBytes(response: Response, maxBytes: number): Promise<CappedBytes> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return { ok: false, reason: "too-large", maxBytes };
  }
  if (!response.body) return { ok: true, bytes: Buffer.alloc(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: "too-large", maxBytes };
    }
    chunks.push(value);
  }
  return { ok: true, bytes: Buffer.concat(chunks, size) };
}

/** Reads `response`'s body as UTF-8 text, cancelling it as soon as it passes `maxBytes`. */
export async function readCappedText(response: Response, maxBytes: number): Promise<CappedText> {
  const read = await readCappedBytes(response, maxBytes);
  return read.ok ? { ok: true, text: read.bytes.toString("utf8") } : read;
}

/** A byte count in KiB or MiB for a sentence ("1 MiB", "64 KiB"). */
export function capWords(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / (1024 * 1024)} MiB`
    : `${Math.round(bytes / 1024)} KiB`;
}
