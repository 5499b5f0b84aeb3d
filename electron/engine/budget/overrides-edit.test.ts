// skillOverrides edited in place: every other byte kept, a file changed meanwhile refused, Undo byte for byte.
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test-support/tmp";
import { editedSettings, overrideEditHooks, setSkillOverride, undoRoot, undoSkillOverride } from "./overrides-edit";

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  overrideEditHooks.afterRead = undefined;
  await cleanup?.();
  cleanup = null;
});
async function dirs() {
  const t = await makeTempDir();
  cleanup = t.cleanup;
  return { file: path.join(t.dir, ".claude", "settings.json"), data: path.join(t.dir, "data") };
}

const ORIGINAL =
  '\uFEFF{\r\n\t"model": "opus",\r\n\t"big": 12345678901234567890,\r\n\t"skillOverrides": {\r\n\t\t"a": "off"\r\n\t},\r\n\t"z": [1,  2]\r\n}';

describe("editedSettings", () => {
  it("changes only the override's text: every byte before and after skillOverrides is the file's", () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== "skillOverrides");
    const value = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null));
    const members = fc.dictionary(key, value, { maxKeys: 4 });
    fc.assert(
      fc.property(
        members,
        members,
        fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.constantFrom("off", "name-only"), { maxKeys: 3 }),
        fc.constantFrom(0, 2, "\t"),
        fc.string({ minLength: 1, maxLength: 6 }),
        fc.constantFrom("off", "name-only", "user-invocable-only", "on"),
        (before, after, overrides, indent, name, mode) => {
          // The file with skillOverrides among other members; its value's text is known, so is the rest.
          const mark = "\u0000overrides\u0000";
          const shell = JSON.stringify({ ...before, skillOverrides: mark, ...after }, null, indent);
          const markText = JSON.stringify(mark);
          const pad = typeof indent === "number" ? " ".repeat(indent) : indent;
          const valueText = JSON.stringify(overrides, null, indent).replace(/\n/g, `\n${pad}`);
          const head = shell.slice(0, shell.indexOf(markText));
          const tail = shell.slice(shell.indexOf(markText) + markText.length);
          const text = head + valueText + tail;
          const edited = editedSettings(text, name, mode as "off");
          expect(edited).not.toBeNull();
          expect(edited!.startsWith(head)).toBe(true);
          expect(edited!.endsWith(tail)).toBe(true);
          expect(edited!.length).toBeGreaterThanOrEqual(head.length + tail.length);
          const want = { ...overrides } as Record<string, string>;
          if (mode === "on") delete want[name];
          else want[name] = mode;
          expect(JSON.parse(edited!.slice(head.length, edited!.length - tail.length))).toEqual(want);
        },
      ),
    );
  });

  it("adds a skillOverrides object at the end when the file has none", () => {
    expect(editedSettings('{\n  "model": "opus"\n}\n', "x", "off")).toBe(
      '{\n  "model": "opus",\n  "skillOverrides": {\n    "x": "off"\n  }\n}\n',
    );
  });
});

describe("setSkillOverride and undoSkillOverride", () => {
  it("edits in place keeping BOM, CRLF, tabs and big numbers, and Undo restores every byte and the mode", async () => {
    const { file, data } = await dirs();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, ORIGINAL, { mode: 0o640 });
    const before = await readFile(file);
    const change = await setSkillOverride(file, "b", "name-only", data);
    expect(change.changed).toBe(true);
    const after = await readFile(file, "utf8");
    expect(after).toBe(ORIGINAL.replace('"a": "off"', '"a": "off",\r\n\t\t"b": "name-only"'));
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    const record = path.join(undoRoot(data), `${change.undoId}.json`);
    expect((await stat(record)).mode & 0o777).toBe(0o600);
    await undoSkillOverride(data, change.undoId);
    expect(Buffer.compare(await readFile(file), before)).toBe(0);
    await expect(undoSkillOverride(data, change.undoId)).rejects.toMatchObject({ code: "budget.undo.none" });
  });

  it("creates a missing settings file, and Undo removes it again", async () => {
    const { file, data } = await dirs();
    const change = await setSkillOverride(file, "x", "off", data);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ skillOverrides: { x: "off" } });
    await undoSkillOverride(data, change.undoId);
    await expect(stat(file)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses a file another program changed while it was edited, and leaves that program's bytes", async () => {
    const { file, data } = await dirs();
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{"model":"opus"}');
    overrideEditHooks.afterRead = async () => {
      await writeFile(file, '{"model":"sonnet"}');
    };
    await expect(setSkillOverride(file, "x", "off", data)).rejects.toMatchObject({ code: "budget.settings.changed" });
    expect(await readFile(file, "utf8")).toBe('{"model":"sonnet"}');
  });

  it("refuses Undo when the file changed after the edit, and a file that is not JSON", async () => {
    const { file, data } = await dirs();
    const change = await setSkillOverride(file, "x", "off", data);
    await writeFile(file, '{"skillOverrides":{"x":"on"}}');
    await expect(undoSkillOverride(data, change.undoId)).rejects.toMatchObject({ code: "budget.settings.changed" });
    await writeFile(file, "{ not json");
    await expect(setSkillOverride(file, "x", "off", data)).rejects.toMatchObject({
      code: "budget.settings.unusable",
    });
    expect(await readFile(file, "utf8")).toBe("{ not json");
  });
});
