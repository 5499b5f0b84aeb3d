import { describe, expect, it } from "vitest";
import type { Diagnostic, Skill } from "./model";
import { alsoLoadedIn, clientFit, stopsLoading } from "./client-fit";

const skill = (extra: Partial<Skill> = {}): Skill => ({
  id: "s",
  name: "agentkey",
  description: "Signs requests.",
  dir: "/h/agentkey",
  realDir: "/h/agentkey",
  client: "claude-code",
  locationId: "l",
  version: "1.2.0",
  versionSource: "frontmatter.version",
  contentHash: "h",
  diagnostics: [],
  valid: true,
  links: [],
  userOwned: true,
  ...extra,
});
const d = (code: string, severity: Diagnostic["severity"] = "error", message = `${code} message`): Diagnostic => ({
  code,
  severity,
  message,
  file: "/h/agentkey/SKILL.md",
  fix: "Edit `SKILL.md`.",
});
const topLevelVersion = d(
  "skill.field.unexpected",
  "error",
  'The frontmatter key "version" is not one the Agent Skills specification allows.',
);
const desktop = (extra: Partial<NonNullable<Skill["desktop"]>> = {}): Skill["desktop"] => ({
  skillId: "x",
  creatorType: "user",
  enabled: true,
  syncManaged: true,
  accountTree: "a/b",
  ...extra,
});

describe("clientFit", () => {
  it("says a Desktop skill with a top-level version loads in Claude Desktop, the finding a note for its author", () => {
    const fit = clientFit(
      skill({
        client: "claude-desktop",
        userOwned: false,
        desktop: desktop(),
        diagnostics: [topLevelVersion],
        valid: false,
      }),
    );
    expect(fit.verdict).toBe("loads");
    expect(fit.headline).toMatch(/^Loads in Claude Desktop despite 1 error against the Agent Skills rules: /);
    expect(fit.blockers).toEqual([]);
    expect(fit.authorNotes).toEqual([topLevelVersion]);
    expect(fit.editable).toBe(false);
    expect(fit.instead).toMatch(/Ask the skill's author/);
    expect(fit.instead).toMatch(/upload/i);
  });

  it("names the client whose folder holds the skill, and the finding that stops it loading", () => {
    const fit = clientFit(
      skill({
        client: "cursor",
        diagnostics: [d("skill.description.missing", "error", "The frontmatter has no description.")],
        valid: false,
      }),
    );
    expect(fit.verdict).toBe("does-not-load");
    expect(fit.headline).toBe("Cursor will not load this skill: The frontmatter has no description.");
    expect(fit.editable).toBe(true);
    expect(fit.instead).toBeNull();
  });

  it("counts Desktop's own refusals as blocking only in Claude Desktop", () => {
    const reserved = d("desktop.name.reserved");
    expect(stopsLoading(reserved, "claude-desktop")).toBe(true);
    expect(stopsLoading(reserved, "claude-code")).toBe(false);
    expect(stopsLoading(d("desktop.manifest.corrupt"), "claude-desktop")).toBe(false);
    expect(stopsLoading(d("skill.frontmatter.yaml", "warning"), "claude-code")).toBe(false);
  });

  it("says a skill turned off in Desktop is off, and a clean skill loads without notes", () => {
    expect(
      clientFit(skill({ client: "claude-desktop", userOwned: false, desktop: desktop({ enabled: false }) })).verdict,
    ).toBe("turned-off");
    const clean = clientFit(skill());
    expect(clean).toMatchObject({
      verdict: "loads",
      headline: "Loads in Claude Code.",
      authorNotes: [],
      editable: true,
      instead: null,
    });
    expect(clientFit(skill({ client: "agents" })).headline).toBe("Agents that read this folder can load it.");
  });

  it("says what loads where and why when a skill with a rule error loads in its client", () => {
    const upper = d("skill.name.uppercase", "error", 'The name "Trip" has uppercase letters.');
    const fit = clientFit(skill({ client: "claude-code", diagnostics: [upper], valid: false }));
    expect(fit.verdict).toBe("loads");
    expect(fit.headline).toBe(
      'Loads in Claude Code despite 1 error against the Agent Skills rules: Claude Code loads it anyway, but other agents that check those rules may refuse it. The error: The name "Trip" has uppercase letters.',
    );
  });

  it("never says agents can load a skill with errors against the Agent Skills rules (author mode's folders)", () => {
    const badName = d("skill.name.uppercase", "error", 'The name "My_Skill" has uppercase letters.');
    for (const client of ["custom", "agents"] as const) {
      const fit = clientFit(skill({ client, diagnostics: [badName], valid: false }));
      expect(fit.verdict).toBe("may-not-load");
      expect(fit.headline).not.toMatch(/can load it/);
      expect(fit.headline).toBe(
        'Agents that check the Agent Skills rules will refuse this skill: The name "My_Skill" has uppercase letters.',
      );
    }
    const warned = clientFit(skill({ client: "custom", diagnostics: [d("skill.body.lines", "warning")] }));
    expect(warned.verdict).toBe("loads");
    expect(warned.headline).toMatch(/^Agents that read this folder can load it\. Some details/);
  });

  it("gives no advice to edit plugin caches and app folders, and says what to do instead", () => {
    const cached = clientFit(skill({ userOwned: false, pluginId: "p", diagnostics: [d("skill.name.uppercase")] }));
    expect(cached.editable).toBe(false);
    expect(cached.instead).toMatch(/plugin's author/);
    const managed = clientFit(
      skill({ client: "codex", userOwned: false, diagnostics: [d("skill.body.lines", "warning")] }),
    );
    expect(managed.instead).toMatch(/^Codex manages this folder/);
    expect(clientFit(skill({ userOwned: false })).instead).toBeNull();
  });

  it("treats a Desktop copy the user owns but Desktop syncs as not editable", () => {
    expect(clientFit(skill({ desktop: desktop({ syncManaged: true }) })).editable).toBe(false);
    expect(clientFit(skill({ desktop: desktop({ syncManaged: false }) })).editable).toBe(true);
    expect(clientFit(skill({ desktop: desktop({ syncManaged: null }) })).editable).toBe(true);
  });
});

describe("alsoLoadedIn", () => {
  const linked = (extra: Partial<Skill> = {}) =>
    skill({
      client: "agents",
      dir: "/h/.agents/skills/agentkey",
      realDir: "/h/.agents/skills/agentkey",
      placements: [
        { locationId: "a", client: "agents", path: "/h/.agents/skills/agentkey", link: false },
        { locationId: "c", client: "claude-code", path: "/h/.claude/skills/agentkey", link: true },
        { locationId: "c2", client: "claude-code", path: "/p/.claude/skills/agentkey", link: true },
        { locationId: "u", client: "cursor", path: "/h/.cursor/skills/agentkey", link: false },
      ],
      ...extra,
    });

  it("names each other client once, with the link or copy it loads the skill through", () => {
    expect(alsoLoadedIn(linked()).map((a) => a.sentence)).toEqual([
      "Works in Claude Code: yes, through the link in /h/.claude/skills",
      "Works in Cursor: yes, as the copy in /h/.cursor/skills",
    ]);
  });

  it("says no when nothing can load the folder, and nothing for a skill only its own client holds", () => {
    const broken = linked({ diagnostics: [d("skill.frontmatter.missing")], valid: false });
    expect(alsoLoadedIn(broken)[0]!.sentence).toBe(
      "Works in Claude Code: no, for the reason above, through the link in /h/.claude/skills",
    );
    expect(alsoLoadedIn(skill())).toEqual([]);
  });
});
