import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commands } from "./index";

const here = import.meta.dirname;

describe("the lazy command registry", () => {
  it("names and summaries match each command's own module", async () => {
    for (const entry of commands) {
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({ name: entry.name, summary: entry.summary });
    }
  });

  it("registers every command module beside it, once", () => {
    const exported = readdirSync(here)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) =>
        [
          ...readFileSync(path.join(here, f), "utf8").matchAll(/export const \w+: CliCommand = \{\s*name: "([^"]+)"/g),
        ].map((m) => m[1]!),
      );
    expect([...exported].sort()).toEqual(commands.map((c) => c.name).sort());
    expect(new Set(commands.map((c) => c.name)).size).toBe(commands.length);
  });
});
