// Each rule docs/architecture.md states about the code, mapped to what holds it: a violation planted under the real
// lint config (linted as text, never written into the repository) must fail lint, and the inventory of modules that
// write whole files must match the code. A claim whose words change in the page fails here until its check is revisited.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let page = "";
let eslint: ESLint;

beforeAll(async () => {
  page = (await readFile(path.join(repo, "docs/architecture.md"), "utf8")).replace(/\s+/g, " ");
  eslint = new ESLint({ cwd: repo });
});

/** The rules a planted file breaks under the repository's own lint config. */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** Each claim (words of the page), and violations of it that lint must refuse. */
const linted: { claim: string; plants: { file: string; code: string; rule: string }[] }[] = [
  {
    claim: "The engine never imports electron, main, host, handlers, cli or preload",
    plants: [
      {
        file: "electron/engine/apply/planted.ts",
        code: 'import { app } from "electron";\nexport const used = app;\n',
        rule: "no-restricted-imports",
      },
    ],
  },
  {
    claim: "Every file and link Skillshelf writes goes through `engine/fs/write.ts`",
    plants: [
      {
        file: "electron/engine/apply/planted.ts",
        code: 'import { writeFile } from "node:fs/promises";\nexport const used = writeFile;\n',
        rule: "no-restricted-imports",
      },
      {
        file: "electron/engine/manage/planted.ts",
        code: 'import { symlink } from "node:fs/promises";\nexport const used = symlink;\n',
        rule: "no-restricted-imports",
      },
      {
        file: "electron/host/planted.ts",
        code: 'import { openSync } from "node:fs";\nexport const fd = openSync("x", "a");\n',
        rule: "no-restricted-syntax",
      },
    ],
  },
  {
    claim: "every rename through `fs/rename-retry.ts`",
    plants: [
      {
        file: "electron/engine/apply/planted.ts",
        code: 'import { rename } from "node:fs/promises";\nexport const used = rename;\n',
        rule: "no-restricted-imports",
      },
    ],
  },
  {
    claim:
      "a lint rule keeps the tar parser, the decompressors and the zip and tar listers inside `archive/extract*.ts`",
    plants: [
      {
        file: "electron/engine/updates/planted.ts",
        code: 'import { Parser } from "tar";\nexport const used = Parser;\n',
        rule: "no-restricted-imports",
      },
      {
        file: "electron/engine/skill/planted.ts",
        code: 'import { unzipSync } from "fflate";\nexport const used = unzipSync;\n',
        rule: "no-restricted-imports",
      },
    ],
  },
  {
    claim: "refuses `SKILLSHELF_DATA_DIR` in any other module",
    plants: [
      {
        file: "electron/handlers/planted.ts",
        code: "export const data = (env: NodeJS.ProcessEnv) => env.SKILLSHELF_DATA_DIR;\n",
        rule: "no-restricted-syntax",
      },
      {
        file: "electron/engine/manage/planted.ts",
        code: 'export const data = (env: NodeJS.ProcessEnv) => env["SKILLSHELF_DATA_DIR"];\n',
        rule: "no-restricted-syntax",
      },
    ],
  },
  {
    claim: "a lint rule (`lifecycleInternals` in `eslint.config.js`) refuses their importing those functions around it",
    plants: [
      {
        file: "electron/handlers/planted.ts",
        code: 'import { restoreRemoved } from "../engine/manage/remove";\nexport const used = restoreRemoved;\n',
        rule: "no-restricted-imports",
      },
      {
        file: "electron/cli/commands/planted.ts",
        code: 'import { recoverInterruptedAdds } from "../../engine/manage/add-journal";\nexport const used = recoverInterruptedAdds;\n',
        rule: "no-restricted-imports",
      },
    ],
  },
  {
    claim: "A lint rule refuses `JSON.parse` elsewhere",
    plants: [
      {
        file: "electron/main/planted.ts",
        code: 'import { readFileSync } from "node:fs";\nexport const value: unknown = JSON.parse(readFileSync("x", "utf8"));\n',
        rule: "no-restricted-syntax",
      },
    ],
  },
];

