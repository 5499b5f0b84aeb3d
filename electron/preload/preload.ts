// The sandboxed preload: exposes the one typed API object as window.skillshelf and nothing else
// (only contextBridge, ipcRenderer and webUtils, modules a sandboxed preload may use).
import { contextBridge, ipcRenderer, webUtils } from "electron";
import type { SkillshelfApi } from "../../shared/ipc";
import { createSkillshelfApi } from "./api";

const api = createSkillshelfApi(ipcRenderer, (file) => webUtils.getPathForFile(file)) satisfies SkillshelfApi;

contextBridge.exposeInMainWorld("skillshelf", api);
