// The session's consent to start local (stdio) MCP servers: which commands the configs name now, which of them the
// user approved, and the two ways to approve (the host's native dialog, or the page naming a listed id in the web host).
import type { StdioServer, StdioServerList } from "../../shared/stdio-servers";
import {
  loadStdioApprovals,
  saveStdioApprovals,
  withApproved,
  type StdioApproval,
  type StdioCommand,
} from "../engine/updates/stdio-consent";
import { EngineError } from "../engine/errors";

/** Reads the configs and lists the local commands they name (starting nothing). */
export type StdioCommandFinder = () => Promise<StdioCommand[]>;

/** Approvals of local commands, kept in their own 0600 file beside the settings. */
export class StdioConsentState {
  #approvals: StdioApproval[] = [];
  #problems: string[] = [];
  #loading: Promise<void> | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<() => void>();

  constructor(
    readonly file: string,
    private readonly find: StdioCommandFinder,
    private readonly approval: StdioServerList["approval"],
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Reads the approvals file once; never rejects. */
  load(): Promise<void> {
    this.#loading ??= loadStdioApprovals(this.file).then(
      (loaded) => {
        this.#approvals = loaded.approvals;
        this.#problems = loaded.problems;
      },
      () => {
        this.#problems = ["The approved local servers could not be read; none will be started until approved again."];
      },
    );
    return this.#loading;
  }

  /** Ids of the approved commands. */
  async approvedIds(): Promise<string[]> {
    await this.load();
    return this.#approvals.map((a) => a.id);
  }

  /** Calls listener after every saved change of the approvals. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** The local servers the configs name now, each with whether its exact command is approved. */
  async list(): Promise<StdioServerList> {
    await this.load();
    const approved = new Set(this.#approvals.map((a) => a.id));
    const servers: StdioServer[] = (await this.find()).map((c) => ({
      id: c.id,
      name: c.name,
      configFile: c.configFile,
      command: c.command,
      args: [...c.args],
      cwd: c.cwd,
      envNames: [...c.envNames],
      approved: approved.has(c.id),
    }));
    return { servers, approval: this.approval, problems: [...this.#problems] };
  }

  /** Approves listed commands by id (ids the host produced; an unknown or stale id is refused, nothing is saved). */
  approve(ids: string[]): Promise<StdioServerList> {
    return this.#change(async () => {
      const found = await this.find();
      const chosen = ids.map((id) => found.find((c) => c.id === id));
      if (chosen.some((c) => c === undefined))
        throw new EngineError(
          "app.refused",
          "That local server is not in your apps' settings any more (or its command changed). Reload the list and check the command again.",
        );
      return withApproved(this.#approvals, chosen as StdioCommand[], this.now());
    });
  }

  /** Withdraws the approval of one command (no check needed: revoking never starts anything). */
  revoke(id: string): Promise<StdioServerList> {
    return this.#change(async () => this.#approvals.filter((a) => a.id !== id));
  }

  #change(next: () => Promise<StdioApproval[]>): Promise<StdioServerList> {
    const run = this.#queue.then(async () => {
      await this.load();
      const approvals = await next();
      try {
        await saveStdioApprovals(this.file, approvals);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new EngineError(
          "app.refused",
          `The approvals could not be saved to ${this.file}${code ? ` (${code})` : ""}. Nothing was changed.`,
        );
      }
      this.#approvals = approvals;
      this.#problems = [];
      for (const listener of this.#listeners) listener();
      return this.list();
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
