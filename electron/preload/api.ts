// The renderer's API object over Electron IPC: one named method per command and per event of shared/ipc.ts,
// nothing generic, so the page can reach exactly these channels and no other.
import type { IpcRenderer, IpcRendererEvent } from "electron";
import {
  commandOfMethod,
  eventOfMethod,
  type CommandChannel,
  type EventChannel,
  type IpcCommands,
  type IpcEvents,
  type SkillshelfApi,
  unwrapReply,
} from "../../shared/ipc";

/**
 * The two ipcRenderer calls the API needs (injected, so tests need no Electron).
 * Exported for tests: they hand the API a fake ipcRenderer.
 */
export type PreloadIpc = Pick<IpcRenderer, "invoke" | "on" | "removeListener">;

/** Electron's webUtils.getPathForFile: the real path of a dropped File (injected, so tests need no Electron). */
export type PathForFile = (file: File) => string;

/** Builds window.skillshelf: each method invokes its own channel; each `on…` subscribes and returns an unsubscribe. */
export function createSkillshelfApi(ipc: PreloadIpc, pathForFile?: PathForFile) {
  /** Invokes a channel and unwraps main's envelope: the value, or an Error with the handler's own message. */
  const invoke = <C extends CommandChannel>(channel: C, ...args: Parameters<IpcCommands[C]>) =>
    ipc.invoke(channel, ...args).then(unwrapReply) as ReturnType<IpcCommands[C]>;

  const subscribe = <E extends EventChannel>(channel: E, listener: (payload: IpcEvents[E]) => void): (() => void) => {
    if (typeof listener !== "function") throw new TypeError(`A listener for ${channel} must be a function.`);
    const relay = (_event: IpcRendererEvent, payload: IpcEvents[E]) => listener(payload);
    ipc.on(channel, relay);
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      ipc.removeListener(channel, relay);
    };
  };

  return {
    appInfo: () => invoke(commandOfMethod.appInfo),
    scanCatalog: () => invoke(commandOfMethod.scanCatalog),
    storedCatalog: () => invoke(commandOfMethod.storedCatalog),
    skillLevels: (dir) => invoke(commandOfMethod.skillLevels, dir),
    skillResource: (dir, relPath) => invoke(commandOfMethod.skillResource, dir, relPath),
    validatePath: (path, profile) => invoke(commandOfMethod.validatePath, path, profile),
    openAuthorFolder: (path) => invoke(commandOfMethod.openAuthorFolder, path),
    closeAuthorFolder: () => invoke(commandOfMethod.closeAuthorFolder),
    checkUpdates: (force) => invoke(commandOfMethod.checkUpdates, force),
    lastUpdates: () => invoke(commandOfMethod.lastUpdates),
    revealPath: (path) => invoke(commandOfMethod.revealPath, path),
    openInEditor: (path) => invoke(commandOfMethod.openInEditor, path),
    openExternal: (url) => invoke(commandOfMethod.openExternal, url),
    getSettings: () => invoke(commandOfMethod.getSettings),
    updateSettings: (patch) => invoke(commandOfMethod.updateSettings, patch),
    listConfiguredServers: () => invoke(commandOfMethod.listConfiguredServers),
    compareCopies: (dir, otherDir) => invoke(commandOfMethod.compareCopies, dir, otherDir),
    testServer: (id) => invoke(commandOfMethod.testServer, id),
    listStdioServers: () => invoke(commandOfMethod.listStdioServers),
    reviewStdioServers: () => invoke(commandOfMethod.reviewStdioServers),
    approveStdioServer: (id) => invoke(commandOfMethod.approveStdioServer, id),
    revokeStdioServer: (id) => invoke(commandOfMethod.revokeStdioServer, id),
    startUpdate: (skillId) => invoke(commandOfMethod.startUpdate, skillId),
    reviewUpdate: (taskId) => invoke(commandOfMethod.reviewUpdate, taskId),
    cancelUpdate: (taskId) => invoke(commandOfMethod.cancelUpdate, taskId),
    applyUpdate: (taskId, options) =>
      options === undefined
        ? invoke(commandOfMethod.applyUpdate, taskId)
        : invoke(commandOfMethod.applyUpdate, taskId, options),
    updateAll: (skillIds) => invoke(commandOfMethod.updateAll, skillIds),
    openHandoff: (taskId) => invoke(commandOfMethod.openHandoff, taskId),
    revealHandoff: (taskId) => invoke(commandOfMethod.revealHandoff, taskId),
    waitForArrival: (taskId) => invoke(commandOfMethod.waitForArrival, taskId),
    runRecipe: (skillId) => invoke(commandOfMethod.runRecipe, skillId),
    recipeResult: (taskId) => invoke(commandOfMethod.recipeResult, taskId),
    undoUpdate: (skillId) => invoke(commandOfMethod.undoUpdate, skillId),
    updateHistory: (skillId) => invoke(commandOfMethod.updateHistory, skillId),
    updateHistories: () => invoke(commandOfMethod.updateHistories),
    updateRecoveries: () => invoke(commandOfMethod.updateRecoveries),
    addSkill: (source, request) => invoke(commandOfMethod.addSkill, source, request),
    removeSkill: (name, request) => invoke(commandOfMethod.removeSkill, name, request),
    undoRemoveSkill: (name) => invoke(commandOfMethod.undoRemoveSkill, name),
    shareSkill: (name, request) => invoke(commandOfMethod.shareSkill, name, request),
    cancelAddSkill: (taskId) => invoke(commandOfMethod.cancelAddSkill, taskId),
    waitForAddArrival: (taskId) => invoke(commandOfMethod.waitForAddArrival, taskId),
    pickAddSource: (kind) => invoke(commandOfMethod.pickAddSource, kind),
    onCatalogChanged: (listener) => subscribe(eventOfMethod.onCatalogChanged, listener),
    onAuthorChanged: (listener) => subscribe(eventOfMethod.onAuthorChanged, listener),
    onUpdatesChanged: (listener) => subscribe(eventOfMethod.onUpdatesChanged, listener),
    onTaskProgress: (listener) => subscribe(eventOfMethod.onTaskProgress, listener),
    onTaskOutput: (listener) => subscribe(eventOfMethod.onTaskOutput, listener),
    pathForDroppedFile: (file) => {
      if (!pathForFile || typeof File === "undefined" || !(file instanceof File)) return null;
      const path = pathForFile(file);
      return path === "" ? null : path;
    },
  } satisfies SkillshelfApi;
}
