// What writev(2) is given and what a short write leaves, for both writers (the async one in write.ts and the
// synchronous cache writer), so neither keeps its own copy of the arithmetic.

/** How many pieces one writev(2) call takes (POSIX guarantees IOV_MAX of at least 16; Linux and macOS take 1,024). */
export const PIECES_PER_WRITEV = 1024;

/** The pieces still to write after writev wrote `written` bytes of `pieces`; a call that wrote nothing is EIO. */
export function piecesLeft(pieces: readonly Uint8Array[], written: number): Uint8Array[] {
  if (written <= 0) throw Object.assign(new Error("writev wrote nothing"), { code: "EIO" });
  let done = 0;
  while (done < pieces.length && written >= pieces[done]!.length) written -= pieces[done++]!.length;
  const rest = pieces.slice(done);
  if (written > 0) rest[0] = rest[0]!.subarray(written);
  return rest;
}