describe("docs/architecture.md's rules are held by lint", () => {
  it.each(linted)("$claim", async ({ claim, plants }) => {
    expect(page).toContain(claim);
    for (const { file, code, rule } of plants) expect(await rulesBroken(file, code), file).toContain(rule);
  });
});

/**
 * The modules that write whole files through the writer, and what each writes. A new one is added here on purpose:
 * the installer's lock in particular is written by lock-edit.ts alone.
 */
const fileWriters: Record<string, string> = {
  "electron/engine/app-data/data-trust.ts":
    "every file of the data folder, 0600: journals, add journals, removal and backup records, manifests, the history, the swap lock, budget undo records",
  "electron/engine/archive/pack.ts": "packed .skill archives",
  "electron/engine/budget/overrides-edit.ts":
    "Claude Code's settings (skillOverrides, in place) and their undo records",
  "electron/engine/catalog-snapshot/snapshot.ts": "the stored catalog shown at start",
  "electron/engine/settings.ts": "settings and their backup",
  "electron/engine/skill-lock/lock-edit.ts": "the skills installer's lock",
  "electron/engine/updates/json-cache-folder.ts": "update-check caches",
  "electron/engine/updates/last-updates.ts": "the last update results",
  "electron/engine/updates/stdio-consent.ts": "consents to start local servers",
  "electron/engine/validate-cache/run-index.ts": "validate's kept runs",
  "electron/engine/validate-cache/store.ts": "validate's cache",
  "electron/host/open-page.ts": "the web host's sign-in page",
  "electron/main/json-file.ts": "main's JSON files (window state)",
};

/** Every production .ts file under electron/ (tests and test fixture builders left out). */
async function productionFiles(dir = "electron"): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(repo, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "testing") out.push(...(await productionFiles(rel)));
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) out.push(rel);
  }
  return out;
}

describe("docs/architecture.md's lock rule", () => {
  it("the installer's lock is edited only through lock-edit.ts: the modules writing whole files are these", async () => {
    expect(page).toContain("edited only through `engine/skill-lock/lock-edit.ts`");
    const writers: string[] = [];
    for (const file of await productionFiles()) {
      if (file.startsWith("electron/engine/fs/")) continue;
      const text = await readFile(path.join(repo, file), "utf8");
      if (/\b(writeFileAtomic|writeJsonAtomic|backupFile|replaceFileSync)\(/.test(text)) writers.push(file);
    }
    expect(writers.sort()).toEqual(Object.keys(fileWriters).sort());
  });
});

/** Claims of the page held by a named test: the page names the test, and the test file is there. */
const heldByTests: { claim: string; test: string }[] = [
  {
    claim: "Every folder of the data folder is made 0700 and every file in it written 0600 by one writer",
    test: "electron/engine/app-data/data-modes.test.ts",
  },
  {
    claim: "An add journal is trusted no more loosely than a removal record",
    test: "electron/engine/manage/add-journal-trust.test.ts",
  },
  {
    claim:
      "An add journal, which recovery follows to delete, rename and link, is held to the same rule by the same code",
    test: "electron/engine/manage/add-journal-trust.test.ts",
  },
  {
    claim: "Root's rollback refuses a removal record an unprivileged user's own `skillshelf` wrote",
    test: "electron/cli/commands/rollback-home.test.ts",
  },
];

describe("docs/architecture.md's claims held by tests", () => {
  it.each(heldByTests)("$claim ($test)", async ({ claim, test }) => {
    expect(page).toContain(claim);
    expect(page).toContain(path.basename(path.dirname(test)) + "/" + path.basename(test));
    await expect(readFile(path.join(repo, test), "utf8")).resolves.toContain("describe(");
  });
});
