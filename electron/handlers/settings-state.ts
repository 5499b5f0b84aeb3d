// The settings one handler session holds: loaded once at session start, changed one patch at a time (saved before
// the change counts), and shown to the renderer only as the public view. Secrets stay in this object.
import path from "node:path";
import {
  applySettingsPatch,
  defaultSettings,
  loadSettings,
  saveSettings,
  SettingsError,
  toPublicSettings,
  type Settings,
} from "../engine/settings";
import type { PublicSettings, SettingsPatch } from "../../shared/settings";
import type { UpdateSources } from "./context";
import { EngineError } from "../engine/errors";
import { WriteRefusedError } from "../engine/fs/write";
import { PLAINTEXT_CODEC, type SecretCodec } from "../engine/settings-secrets";

/** The settings of a session and the changes made to them. */
export class SettingsState {
  #settings: Settings = defaultSettings();
  #problems: string[] = [];
  #loading: Promise<void> | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #listeners = new Set<(settings: Settings) => void>();

  /** `codec` keeps the secrets in the file (Electron's safeStorage in the app; plain text in a 0600 file otherwise). */
  constructor(
    readonly file: string,
    private readonly codec: SecretCodec = PLAINTEXT_CODEC,
  ) {}

  /** Reads the file once (later calls share the first read); never rejects. */
  load(): Promise<void> {
    this.#loading ??= loadSettings(this.file, this.codec).then(
      (loaded) => {
        this.#settings = loaded.settings;
        this.#problems = loaded.backupFile
          ? [...loaded.problems, `The file as it was is kept at ${path.basename(loaded.backupFile)} beside it.`]
          : loaded.problems;
      },
      () => {
        this.#problems = ["The settings file could not be read, so the defaults are used."];
      },
    );
    return this.#loading;
  }

  /** The current settings (the defaults until load() has finished). */
  get current(): Settings {
    return this.#settings;
  }

  /** What the renderer may see. */
  async publicView(): Promise<PublicSettings> {
    await this.load();
    return toPublicSettings(this.#settings, this.#problems);
  }

  /** The update sources the settings give (the token only when one is saved; local commands only as approved one by one). */
  updateSources(pluginRoots: string[], approvedStdio: string[] = []): UpdateSources {
    const s = this.#settings;
    return {
      servers: s.servers.map((server) => ({ ...server })),
      ...(s.githubToken ? { githubToken: s.githubToken } : {}),
      ...(s.githubApi ? { githubApi: s.githubApi } : {}),
      includeStdio: false,
      approvedStdio,
      pluginRoots,
    };
  }

  /** Calls listener after every saved change. */
  onChange(listener: (settings: Settings) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Applies and saves one change (changes run one after another); refusals come back as EngineError. */
  update(patch: SettingsPatch): Promise<PublicSettings> {
    const run = this.#queue.then(async () => {
      await this.load();
      // A refused change throws a SettingsError, an EngineError the page is shown as is.
      const next: Settings = applySettingsPatch(this.#settings, patch);
      try {
        await saveSettings(this.file, next, this.codec);
      } catch (error) {
        if (error instanceof SettingsError) throw error;
        if (error instanceof WriteRefusedError)
          throw new EngineError(
            "app.refused",
            `The settings could not be saved: ${error.message} Nothing was changed.`,
          );
        const code = (error as NodeJS.ErrnoException).code;
        throw new EngineError(
          "app.refused",
          `The settings could not be saved to ${this.file}${code ? ` (${code})` : ""}. Nothing was changed.`,
        );
      }
      this.#settings = next;
      this.#problems = [];
      for (const listener of this.#listeners) listener(next);
      return toPublicSettings(next);
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
