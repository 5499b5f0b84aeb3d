// Whether an address answers as GitHub's REST API does: one GET of its root document ("GitHub API Root": GET /, on
// github.com as on GitHub Enterprise Server's /api/v3), with the token the checks would send, so Settings can say at
// once that a saved address is wrong instead of every later check failing.
import type { GithubAddressStatus } from "../../../shared/update-servers";
import { redactUrl } from "./endpoints";
import { githubGetJson, githubUrl } from "./github-http";

const TIMEOUT_MS = 10_000;
/** The root document is a few KiB. */
const MAX_BYTES = 64 * 1024;
const ENTERPRISE_HINT = "For GitHub Enterprise Server the address usually ends in /api/v3.";
const NOT_GITHUB = `It answered, but not as GitHub's API does. ${ENTERPRISE_HINT}`;
/**
 * No answer at all, worded for an address a person just typed: the checks' "offline" would send them to their network
 * when the address is the likelier fault.
 */
const NO_ANSWER = "Nothing answered at this address: check it for typos, and that this computer can reach it.";

/** True for GitHub's API root document: links to the API's resources, such as `current_user_url`. */
const isApiRoot = (body: unknown): boolean =>
  typeof body === "object" &&
  body !== null &&
  typeof (body as Record<string, unknown>).current_user_url === "string" &&
  typeof (body as Record<string, unknown>).repository_url === "string";

/** Asks `apiBase` for GitHub's API root with `token` (sent to that origin only); never throws. */
export async function probeGithubApi(apiBase: string, token: string | undefined): Promise<GithubAddressStatus> {
  const url = githubUrl(apiBase, "/");
  if (!url) return { state: "unreachable", address: "", reason: "The GitHub address is not a web address." };
  // As the page shows it: no credentials, query, fragment or closing slash.
  const address = redactUrl(url.href).replace(/\/+$/, "");
  const answer = await githubGetJson(url, { token, timeoutMs: TIMEOUT_MS, maxBytes: MAX_BYTES });
  if (answer.kind === "ok" || answer.kind === "not-modified")
    return answer.kind === "ok" && isApiRoot(answer.body)
      ? { state: "answering", address }
      : { state: "not-github", address, reason: NOT_GITHUB };
  if (answer.kind === "failed")
    return answer.cause === "not-json" || answer.cause === "too-large"
      ? { state: "not-github", address, reason: NOT_GITHUB }
      : { state: "unreachable", address, reason: answer.cause === "offline" ? NO_ANSWER : answer.reason };
  if (answer.rateLimited) return { state: "answering", address, note: answer.reason };
  if (answer.status === 401)
    return {
      state: "needs-token",
      address,
      reason: token
        ? "It refused the GitHub token: save a token made on this GitHub in Settings → GitHub token."
        : "It asks for a token: save one made on this GitHub in Settings → GitHub token.",
    };
  if (answer.status === 404)
    return {
      state: "not-github",
      address,
      reason: `Nothing there answers as GitHub's API (HTTP 404). ${ENTERPRISE_HINT}`,
    };
  return { state: "unreachable", address, reason: answer.reason };
}
