// The command table: every channel once, validators that refuse an object with a key the command does not take, and
// the limits of the arguments as the handlers rely on them.
import { describe, expect, it } from "vitest";
import { COMMANDS, commandArgs, commandOfMethod, wireArgs } from "./ipc";

const TASK = "0123456789abcdef";

describe("the command table", () => {
  it("names each channel once, and the derived maps hold exactly its entries", () => {
    const channels = Object.values(COMMANDS).map((spec) => spec.channel);
    expect(new Set(channels).size).toBe(channels.length);
    expect(Object.keys(commandArgs).sort()).toEqual([...channels].sort());
    expect(Object.entries(commandOfMethod)).toEqual(
      Object.entries(COMMANDS).map(([method, spec]) => [method, spec.channel]),
    );
  });

  it("refuses an extra key in update:apply's options", () => {
    const apply = commandArgs["update:apply"];
    expect(apply([TASK])).toBe(true);
    expect(apply([TASK, {}])).toBe(true);
    expect(apply([TASK, { overwriteLocal: true }])).toBe(true);
    expect(apply([TASK, { overwriteLocal: true, force: true }])).toBe(false);
    expect(apply([TASK, { extra: undefined }])).toBe(false);
    expect(apply([TASK, JSON.parse('{"__proto__": {"overwriteLocal": true}}')])).toBe(false);
    expect(apply([TASK, { overwriteLocal: "yes" }])).toBe(false);
    expect(apply([TASK, null])).toBe(false);
    expect(apply([TASK, [true]])).toBe(false);
    expect(apply([TASK, {}, {}])).toBe(false);
  });

  it("refuses an extra key in manage:add's, manage:remove's and manage:share's requests", () => {
    const add = { clients: ["cursor"], skills: ["pdf"], dryRun: true, taskId: TASK, project: "/work/p" };
    expect(commandArgs["manage:add"](["acme/skills", add])).toBe(true);
    expect(commandArgs["manage:add"](["acme/skills", { ...add, target: "/etc" }])).toBe(false);
    expect(commandArgs["manage:add"](["acme/skills", { ...add, replace: true, keep: ["agents"] }])).toBe(true);
    expect(commandArgs["manage:add"](["acme/skills", { ...add, keep: ["notepad"] }])).toBe(false);
    expect(commandArgs["manage:remove"](["pdf", { dryRun: true }])).toBe(true);
    expect(commandArgs["manage:remove"](["pdf", { dryRun: true, skills: ["x"] }])).toBe(false);
    expect(commandArgs["manage:share"](["pdf", { clients: ["codex"], dryRun: false }])).toBe(true);
    expect(commandArgs["manage:share"](["pdf", { clients: ["codex"], dryRun: false, force: true }])).toBe(false);
  });

  it("refuses a manage request without the keys its handler reads (clients for add and share, dryRun)", () => {
    expect(commandArgs["manage:add"](["acme/skills", { dryRun: true }])).toBe(false);
    expect(commandArgs["manage:add"](["acme/skills", { clients: ["cursor"] }])).toBe(false);
    expect(commandArgs["manage:share"](["pdf", { dryRun: false }])).toBe(false);
    expect(commandArgs["manage:remove"](["pdf", {}])).toBe(false);
  });

  it("keeps the limits: list lengths, holes, item checks, consent codes", () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `skill-${i}`);
    expect(commandArgs["update:all"]([ids(10_000)])).toBe(true);
    expect(commandArgs["update:all"]([ids(10_001)])).toBe(false);
    expect(commandArgs["update:all"]([["a", "b\u0000"]])).toBe(false);
    const holed = ["a"];
    holed[2] = "c";
    expect(commandArgs["update:all"]([holed])).toBe(false);
    const names = (n: number) => ({ clients: ["cursor"], skills: ids(n), dryRun: true });
    expect(commandArgs["manage:add"](["acme/skills", names(100)])).toBe(true);
    expect(commandArgs["manage:add"](["acme/skills", names(101)])).toBe(false);
    expect(commandArgs["manage:add"](["acme/skills", { clients: ["notepad"], dryRun: true }])).toBe(false);
    expect(commandArgs["manage:add"](["acme/skills", { clients: [], dryRun: true, taskId: "1" }])).toBe(false);
    expect(commandArgs["stdio:approve"](["0123456789abcdef0123456789abcdef", null])).toBe(true);
    expect(commandArgs["stdio:approve"](["0123456789abcdef0123456789abcdef", "AB-12 cd"])).toBe(true);
    expect(commandArgs["stdio:approve"](["0123456789abcdef0123456789abcdef", "<script>"])).toBe(false);
    expect(commandArgs["update:run-recipe"](["claude-code:/h/s/pdf", undefined])).toBe(false);
    expect(commandArgs["author:open"]([null])).toBe(true);
    expect(commandArgs["author:open"]([])).toBe(false);
    expect(commandArgs["manage:pick-source"](["folder"])).toBe(true);
    expect(commandArgs["manage:pick-source"](["file"])).toBe(false);
  });
});

describe("wireArgs", () => {
  it("drops trailing undefined arguments only", () => {
    expect(wireArgs([TASK, undefined])).toEqual([TASK]);
    expect(wireArgs([undefined, TASK])).toEqual([undefined, TASK]);
    expect(wireArgs([TASK, null])).toEqual([TASK, null]);
    expect(wireArgs([])).toEqual([]);
  });
});
