// The flags every command that asks update servers shares (`--server URL`, `--github-api URL`), parsed and checked once.
import { githubApiOf } from "../engine/updates/sources";
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

/** The skill-meta servers added on the command line and the GitHub API to ask (flag, else SKILLSHELF_GITHUB_API). */
export function readSourceFlags(args: CliArgs, io: Pick<CliIo, "env">): { servers: string[]; githubApi: string } {
  const servers = listFlag(args, "server");
  for (const url of servers) if (!isHttpUrl(url)) throw new UsageError(`--server needs an http(s) URL, not "${url}".`);
  const githubApi = githubApiOf({ githubApi: stringFlag(args, "github-api"), env: io.env });
  if (!isHttpUrl(githubApi)) throw new UsageError(`the GitHub API address "${githubApi}" is not an http(s) URL.`);
  return { servers, githubApi };
}
