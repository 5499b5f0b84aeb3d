// The web host's download of a .skill an update made, with the real server on 127.0.0.1: only for a signed-in page,
// only the file a task of this session built (never a path the page names), sent as an attachment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { symlink, unlink } from "node:fs/promises";
import path from "node:path";
import { makeTempDir, writeTree } from "../../test-support/tmp";
import { createEngine } from "../handlers/engine";
import { createHandlerSession } from "../handlers/handlers";
import { webDesktopIntegration } from "./desktop-fallback";
import { TOKEN_HEADER } from "./security";
import { startWebHost, type WebHost } from "./server";

const TASK = "0123456789abcdef";
const OTHER = "fedcba9876543210";

describe("downloading the .skill from the web host", () => {
  let host: WebHost;
  let root: string;
  let cleanup: () => Promise<void>;
  const files = new Map<string, string>();
  beforeAll(async () => {
    const tmp = await makeTempDir();
    root = tmp.dir;
    cleanup = tmp.cleanup;
    await writeTree(root, {
      "renderer/index.html": "<!doctype html>",
      "home/.keep": "",
      "Downloads/notes 2.0.0.skill": "PK-bytes-of-the-skill",
      "secret.txt": "not for the page",
    });
    files.set(TASK, path.join(root, "Downloads", "notes 2.0.0.skill"));
    const scanOptions = { home: path.join(root, "home"), platform: "linux" as const, env: {} };
    host = await startWebHost({
      port: 0,
      rendererDir: path.join(root, "renderer"),
      createSession: (emit) => {
        const session = createHandlerSession({
          host: "web",
          scanOptions,
          desktop: webDesktopIntegration({ spawn: async () => ({ code: 0, stdout: "" }) }),
          emit,
          engine: createEngine(scanOptions),
          liveCatalog: false,
        });
        // The files the session's update tasks built (the real handoff is covered in install-handlers.test.ts).
        return { ...session, handoffFile: (taskId: string) => files.get(taskId) ?? null };
      },
    });
  });
  afterAll(async () => {
    await host?.close();
    await cleanup?.();
  });

  const get = (url: string, headers: Record<string, string> = { [TOKEN_HEADER]: host.token }) =>
    fetch(`${host.origin}${url}`, { headers });

  it("sends the file a task built as an attachment, to a signed-in page only", async () => {
    const res = await get(`/api/handoff/${TASK}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("PK-bytes-of-the-skill");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="notes_2.0.0.skill"');
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await get(`/api/handoff/${TASK}`, {})).status).toBe(403);
    expect(
      (await get(`/api/handoff/${TASK}`, { [TOKEN_HEADER]: host.token, Origin: "http://evil.example" })).status,
    ).toBe(403);
    expect(
      (await get(`/api/handoff/${TASK}`, { [TOKEN_HEADER]: host.token, "Sec-Fetch-Site": "cross-site" })).status,
    ).toBe(403);
  });

  it("serves nothing but those files: not another task's id, not a path", async () => {
    expect((await get(`/api/handoff/${OTHER}`)).status).toBe(404);
    expect((await get("/api/handoff/../../secret.txt")).status).not.toBe(200);
    expect((await get(`/api/handoff/${encodeURIComponent(path.join(root, "secret.txt"))}`)).status).toBe(404);
    const post = await fetch(`${host.origin}/api/handoff/${TASK}`, {
      method: "POST",
      headers: { [TOKEN_HEADER]: host.token, Origin: host.origin },
    });
    expect(post.status).toBe(405);
  });

  it("refuses a file swapped for a link since it was made", async () => {
    const swapped = path.join(root, "Downloads", "swapped.skill");
    await symlink(path.join(root, "secret.txt"), swapped);
    files.set(OTHER, swapped);
    const res = await get(`/api/handoff/${OTHER}`);
    expect(res.status).toBe(410);
    expect(await res.text()).not.toContain("not for the page");
    await unlink(swapped);
  });
});
