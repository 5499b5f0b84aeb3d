// The GitHub look-alike the event-loop bench's update check asks, in a process of its own (its tree hashing and JSON
// answers stay off the measured event loop): `github-lookalike.ts OWNER/REPO FOLDER` serves FOLDER as the repository's
// default branch, prints `{"url": …}` as one line, and stops when its stdin closes.
import { startReleaseServer } from "../test-support/servers/release-server";

const [, , repo, dir] = process.argv;
const server = await startReleaseServer();
await server.trees.setRepo(repo!, { dir: dir! });
process.stdout.write(JSON.stringify({ url: server.url }) + "\n");
process.stdin.resume();
process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
