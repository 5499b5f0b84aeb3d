// The settings concern: the settings file, the local servers' consents and the configured servers, shown to the page
// without secrets, and the update sources they give.
import { defaultSettingsFile, type Settings } from "../engine/settings";
import { probeGithubApi } from "../engine/updates/github-probe";
import { githubApiOf, githubTokenOf } from "../engine/updates/sources";
import type { CommandHandlers } from "../../shared/ipc";
import type { UpdateSources } from "./context";
import { createOfferedHandlers } from "./offered-handlers";
import { createServerHandlers } from "./server-handlers";
import type { SessionShared } from "./session-shared";
import { SettingsState } from "./settings-state";
import { createStdioConsent, createStdioHandlers } from "./stdio-handlers";

/** The commands this concern answers. */
type SettingsHandlers = Pick<CommandHandlers, "settings:get" | "settings:update" | "settings:github-probe"> &
  ReturnType<typeof createStdioHandlers> &
  ReturnType<typeof createServerHandlers> &
  ReturnType<typeof createOfferedHandlers>;

/** The settings concern and what it tells the update concern. */
export interface SettingsConcern {
  handlers: SettingsHandlers;
  /** Loads the file once (later calls share the first read). */
  load(): Promise<void>;
  /** The settings now (the defaults until loaded). */
  current(): Settings;
  /** The sources for the next update check: servers, token, approved local commands, the catalog's plugin roots. */
  updateSources(): Promise<UpdateSources>;
  /** Calls listener after a saved settings change (with the settings) or a consent change (with null). */
  onChange(listener: (settings: Settings | null) => void): void;
}

/** Creates the settings concern. */
export function createSettingsHandlers(shared: SessionShared): SettingsConcern {
  const { context, state } = shared;
  const { env, platform, home } = context.scanOptions;
  const settings = new SettingsState(
    context.settingsFile ?? defaultSettingsFile(env, platform, home),
    context.secretCodec,
  );
  const pluginRoots = () => state.catalog.plugins.map((p) => p.root);
  const stdioConsent = createStdioConsent({
    settingsFile: settings.file,
    scanOptions: context.scanOptions,
    pluginRoots,
    desktop: context.desktop,
  });
  const updateSources = async () => {
    await settings.load();
    return settings.updateSources(pluginRoots(), await stdioConsent.approvedIds());
  };
  return {
    handlers: {
      "settings:get": async () => settings.publicView(),
      "settings:update": async (patch) => settings.update(patch),
      "settings:github-probe": async () => {
        await settings.load();
        const { githubApi, githubToken } = settings.current;
        const where = { githubApi: context.engine.githubApi, setting: githubApi, env };
        return probeGithubApi(githubApiOf(where), githubTokenOf(githubToken, env));
      },
      ...createStdioHandlers(stdioConsent, context.desktop),
      ...createServerHandlers({ scanOptions: context.scanOptions, pluginRoots }),
      ...createOfferedHandlers({ scanOptions: context.scanOptions, sources: updateSources }),
    },
    load: () => settings.load(),
    current: () => settings.current,
    updateSources,
    onChange(listener) {
      settings.onChange((next) => listener(next));
      stdioConsent.onChange(() => listener(null));
    },
  };
}
