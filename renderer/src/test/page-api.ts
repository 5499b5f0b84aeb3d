// A page API for component tests: the typed SkillshelfApi with answers the test sets and a record of every call, so a
// test sees what the page asked the host for. Methods a test does not set answer with what an empty home would.
import type { SkillshelfApi } from "../../../shared/ipc";

/** The calls made so far, by method name, with their arguments. */
export type Calls = Array<[keyof SkillshelfApi, unknown[]]>;

/** An API whose methods record their calls and answer with `answers` (or an empty home's answer). */
export function pageApi(answers: Partial<Record<keyof SkillshelfApi, (...args: never[]) => unknown>> = {}): {
  api: SkillshelfApi;
  calls: Calls;
} {
  const calls: Calls = [];
  const defaults: Partial<Record<keyof SkillshelfApi, (...args: never[]) => unknown>> = {
    getSettings: async () => ({ accountNames: {} }),
    updateHistories: async () => ({ histories: [] }),
    updateHistory: async (skillId: string) => ({ skillId, backups: [], events: [] }),
    onTaskProgress: () => () => undefined,
    onTaskOutput: () => () => undefined,
    cancelUpdate: async () => undefined,
    storedCatalog: async () => null,
    updateServers: async () => [],
    budgetReport: async () => ({ clients: [], tokenEstimate: "" }),
  };
  const api = new Proxy({} as SkillshelfApi, {
    get: (_target, name: string) => {
      const method = name as keyof SkillshelfApi;
      return (...args: unknown[]) => {
        calls.push([method, args]);
        const answer = answers[method] ?? defaults[method];
        if (!answer) throw new Error(`the test did not expect ${method}`);
        return (answer as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
  return { api, calls };
}
