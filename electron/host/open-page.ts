// The file a browser opens to sign in to the web host, as Jupyter does: a redirect page readable only by this user
// (0600, in a 0700 folder this user owns), so no key or code is ever on a command line or in a logged address.
import { chmod, lstat, mkdir, unlink } from "node:fs/promises";
import { writeFileAtomic } from "../engine/fs/write";

/** Why the private folder cannot be used, in a sentence. */
export class OpenPageError extends Error {
  override name = "OpenPageError";
}

const ownUid = (): number | null => (typeof process.getuid === "function" ? process.getuid() : null);

/**
 * Makes `dir` (and its missing parents) a folder only this user can enter: created 0700, or, when it exists, a real
 * folder (not a link) owned by this user, narrowed to 0700. Refuses a folder another user owns.
 */
export async function privateFolder(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory())
    throw new OpenPageError(`${dir} is not a folder (a link or a file is there), so the sign-in page is not written.`);
  const uid = ownUid();
  if (uid !== null && info.uid !== uid)
    throw new OpenPageError(`${dir} belongs to another user, so the sign-in page is not written there.`);
  if (uid !== null && (info.mode & 0o077) !== 0) await chmod(dir, 0o700);
  return dir;
}

/** The redirect page: it sends the browser to the page's address, whose fragment holds the one-time code. */
export function openPageHtml(pageUrl: string): string {
  const href = pageUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return [
    "<!doctype html>",
    '<meta charset="utf-8">',
    '<meta name="referrer" content="no-referrer">',
    `<meta http-equiv="refresh" content="0;url=${href}">`,
    "<title>Opening Skillshelf</title>",
    `<p>Opening <a href="${href}">Skillshelf</a>… This page signs this browser in once; keep it private.</p>`,
    "",
  ].join("\n");
}

/** Writes the redirect page to `file` atomically, readable and writable by this user only (0600). */
export async function writeOpenPage(file: string, pageUrl: string): Promise<void> {
  await writeFileAtomic(file, openPageHtml(pageUrl), { mode: 0o600 });
}

/** Removes the page when the host stops (a missing file is fine). */
export async function removeOpenPage(file: string): Promise<void> {
  await unlink(file).catch(() => undefined);
}
