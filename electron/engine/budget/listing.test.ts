// The listing's cost and cuts against hand-counted values: cap, budget, name-only, off, duplicates, mid-sentence.
import type { Skill } from "../../../shared/model";
import { describe, expect, it } from "vitest";
import { buildListing, type Candidate } from "./listing";

const skill = (name: string, description: string, extra: Partial<Skill> = {}): Skill => ({
  id: `id-${name}-${extra.contentHash ?? "h"}`,
  name,
  description,
  dir: `/s/${name}`,
  realDir: `/s/${name}`,
  client: "claude-code",
  locationId: "loc",
  version: null,
  versionSource: null,
  contentHash: "h",
  diagnostics: [],
  valid: true,
  links: [],
  userOwned: true,
  ...extra,
});
const c = (s: Skill, p = s.dir): Candidate => ({ skill: s, path: p });
const open = { maxDescChars: null, budgetChars: null, honoursDisableModelInvocation: true } as const;

describe("buildListing", () => {
  it("counts each entry as 71 characters plus its name and description, and the block as 38 more (18 + 20 for its tags)", () => {
    // "a"+10 chars: 71+1+10 = 82; "bb"+"Two." : 71+2+4 = 77; block: 38 → 197 without intro.
    const listing = buildListing([c(skill("a", "Ten chars.")), c(skill("bb", "Two."))], open, null);
    expect(listing.entries.map((e) => e.chars)).toEqual([82, 77]);
    expect(listing.chars).toBe(197);
    expect(listing.text.length).toBe(197);
    expect(listing.tokens).toBe(50);
    expect(listing.cuts).toEqual([]);
  });

  it("shortens descriptions to fit the budget, longest first, and says where it cuts mid-sentence", () => {
    // fixed part: 38 + (71+1) + (71+1) = 182; 68 left: b keeps its 10, a gets 58 of 100 (cut by 42).
    const a = skill("a", "y".repeat(100));
    const b = skill("b", "Ten chars.");
    const listing = buildListing([c(a), c(b)], { ...open, budgetChars: 250 }, null);
    expect(listing.chars).toBe(250);
    expect(listing.entries.map((e) => e.cutChars)).toEqual([42, 0]);
    expect(listing.cuts.map((x) => [x.kind, x.name, x.chars])).toEqual([
      ["over-budget", "a", 42],
      ["mid-sentence", "a", undefined],
    ]);
  });

  it("writes its figures grouped, as the rest of the app does", () => {
    const listing = buildListing([c(skill("a", "y".repeat(9000)))], { ...open, budgetChars: 8000 }, null);
    const cut = listing.cuts.find((x) => x.kind === "over-budget");
    expect(cut?.detail).toMatch(
      /^The listing is over its 8,000 characters, so this description is shortened by 1,\d{3} characters \(to 7,\d{3}\)\.$/,
    );
  });

  it("cuts at the cap, lists name-only without its description and leaves out off, user-invocable-only and opted-out skills", () => {
    const overrides = new Map([
      ["n", { mode: "name-only" as const, from: "f" }],
      ["o", { mode: "off" as const, from: "f" }],
      ["u", { mode: "user-invocable-only" as const, from: "f" }],
    ]);
    const listing = buildListing(
      [
        c(skill("cap", "First sentence. Second one goes on")),
        c(skill("n", "Named only.")),
        c(skill("o", "Off.")),
        c(skill("u", "User only.")),
        c(skill("q", "Quiet.", { disableModelInvocation: true })),
        c(skill("", "")),
      ],
      { ...open, maxDescChars: 16, overrides },
      null,
    );
    expect(listing.entries.map((e) => [e.name, e.description, e.mode, e.cutChars])).toEqual([
      ["cap", "First sentence. ", "on", 18],
      ["n", "", "name-only", 0],
    ]);
    // cap: 71+3+16 = 90; n: 71+1+0 = 72; block 38 → 200.
    expect(listing.chars).toBe(200);
    const kinds = listing.cuts.map((x) => `${x.kind}:${x.name}`);
    expect(kinds).toEqual(["past-cap:cap", "not-listed:o", "not-listed:u", "not-listed:q", "not-listed:"]);
  });

  it("reports a skill listed twice, and whether the copies differ", () => {
    const same = buildListing([c(skill("x", "X."), "/a/x"), c(skill("x", "X."), "/b/x")], open, null);
    expect(same.cuts.map((x) => x.kind)).toEqual(["duplicate"]);
    expect(same.cuts[0]!.detail).toMatch(/same skill is paid for 2 times/);
    const differ = buildListing(
      [c(skill("x", "X.")), c(skill("x", "Other.", { contentHash: "other", pluginId: "p" }), "/p/x")],
      open,
      null,
    );
    expect(differ.cuts[0]!.detail).toMatch(/copies that differ .*\/p\/x \(plugin\)/);
  });

  it("suggests shortening a long description with its saving in tokens", () => {
    // 300-char description: entry 71+1+300 = 372 chars → 93 tokens; at 200: 272 → 68 tokens: saves 25.
    const listing = buildListing([c(skill("a", "z".repeat(300)))], open, null);
    expect(listing.suggestions).toEqual([
      expect.objectContaining({ name: "a", savesTokens: 25, detail: expect.stringContaining("−25 tokens") }),
    ]);
  });
});
