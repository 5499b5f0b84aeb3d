import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../../shared/model";
import { keepKnownAnswers } from "./known-answers";

const at = (h: number) => `2026-01-01T${String(h).padStart(2, "0")}:00:00.000Z`;
const info = (extra: Partial<UpdateInfo>): UpdateInfo => ({
  skillId: "s1",
  name: "pdf",
  dir: "/h/.claude/skills/pdf",
  installed: "1.0.0",
  installedSource: "metadata.version",
  latest: "1.1.0",
  state: "outdated",
  source: "github-release",
  checkedAt: at(10),
  ...extra,
});
const failed = (extra: Partial<UpdateInfo> = {}) =>
  info({ latest: null, state: "unknown", cause: "offline", failedSource: "GitHub", checkedAt: at(11), ...extra });

describe("keepKnownAnswers", () => {
  it("keeps the last known answer, with its time, when GitHub cannot be reached", () => {
    const [kept] = keepKnownAnswers([info({})], [failed({ reason: "Offline." })]);
    expect(kept).toMatchObject({ state: "outdated", latest: "1.1.0", checkedAt: at(10) });
    expect(kept!.stale).toEqual({ at: at(11), cause: "offline", reason: "Offline.", failedSource: "GitHub" });
  });

  it("takes the new answer when the source answered, or the copy changed, or nothing was known", () => {
    expect(keepKnownAnswers([info({})], [info({ latest: "1.2.0", checkedAt: at(11) })])[0]).not.toHaveProperty("stale");
    expect(keepKnownAnswers([info({})], [failed({ installed: "1.1.0" })])[0]!.state).toBe("unknown");
    expect(keepKnownAnswers([failed()], [failed({ checkedAt: at(12) })])[0]!.state).toBe("unknown");
    expect(keepKnownAnswers([info({})], [failed({ cause: "not-found" })])[0]!.state).toBe("unknown");
  });

  it("keeps a skill-meta answer when its server did not answer, naming the server", () => {
    const meta = info({ source: "skill-meta" });
    const none = failed({ cause: "no-source", source: "none", failedSource: undefined });
    expect(keepKnownAnswers([meta], [none])[0]!.state).toBe("unknown");
    const [kept] = keepKnownAnswers([meta], [none], ["the server at 127.0.0.1:9/mcp"]);
    expect(kept).toMatchObject({ state: "outdated", stale: { failedSource: "the server at 127.0.0.1:9/mcp" } });
  });
});
