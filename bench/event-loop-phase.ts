// One event-loop phase in a fresh process: the handlers wired exactly as `skillshelf serve` wires them (its scan
// options, worker and engine), and perf_hooks.monitorEventLoopDelay running while they work:
// `event-loop-phase.ts scan HOME WORKER-SCRIPT|-` (catalog:scan of a generated home, answered as a transport answers) or
// `event-loop-phase.ts hash SKILL-DIR WORKER-SCRIPT|-` (the update check's folder hashes of one big skill),
// `event-loop-phase.ts check HOME WORKER-SCRIPT|- GITHUB-API` (catalog:scan, then updates:check of everything found,
// its content compare against the GitHub look-alike at GITHUB-API, as `serve --github-api` runs it), or
// `event-loop-phase.ts idle MS` (nothing at all: what the machine's load alone does to the figures).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createEngine } from "../electron/handlers/engine";
import { createHandlerSession } from "../electron/handlers/handlers";
import { webDesktopIntegration } from "../electron/host/desktop-fallback";
import { offThread } from "../electron/engine/off-thread/tasks";
import type { ScanOptions } from "../electron/engine/discovery/types";
import { replyOf } from "../electron/handlers/errors";
import { PACKED_REPLIES, unwrapReply, type IpcReply } from "../shared/ipc";
import type { ScanResult, UpdateInfo } from "../shared/model";

/** What one phase measured, printed as one JSON line on stdout (delays in ms). */
export interface LoopPhaseResult {
  ms: number;
  p50: number;
  p99: number;
  max: number;
  /** The longest a 10 ms timer (a stand-in for a polled request) fired late. */
  timerLateMax: number;
  detail: string;
}

const [, , mode, target, script, githubApi] = process.argv;
const workerScript = script && script !== "-" ? script : undefined;
/** The update check's cache in a folder of this run: every check asks the look-alike, none answers from a last run. */
const CACHE_DIR = await mkdtemp(path.join(tmpdir(), "skillshelf-loop-cache-"));
const ENV = {
  XDG_CONFIG_HOME: "",
  XDG_STATE_HOME: "",
  CLAUDE_CONFIG_DIR: "",
  CODEX_HOME: "",
  SKILLSHELF_CACHE_DIR: CACHE_DIR,
};

/** The scan options `serve` builds from its flags: the home, the platform and the built read worker beside it. */
function serveScanOptions(home: string): ScanOptions {
  return { home, platform: "linux", env: ENV, include: [], workerScript };
}

async function measured(work: () => Promise<string>): Promise<LoopPhaseResult> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  let timerLateMax = 0;
  let expected = performance.now() + 10;
  const timer = setInterval(() => {
    const now = performance.now();
    timerLateMax = Math.max(timerLateMax, now - expected);
    expected = now + 10;
  }, 10);
  histogram.enable();
  const start = performance.now();
  const detail = await work();
  const ms = performance.now() - start;
  histogram.disable();
  clearInterval(timer);
  const toMs = (ns: number) => ns / 1e6;
  return {
    ms,
    p50: toMs(histogram.percentile(50)),
    p99: toMs(histogram.percentile(99)),
    max: toMs(histogram.max),
    timerLateMax,
    detail,
  };
}

const session = (home: string) => {
  const scanOptions = serveScanOptions(home);
  return createHandlerSession({
    host: "web",
    scanOptions,
    desktop: webDesktopIntegration({}),
    emit: () => undefined,
    engine: createEngine(scanOptions, githubApi ? { githubApi } : {}),
  });
};

/** How the big skill's answer came out: the figure is honest only when its folder was really hashed and compared. */
function checkDetail(catalog: ScanResult, updates: UpdateInfo[]): string {
  const big = updates.find((u) => u.name === "big-skill");
  const answer = big
    ? `big-skill ${big.state} by ${big.source}, ${big.changedFiles?.length ?? 0} files differ, installed tree ${big.installedHash?.slice(0, 7) ?? "not hashed"}`
    : "no answer for big-skill";
  return `${catalog.skills.length} skills, ${updates.length} answers; ${answer}`;
}

process.env.SKILLSHELF_DATA_DIR ??= path.join(path.dirname(target!), ".skillshelf-data");
let result: LoopPhaseResult;
if (mode === "idle") {
  result = await measured(async () => {
    await new Promise((resolve) => setTimeout(resolve, Number(target)));
    return "nothing ran";
  });
} else if (mode === "scan") {
  const handlers = session(target!);
  let reply: IpcReply | null = null;
  result = await measured(async () => {
    // Through the envelope both transports send, packed as they send it, so turning the catalog into the page's answer
    // is measured too (its parsing is the page's work, done below, after the measurement).
    reply = await replyOf(() => handlers.handlers["catalog:scan"](), PACKED_REPLIES["catalog:scan"]);
    return "";
  });
  const catalog = unwrapReply(reply) as ScanResult;
  result.detail = `${catalog.skills.length} skills, ${catalog.skills.filter((s) => !s.valid).length} invalid, answered as ${reply && "json" in reply ? `${"packing" in reply ? "packed " : ""}JSON made in turns` : "a value"}`;
  await handlers.dispose();
} else if (mode === "check") {
  const handlers = session(target!);
  let scanReply: IpcReply | null = null;
  let checkReply: IpcReply | null = null;
  // The check's own share, beside the figure over both: which of the two holds the thread.
  const checkAlone = monitorEventLoopDelay({ resolution: 5 });
  result = await measured(async () => {
    // Each answered as the web host answers its route (the same envelope Electron's IPC sends).
    scanReply = await replyOf(() => handlers.handlers["catalog:scan"](), PACKED_REPLIES["catalog:scan"]);
    checkAlone.enable();
    checkReply = await replyOf(() => handlers.handlers["updates:check"](true), PACKED_REPLIES["updates:check"]);
    checkAlone.disable();
    return "";
  });
  const alone = `the check alone: p99 ${(checkAlone.percentile(99) / 1e6).toFixed(1)} ms, max ${(checkAlone.max / 1e6).toFixed(1)} ms`;
  result.detail = `${checkDetail(unwrapReply(scanReply) as ScanResult, unwrapReply(checkReply) as UpdateInfo[])}; ${alone}`;
  await handlers.dispose();
} else {
  const dir = target!;
  // The worker the handlers' engine uses is set up by createEngine, as in the host.
  createEngine(serveScanOptions(path.dirname(dir)));
  result = await measured(async () => {
    // The update check's content compare: the installed folder's git tree, the installer's SHA-256 of it, and the
    // content hash discovery records, each through the entry point the engine calls.
    const [tree, installer, folder] = await Promise.all([
      offThread("gitTree", dir),
      offThread("installerHashes", dir),
      offThread("folderHash", dir),
    ]);
    return `${tree.files.size} files as a git tree, ${installer ? "and" : "not"} as the installer's hash, ${folder.files} in the folder hash`;
  });
}
await rm(CACHE_DIR, { recursive: true, force: true });
process.stdout.write(JSON.stringify(result) + "\n");
process.exit(0);
