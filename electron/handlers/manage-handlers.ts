// Add, Remove (with Undo) and "Also use in…" for the app: adapters over the engine's manage module for the session's
// home; a refusal is an EngineError with the engine's sentence, and the catalog is scanned again after a change. An add
// to Claude Desktop is a hand-off: its .skill is kept by task id, and the update flow's arrival watcher waits for it.
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { CommandHandlers } from "../../shared/ipc";
import type { AddArrivalView } from "../../shared/manage";
import { dataDir as defaultDataDir } from "../engine/app-data/data-dir";
import { waitForDesktopArrival } from "../engine/desktop-handoff/desktop-arrival";
import type { DesktopHandoff } from "../engine/desktop-handoff/desktop-handoff";
import { addSkill } from "../engine/manage/add";
import { parseAddSource } from "../engine/manage/source";
import { planRemove, removeSkill, restoreRemoved } from "../engine/manage/remove";
import { shareSkill } from "../engine/manage/share";
import type { ScanPlatform } from "../engine/discovery/types";
import { githubApiOf } from "../engine/updates/sources";
import type { EventSink, OutsideConsent } from "./context";
import { EngineError } from "../engine/errors";
import { receiveUpload } from "./manage-upload";

type ManageHandlers = Pick<
  CommandHandlers,
  | "manage:add"
  | "manage:remove"
  | "manage:undo-remove"
  | "manage:share"
  | "manage:cancel-add"
  | "manage:pick-source"
  | "manage:wait-arrival"
>;

/** What the manage handlers need from the session. */
export interface ManageHandlerOptions {
  scanOptions: { home: string; platform: ScanPlatform; env: Record<string, string | undefined> };
  dataDir?: string;
  githubToken: () => Promise<string | undefined>;
  /** Called after anything was written, so the catalog shows it. */
  changed: () => void;
  /** Where an add's progress goes (task:progress). */
  emit?: EventSink;
  /** The host's open dialog for a folder or an archive (Electron); absent in the web host. */
  pickSource?: (kind: "folder" | "archive") => Promise<string | null>;
  /**
   * Asks the person, outside the page, whether git may run for this address (git, ssh and file .git sources run git
   * with the user's keys); absent: the page's git sources are refused. Local folders and archives need no question:
   * they are read, never run, whether picked, uploaded or typed.
   */
  confirmProgramSource?: (source: string) => Promise<boolean>;
  /** How long one wait for Claude Desktop lasts (default 5 minutes), and how often it looks (tests shorten both). */
  arrivalTimeoutMs?: number;
  arrivalPollMs?: number;
  /** Called after each look a wait for Claude Desktop takes (a test writes the upload then). */
  onArrivalCheck?: () => void;
}

/**
 * The manage handlers and what the host needs beside them (the upload route of the web host).
 * Exported for tests: they read the handlers and the upload route from it.
 */
export interface ManageSession {
  handlers: ManageHandlers;
  /** Streams an uploaded archive into staging; resolves with its path for manage:add. */
  receiveUpload(name: string, body: Readable, declaredBytes: number): Promise<string>;
  /** The .skill an add with this task id built for Claude Desktop (the web host offers it as a download), or null. */
  handoffFile(taskId: string): string | null;
  dispose(): Promise<void>;
}

/** The serve terminal's y/N question for a git source, or undefined where there is none (a code needs a page field). */
export function terminalSourceConsent(consent: OutsideConsent | undefined) {
  if (consent?.mode !== "terminal") return undefined;
  return async (source: string): Promise<boolean> =>
    (await consent.confirm(`add skills from ${source}`, `git clone --depth 1 -- ${source}`, null)) === "yes";
}

