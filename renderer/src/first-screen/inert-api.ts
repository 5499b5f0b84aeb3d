// The API the host renders the first screen with: rendering never calls the API (effects do, and the host runs none),
// so every method refuses; a view that asked during render would fail loudly on the host, not show a wrong page.
import type { SkillshelfApi } from "../../../shared/ipc";

/** An API object whose every method throws. */
export const inertApi: SkillshelfApi = new Proxy({} as SkillshelfApi, {
  get: (_target, name) => () => {
    throw new Error(`The first screen was rendered by calling ${String(name)}; rendering must not call the API.`);
  },
});
