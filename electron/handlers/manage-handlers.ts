// Add, Remove (with Undo) and "Also use in…" for the app: thin adapters over the session's lifecycle service (the
// same one updates use: one data folder, one recovery, one history, GitHub's address from one place). A refusal
// reaches the page with the engine's sentence, and the catalog is scanned again after a change. An add to Claude
// Desktop is a hand-off: its .skill is kept by task id, and the service waits for it to arrive.
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { CommandHandlers } from "../../shared/ipc";
import type { AddArrivalView } from "../../shared/manage";
import { EngineError } from "../engine/errors";
import type { DesktopHandoff } from "../engine/desktop-handoff/desktop-handoff";
import { parseAddSource } from "../engine/manage/source";
import type { LifecycleService } from "../engine/lifecycle/service";
import type { OutsideConsent } from "./context";
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
  /** The session's lifecycle service (its home, data folder, GitHub access and progress events). */
  service: LifecycleService;
  /** Called after anything was written, so the catalog shows it. */
  changed: () => void;
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
  /** A Desktop account tree ("<A>/<B>") as the catalog names it ("account 1"), so the page never shows its ids. */
  accountName?: (accountTree: string) => Promise<string | null>;
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

/** The manage commands over the session's lifecycle service. */
export function createManageHandlers(options: ManageHandlerOptions): ManageSession {
  const { service } = options;
  const home = service.home;
  const after = <T>(dryRun: boolean, result: T): T => {
    if (!dryRun) options.changed();
    return result;
  };
  const waits = new Map<string, AbortController>();
  const uploads = new Set<string>();
  const handoffs = new Map<string, DesktopHandoff>();
  const confirmed = new Set<string>();
  const confirmSource = async (source: string): Promise<void> => {
    if (parseAddSource(source, home).kind !== "git" || confirmed.has(source)) return;
    if (!options.confirmProgramSource)
      throw new EngineError(
        "app.refused",
        "Adding from a git address runs git on this computer with your keys, and this page cannot confirm that. Give the GitHub address (owner/repo) instead, or download the skill as an archive and upload it here.",
      );
    if (!(await options.confirmProgramSource(source)))
      throw new EngineError("app.refused", "Nothing was added: running git for this address was not confirmed.");
    confirmed.add(source);
  };
  const handlers: ManageHandlers = {
    "manage:add": async (source, request) => {
      await confirmSource(source);
      const result = await service.add(source, {
        ...(request.project ? { project: request.project } : {}),
        cwd: home,
        clients: request.clients.length ? request.clients : ["claude-code"],
        skills: request.skills,
        all: request.all,
        copy: request.copy,
        force: request.force,
        replace: request.replace,
        keep: request.keep,
        dryRun: request.dryRun,
        ...(request.taskId ? { taskId: request.taskId } : {}),
      });
      const handoff = result.skills.find((s) => s.handoff)?.handoff;
      if (request.taskId && handoff && !request.dryRun) handoffs.set(request.taskId, handoff);
      if (!request.dryRun && uploads.has(source)) {
        uploads.delete(source);
        await rm(path.dirname(source), { recursive: true, force: true });
      }
      return after(request.dryRun, result);
    },
    "manage:remove": async (name, request) => {
      const plan = await service.planRemove(name, request.clients);
      return request.dryRun ? plan : after(false, await service.remove(plan, request.clients));
    },
    "manage:undo-remove": async (name) => after(false, await service.undoRemove(name)),
    "manage:share": async (name, request) => after(request.dryRun, await service.share(name, request)),
    "manage:cancel-add": async (taskId) => {
      waits.get(taskId)?.abort();
      await service.cancel(taskId);
    },
    "manage:wait-arrival": async (taskId) => {
      const handoff = handoffs.get(taskId);
      if (!handoff) throw new EngineError("app.refused", "This add made no .skill file for Claude Desktop.");
      waits.get(taskId)?.abort();
      const controller = new AbortController();
      waits.set(taskId, controller);
      const result = await service
        .waitForDesktop(handoff, {
          timeoutMs: options.arrivalTimeoutMs ?? 5 * 60_000,
          pollMs: options.arrivalPollMs ?? 1000,
          signal: controller.signal,
          ...(options.onArrivalCheck ? { onCheck: options.onArrivalCheck } : {}),
        })
        .finally(() => {
          if (waits.get(taskId) === controller) waits.delete(taskId);
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
        const named = await options.accountName?.(view.account).catch(() => null);
        if (named) view.accountName = named;
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
      const file = await receiveUpload(service.dataDir, name, body, declaredBytes, undefined, uploads);
      uploads.add(file);
      return file;
    },
    handoffFile: (taskId) => handoffs.get(taskId)?.archive ?? null,
    async dispose() {
      for (const controller of waits.values()) controller.abort();
      for (const file of uploads) await rm(path.dirname(file), { recursive: true, force: true });
      uploads.clear();
    },
  };
}
