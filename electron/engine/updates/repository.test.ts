import { describe, expect, it } from "vitest";
import { parseGithubRepo } from "./repository";

describe("parseGithubRepo", () => {
  it("reads the usual ways of naming a GitHub repository", () => {
    for (const text of [
      "https://github.com/chainbase-labs/agentkey",
      "https://github.com/chainbase-labs/agentkey.git",
      "https://www.github.com/chainbase-labs/agentkey/tree/main/skills",
      "git+https://github.com/chainbase-labs/agentkey.git",
      "git@github.com:chainbase-labs/agentkey.git",
      "github:chainbase-labs/agentkey",
      "chainbase-labs/agentkey",
    ]) {
      expect(parseGithubRepo(text), text).toMatchObject({
        owner: "chainbase-labs",
        repo: "agentkey",
        key: "chainbase-labs/agentkey",
        webUrl: "https://github.com/chainbase-labs/agentkey",
      });
    }
  });
  it("refuses other hosts and non-repositories", () => {
    for (const text of [
      "https://gitlab.com/a/b",
      "https://example.com",
      "https://github.com/only-owner",
      "not a repo",
      "",
      "../etc/passwd",
      "file:///a/b",
      null,
    ]) {
      expect(parseGithubRepo(text as string | null), String(text)).toBeNull();
    }
  });
});
