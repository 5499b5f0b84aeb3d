// Which addresses skills are fetched from: https, or plain http on this machine only (the rule archives follow).
import { isLoopbackHost } from "../fetch/download";

/** Why a server or site address is refused, or null when it may be fetched from. */
export function refusedServerUrl(raw: string): string | null {
  if (!URL.canParse(raw)) return `"${raw.slice(0, 200)}" is not an address.`;
  const url = new URL(raw);
  if (url.username || url.password) return "Addresses with a user name or password are not used.";
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname))) return null;
  return url.protocol === "http:"
    ? `Plain http is not safe for fetching skills (${url.host}); use an https address.`
    : `Only https addresses can be fetched from, not ${url.protocol.replace(/:$/, "")}.`;
}
