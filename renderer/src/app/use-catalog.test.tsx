// At start the page shows the stored catalog at once and says it is checking; the first scan's result replaces it
// (changed rows updated, removed ones gone, new ones added), and a stored catalog arriving after the scan is ignored.
import { act, renderHook, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import type { ScanResult, Skill } from "../../../shared/model";
import { pageApi } from "../test/page-api";
import { prefetchStoredCatalog } from "../api/prefetch";
import { useCatalog } from "./use-app-data";

const skill = (name: string, description = `Does ${name} things.`): Skill => ({
  id: `id-${name}`,
  name,
  description,
  dir: `/h/.claude/skills/${name}`,
  realDir: `/h/.claude/skills/${name}`,
  client: "claude-code",
  locationId: "claude-code:user",
  version: null,
  versionSource: null,
  contentHash: "0".repeat(64),
  diagnostics: [],
  valid: true,
  links: [],
  userOwned: true,
});
const catalogOf = (...skills: Skill[]): ScanResult => ({ locations: [], skills, plugins: [], diagnostics: [] });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("useCatalog at start", () => {
  it("shows the stored catalog until the scan confirms it, then the scan's rows", async () => {
    const scan = deferred<ScanResult>();
    const { api, calls } = pageApi({
      storedCatalog: async () => ({
        catalog: catalogOf(skill("alpha"), skill("beta")),
        savedAt: "2026-01-01T00:00:00Z",
      }),
      scanCatalog: () => scan.promise,
      onCatalogChanged: () => () => undefined,
    });
    const { result } = renderHook(() => useCatalog(api));
    await waitFor(() => expect(result.current.stored).toBe(true));
    expect(result.current.scan?.skills.map((s) => s.name)).toEqual(["alpha", "beta"]);
    expect(result.current.loading).toBe(true);
    // The stored catalog is asked for first, so the host answers it before the scan's work.
    const asked = calls.map(([method]) => method).filter((m) => m === "storedCatalog" || m === "scanCatalog");
    expect(asked).toEqual(["storedCatalog", "scanCatalog"]);
    await act(async () => scan.resolve(catalogOf(skill("alpha", "Changed."), skill("gamma"))));
    expect(result.current.stored).toBe(false);
    expect(result.current.loading).toBe(false);
    expect(result.current.scan?.skills.map((s) => [s.name, s.description])).toEqual([
      ["alpha", "Changed."],
      ["gamma", "Does gamma things."],
    ]);
  });

  it("scans as before when there is no stored catalog or it cannot be had", async () => {
    for (const storedCatalog of [async () => null, async () => Promise.reject(new Error("offline"))]) {
      const { api } = pageApi({
        storedCatalog,
        scanCatalog: async () => catalogOf(skill("fresh")),
        onCatalogChanged: () => () => undefined,
      });
      const { result } = renderHook(() => useCatalog(api));
      await waitFor(() => expect(result.current.loading).toBe(false));
      expect(result.current.stored).toBe(false);
      expect(result.current.scan?.skills.map((s) => s.name)).toEqual(["fresh"]);
    }
  });

  it("shows a stored catalog that arrived before the page mounted in its first render, and asks for it once", async () => {
    const { api, calls } = pageApi({
      storedCatalog: async () => ({ catalog: catalogOf(skill("alpha")), savedAt: "2026-01-01T00:00:00Z" }),
      scanCatalog: () => new Promise<ScanResult>(() => undefined),
      onCatalogChanged: () => () => undefined,
    });
    prefetchStoredCatalog(api);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const renders: Array<string[] | null> = [];
    renderHook(() => {
      const data = useCatalog(api);
      renders.push(data.scan ? data.scan.skills.map((s) => s.name) : null);
      return data;
    });
    expect(renders[0]).toEqual(["alpha"]);
    await waitFor(() => expect(calls.some(([method]) => method === "scanCatalog")).toBe(true));
    expect(calls.filter(([method]) => method === "storedCatalog")).toHaveLength(1);
  });

  it("scans once under React's strict mode, which runs the effect twice", async () => {
    const { api, calls } = pageApi({
      storedCatalog: async () => ({ catalog: catalogOf(skill("alpha")), savedAt: "2026-01-01T00:00:00Z" }),
      scanCatalog: async () => catalogOf(skill("alpha")),
      onCatalogChanged: () => () => undefined,
    });
    prefetchStoredCatalog(api);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { result } = renderHook(() => useCatalog(api), { wrapper: StrictMode });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls.filter(([method]) => method === "scanCatalog")).toHaveLength(1);
  });
});