/** The manage commands over the session's home. */
export function createManageHandlers(options: ManageHandlerOptions): ManageSession {
  const { home, platform, env } = options.scanOptions;
  const processEnv = env as NodeJS.ProcessEnv;
  const dataDir = options.dataDir ?? defaultDataDir(processEnv, process.platform);
  const scope = { home, env: processEnv, dataDir };
  const after = <T>(dryRun: boolean, result: T): T => {
    if (!dryRun) options.changed();
    return result;
  };
  const running = new Map<string, AbortController>();
  const uploads = new Set<string>();
  const handoffs = new Map<string, DesktopHandoff>();
  const confirmed = new Set<string>();
  const confirmSource = async (source: string): Promise<void> => {
    if (parseAddSource(source, home).kind !== "git" || confirmed.has(source)) return;
    if (!options.confirmProgramSource)
      throw new EngineError(
        "app.refused",
        `Adding from a git address runs git on this computer with your keys, so this page cannot start it: run "skillshelf add ${source.slice(0, 200)}" in a terminal, or download the skill as an archive and upload it here.`,
      );
    if (!(await options.confirmProgramSource(source)))
      throw new EngineError("app.refused", "Nothing was added: running git for this address was not confirmed.");
    confirmed.add(source);
  };
  const handlers: ManageHandlers = {
    "manage:add": async (source, request) => {
      await confirmSource(source);
      const token = await options.githubToken();
      const controller = new AbortController();
      if (request.taskId) {
        running.get(request.taskId)?.abort();
        running.set(request.taskId, controller);
      }
      const taskId = request.taskId;
      const result = await addSkill(source, {
        ...scope,
        ...(request.project ? { project: request.project } : {}),
        cwd: home,
        platform,
        clients: request.clients.length ? request.clients : ["claude-code"],
        skills: request.skills,
        all: request.all,
        copy: request.copy,
        force: request.force,
        replace: request.replace,
        dryRun: request.dryRun,
        apiBase: githubApiOf({ env: processEnv }),
        ...(token ? { token } : {}),
        signal: controller.signal,
        ...(taskId && options.emit ? { taskId, onProgress: (p) => options.emit!("task:progress", p) } : {}),
      }).finally(() => {
        if (taskId && running.get(taskId) === controller) running.delete(taskId);
      });
      const handoff = result.skills.find((s) => s.handoff)?.handoff;
      if (taskId && handoff && !request.dryRun) handoffs.set(taskId, handoff);
      if (!request.dryRun && uploads.has(source)) {
        uploads.delete(source);
        await rm(path.dirname(source), { recursive: true, force: true });
      }
      return after(request.dryRun, result);
    },
    "manage:remove": async (name, request) => {
      const removeOptions = { ...scope, ...(request.clients?.length ? { clients: request.clients } : {}) };
      const plan = await planRemove(name, removeOptions);
      return request.dryRun ? plan : after(false, await removeSkill(plan, removeOptions));
    },
    "manage:undo-remove": async (name) => after(false, await restoreRemoved(name, scope)),
    "manage:share": async (name, request) => after(request.dryRun, await shareSkill(name, { ...scope, ...request })),
    "manage:cancel-add": async (taskId) => {
      running.get(taskId)?.abort();
    },
    "manage:wait-arrival": async (taskId) => {
      const handoff = handoffs.get(taskId);
      if (!handoff) throw new EngineError("app.refused", "This add made no .skill file for Claude Desktop.");
      running.get(taskId)?.abort();
      const controller = new AbortController();
      running.set(taskId, controller);
      const result = await waitForDesktopArrival({
        home,
        platform,
        env,
        name: handoff.name,
        version: handoff.version,
        contentHash: handoff.contentHash,
        timeoutMs: options.arrivalTimeoutMs ?? 5 * 60_000,
        pollMs: options.arrivalPollMs ?? 1000,
        signal: controller.signal,
        ...(options.onArrivalCheck ? { onCheck: options.onArrivalCheck } : {}),
      }).finally(() => {
        if (running.get(taskId) === controller) running.delete(taskId);
      });
      const view: AddArrivalView = {
        status: result.status,
        name: handoff.name,
        version: null,
        account: null,
        advice: [],
      };
      if (result.status === "arrived" || result.status === "stale") {
        view.version = result.version;
        view.account = path
          .relative(path.dirname(path.dirname(result.tree)), result.tree)
          .split(path.sep)
          .join("/");
      }
      if (result.status === "stale") view.message = result.message;
      if (result.status === "stale" || result.status === "timeout") view.advice = result.advice;
      if (result.status === "arrived") options.changed();
      return view;
    },
    "manage:pick-source": async (kind) => {
      if (!options.pickSource)
        throw new EngineError(
          "app.refused",
          "This window has no open dialog; choose the file with the page's file field.",
        );
      return options.pickSource(kind);
    },
  };
  return {
    handlers,
    receiveUpload: async (name, body, declaredBytes) => {
      const file = await receiveUpload(dataDir, name, body, declaredBytes, undefined, uploads);
      uploads.add(file);
      return file;
    },
    handoffFile: (taskId) => handoffs.get(taskId)?.archive ?? null,
    async dispose() {
      for (const controller of running.values()) controller.abort();
      for (const file of uploads) await rm(path.dirname(file), { recursive: true, force: true });
      uploads.clear();
    },
  };
}
