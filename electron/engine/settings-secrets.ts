// How the settings file keeps secrets (the GitHub token, header values): through a codec the host injects — Electron's
// safeStorage in the app (refused, with the reason, where it cannot encrypt), plain text in a 0600 file for the web
// host and the CLI. A sealed value names its scheme, so a reader without that codec says so instead of guessing.
import { isPlainObject } from "./plugin/diagnostics";

/** Encrypts and decrypts secret strings for the settings file. */
export interface SecretCodec {
  /** Written with every sealed value ("plain" values are stored as they are). */
  readonly scheme: string;
  /** Null when secrets can be kept; otherwise why not, as a sentence. */
  unavailable(): string | null;
  encode(value: string): string;
  /** Throws when the stored text cannot be decrypted. */
  decode(stored: string): string;
}

/** Plain text: the web host and the CLI, whose settings file is readable by its owner only (0600). */
export const PLAINTEXT_CODEC: SecretCodec = {
  scheme: "plain",
  unavailable: () => null,
  encode: (v) => v,
  decode: (v) => v,
};

const PREFIX = "skillshelf-secret:";

/** The stored form of one secret. */
export function sealSecret(codec: SecretCodec, value: string): string {
  return codec.scheme === "plain" ? value : `${PREFIX}${codec.scheme}:${codec.encode(value)}`;
}

/** One stored secret read back, or why it cannot be (never quoting it). */
function openSecret(codec: SecretCodec, stored: string): { value: string } | { problem: string } {
  if (!stored.startsWith(PREFIX)) return { value: stored };
  const rest = stored.slice(PREFIX.length);
  const colon = rest.indexOf(":");
  const scheme = colon < 0 ? "" : rest.slice(0, colon);
  if (scheme !== codec.scheme || codec.scheme === "plain")
    return { problem: "it was encrypted by the Skillshelf app, which is the only place it can be read" };
  try {
    return { value: codec.decode(rest.slice(colon + 1)) };
  } catch {
    return { problem: "it could not be decrypted on this computer (the system keychain may have changed)" };
  }
}

/** The parsed settings file with its secrets opened; secrets that cannot be opened are left out and reported. */
export function openSettingsSecrets(raw: unknown, codec: SecretCodec): { raw: unknown; problems: string[] } {
  if (!isPlainObject(raw)) return { raw, problems: [] };
  const problems: string[] = [];
  const out: Record<string, unknown> = { ...raw };
  if (typeof raw.githubToken === "string") {
    const opened = openSecret(codec, raw.githubToken);
    if ("value" in opened) out.githubToken = opened.value;
    else {
      delete out.githubToken;
      problems.push(`The saved GitHub token is not used: ${opened.problem}. Enter it again in Settings.`);
    }
  }
  if (Array.isArray(raw.servers)) {
    out.servers = raw.servers.map((server, i) => {
      if (!isPlainObject(server) || !isPlainObject(server.headers)) return server;
      const headers: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(server.headers)) {
        if (typeof value !== "string") {
          headers[name] = value;
          continue;
        }
        const opened = openSecret(codec, value);
        if ("value" in opened) headers[name] = opened.value;
        else
          problems.push(
            `A header of server ${i + 1} is not used: ${opened.problem}. Add the server again in Settings.`,
          );
      }
      return { ...server, headers };
    });
  }
  return { raw: out, problems };
}

/** Whether the settings hold any secret at all. */
export function holdsSecrets(settings: {
  githubToken?: string;
  servers: Array<{ headers?: Record<string, string> }>;
}): boolean {
  return settings.githubToken !== undefined || settings.servers.some((s) => Object.keys(s.headers ?? {}).length > 0);
}
