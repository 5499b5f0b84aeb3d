// The sandboxed preload: exposes the one typed API object as window.skillshelf and nothing else
// (only contextBridge and ipcRenderer, the modules a sandboxed preload may use).
import { contextBridge, ipcRenderer } from "electron";
import type { SkillshelfApi } from "../../shared/ipc";
import { createSkillshelfApi } from "./api";

const api = createSkillshelfApi(ipcRenderer) satisfies SkillshelfApi;

contextBridge.exposeInMainWorld("skillshelf", api);
