// The flags every command that asks update servers shares (`--server URL`, `--github-api URL`), parsed and checked once.
import { UsageError, listFlag, stringFlag, type CliArgs, type CliCommand, type CliIo } from "./command";

/** Option specs for parseArgs: spread into a command's options. */
export const sourceFlagOptions = {
  server: { type: "string", multiple: true },
  "github-api": { type: "string" },
} as const satisfies CliCommand["options"];

/** The usage text of those flags. */
export const SOURCE_FLAGS_USAGE = "[--server URL]... [--github-api URL]";

/** Whether `text` is an http(s) URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The skill-meta servers added on the command line and the `--github-api` flag (checked, with SKILLSHELF_GITHUB_API);
 * githubApiOf puts the flag before the setting and the environment.
 */
export function readSourceFlags(
  args: CliArgs,
  io: Pick<CliIo, "env">,
): { servers: string[]; githubApi: string | undefined } {
  const servers = listFlag(args, "server");
  for (const url of servers) if (!isHttpUrl(url)) throw new UsageError(`--server needs an http(s) URL, not "${url}".`);
  return { servers, githubApi: githubApiFlag(args, io) };
}

/** The `--github-api` flag, when given; a flag or SKILLSHELF_GITHUB_API that is not an http(s) URL is a usage error. */
export function githubApiFlag(args: CliArgs, io: Pick<CliIo, "env">): string | undefined {
  const flag = stringFlag(args, "github-api");
  for (const given of [flag, io.env.SKILLSHELF_GITHUB_API])
    if (given !== undefined && !isHttpUrl(given))
      throw new UsageError(`the GitHub API address "${given}" is not an http(s) URL.`);
  return flag;
}
