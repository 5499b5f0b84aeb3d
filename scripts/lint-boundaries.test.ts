// The layer boundaries are lint rules that hold on relative paths too: each planted violation, in a temporary copy of
// the lint config with a small tree of stub modules, must fail lint, and each allowed import of the same kind must pass.
import { copyFile, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, writeTree } from "../test-support/tmp";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Modules the planted files import: each exports `thing`, so only the import itself can be wrong. */
const stubs = [
  "electron/engine/x.ts",
  "electron/engine/discovery/scan.ts",
  "electron/engine/discovery/read.ts",
  "electron/engine/archive/extract-zip.ts",
  "electron/main/window.ts",
  "electron/main/app-page.ts",
  "electron/handlers/handlers.ts",
  "electron/host/server.ts",
  "electron/cli/run.ts",
  "electron/preload/api.ts",
  "shared/model.ts",
  "shared/ipc.ts",
  "renderer/src/lib/format.ts",
  "renderer/src/catalog/list.tsx",
];

/** A file that imports `spec` and uses what it imports (so nothing but the import can fail). */
const importing = (spec: string, names = "thing") =>
  `import { ${names} } from "${spec}";\nexport const used = [${names}];\n`;

/** Each planted violation: the file, its code, and the rule that must reject it. */
const violations: { name: string; file: string; code: string; rule: string }[] = [
  {
    name: "renderer → ../../electron/engine/...",
    file: "renderer/src/app.ts",
    code: importing("../../electron/engine/discovery/scan"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "renderer → electron/main by a relative path",
    file: "renderer/src/catalog/view.tsx",
    code: importing("../../../electron/main/window"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "renderer → electron",
    file: "renderer/src/app.ts",
    code: importing("electron", "ipcRenderer"),
    rule: "no-restricted-imports",
  },
  {
    name: "renderer → node:path",
    file: "renderer/src/app.ts",
    code: 'import path from "node:path";\nexport const used = path;\n',
    rule: "import-x/no-nodejs-modules",
  },
  {
    name: "engine → ../main/window",
    file: "electron/engine/y.ts",
    code: importing("../main/window"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "engine → handlers",
    file: "electron/engine/discovery/y.ts",
    code: importing("../../handlers/handlers"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "engine → host",
    file: "electron/engine/y.ts",
    code: importing("../host/server"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "engine → cli",
    file: "electron/engine/y.ts",
    code: importing("../cli/run"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "engine → preload",
    file: "electron/engine/y.ts",
    code: importing("../preload/api"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "engine → ../../shared/ipc",
    file: "electron/engine/discovery/y.ts",
    code: importing("../../../shared/ipc"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "engine → ../../shared/ipc (type only)",
    file: "electron/engine/y.ts",
    code: 'import type { thing } from "../../shared/ipc";\nexport type Used = typeof thing;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "engine → electron",
    file: "electron/engine/y.ts",
    code: importing("electron", "app"),
    rule: "no-restricted-imports",
  },
  {
    name: "shared → ../electron/engine/x",
    file: "shared/y.ts",
    code: importing("../electron/engine/x"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "shared → renderer",
    file: "shared/y.ts",
    code: importing("../renderer/src/lib/format"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "shared → fs/promises",
    file: "shared/y.ts",
    code: importing("fs/promises", "readFile"),
    rule: "import-x/no-nodejs-modules",
  },
  {
    name: "shared → node:fs",
    file: "shared/y.ts",
    code: importing("node:fs", "readFileSync"),
    rule: "import-x/no-nodejs-modules",
  },
  { name: "shared → electron", file: "shared/y.ts", code: importing("electron", "app"), rule: "no-restricted-imports" },
  {
    name: "handlers → electron",
    file: "electron/handlers/y.ts",
    code: importing("electron", "shell"),
    rule: "no-restricted-imports",
  },
  {
    name: "handlers → main",
    file: "electron/handlers/y.ts",
    code: importing("../main/window"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "preload → node:fs",
    file: "electron/preload/y.ts",
    code: importing("node:fs", "readFileSync"),
    rule: "import-x/no-nodejs-modules",
  },
  {
    name: "preload → the engine",
    file: "electron/preload/y.ts",
    code: importing("../engine/x"),
    rule: "import-x/no-restricted-paths",
  },
  {
    name: "ipcMain used in electron/main/menu.ts",
    file: "electron/main/menu.ts",
    code: 'import { ipcMain } from "electron";\nipcMain.on("x", () => undefined);\n',
    rule: "no-restricted-imports",
  },
  {
    name: "electron.ipcMain used in electron/main/menu.ts",
    file: "electron/main/menu.ts",
    code: 'import * as electron from "electron";\nelectron.ipcMain.on("x", () => undefined);\n',
    rule: "no-restricted-properties",
  },
  {
    name: "engine → node:fs/promises' writeFile (the one writer)",
    file: "electron/engine/apply/y.ts",
    code: importing("node:fs/promises", "writeFile"),
    rule: "no-restricted-imports",
  },
  {
    name: "cli → fs's createWriteStream",
    file: "electron/cli/y.ts",
    code: importing("fs", "createWriteStream"),
    rule: "no-restricted-imports",
  },
  {
    name: "main → node:fs' renameSync",
    file: "electron/main/y.ts",
    code: importing("node:fs", "renameSync"),
    rule: "no-restricted-imports",
  },
  {
    name: "main's IPC module → node:fs/promises' symlink",
    file: "electron/main/ipc.ts",
    code: importing("node:fs/promises", "symlink"),
    rule: "no-restricted-imports",
  },
  {
    name: "handlers → node:fs as a default import (fs.writeFileSync)",
    file: "electron/handlers/y.ts",
    code: 'import fs from "node:fs";\nfs.writeFileSync("x", "y");\n',
    rule: "no-restricted-imports",
  },
  {
    name: "engine → node:fs/promises as a namespace (fs.copyFile)",
    file: "electron/engine/y.ts",
    code: 'import * as fs from "node:fs/promises";\nexport const copied = fs.copyFile("a", "b");\n',
    rule: "no-restricted-imports",
  },
  {
    name: "host → open() with a write flag",
    file: "electron/host/y.ts",
    code: 'import { open } from "node:fs/promises";\nexport const handle = open("x", "wx", 0o600);\n',
    rule: "no-restricted-syntax",
  },
  {
    name: "engine → openSync() with O_CREAT",
    file: "electron/engine/discovery/y.ts",
    code: 'import { constants, openSync } from "node:fs";\nexport const fd = openSync("x", constants.O_WRONLY | constants.O_CREAT);\n',
    rule: "no-restricted-syntax",
  },
  {
    name: "cli → JSON.parse of a file read without the bounded reader",
    file: "electron/cli/y.ts",
    code: 'import { readFileSync } from "node:fs";\nexport const value: unknown = JSON.parse(readFileSync("x.json", "utf8"));\n',
    rule: "no-restricted-syntax",
  },
  {
    name: "engine → the tar parser outside archive/extract*",
    file: "electron/engine/skill/y.ts",
    code: importing("tar", "Parser"),
    rule: "no-restricted-imports",
  },
  {
    name: "handlers → fflate's unzipSync",
    file: "electron/handlers/y.ts",
    code: importing("fflate", "unzipSync"),
    rule: "no-restricted-imports",
  },
  {
    name: "main → node:zlib's gunzipSync",
    file: "electron/main/y.ts",
    code: importing("node:zlib", "gunzipSync"),
    rule: "no-restricted-imports",
  },
  {
    name: "engine → the zip lister past readArchive",
    file: "electron/engine/apply/y.ts",
    code: importing("../archive/extract-zip"),
    rule: "no-restricted-imports",
  },
  {
    name: "handlers → a data folder of their own (env.SKILLSHELF_DATA_DIR)",
    file: "electron/handlers/y.ts",
    code: 'import path from "node:path";\nexport const data = (env: NodeJS.ProcessEnv, home: string) => env.SKILLSHELF_DATA_DIR ?? path.join(home, "data");\n',
    rule: "no-restricted-syntax",
  },
  {
    name: 'cli → a data folder of its own (env["SKILLSHELF_DATA_DIR"])',
    file: "electron/cli/y.ts",
    code: 'export const data = (env: NodeJS.ProcessEnv) => env["SKILLSHELF_DATA_DIR"];\n',
    rule: "no-restricted-syntax",
  },
  {
    name: "a relative import across layers that resolves nowhere",
    file: "renderer/src/app.ts",
    code: importing("../../electron/engine/missing"),
    rule: "import-x/no-unresolved",
  },
];

/** Allowed imports of each kind: these must lint clean. */
const allowed: { name: string; file: string; code: string }[] = [
  { name: "renderer → shared", file: "renderer/src/app.ts", code: importing("../../shared/model") },
  { name: "renderer → its own code", file: "renderer/src/catalog/view.tsx", code: importing("../lib/format") },
  { name: "shared → shared", file: "shared/y.ts", code: importing("./model") },
  {
    name: "engine → shared's data model and node",
    file: "electron/engine/discovery/y.ts",
    code: `${importing("../../../shared/model")}import { readFile } from "node:fs/promises";\nexport const read = readFile;\n`,
  },
  { name: "engine → engine", file: "electron/engine/y.ts", code: importing("./discovery/read") },
  {
    name: "handlers → engine, shared/ipc and node",
    file: "electron/handlers/y.ts",
    code: `${importing("../engine/x")}import { thing as contract } from "../../shared/ipc";\nimport { stat } from "node:fs/promises";\nexport const more = [contract, stat];\n`,
  },
  {
    name: "preload → electron and shared",
    file: "electron/preload/y.ts",
    code: `${importing("electron", "contextBridge, ipcRenderer")}import { thing } from "../../shared/ipc";\nexport const contract = thing;\n`,
  },
  { name: "main's IPC module → ipcMain", file: "electron/main/ipc.ts", code: importing("electron", "ipcMain") },
  {
    name: "engine → reading with node:fs (open read-only, readFile, a folder, a removal)",
    file: "electron/engine/y.ts",
    code: 'import { constants, openSync } from "node:fs";\nimport { mkdir, open, readFile, rm } from "node:fs/promises";\nexport const used = [openSync("x", constants.O_RDONLY | constants.O_NOFOLLOW), open("x", "r"), readFile, mkdir, rm];\n',
  },
  {
    name: "the writer → node's writing functions",
    file: "electron/engine/fs/write.ts",
    code: 'import { constants } from "node:fs";\nimport { link, open, rename, symlink, writeFile } from "node:fs/promises";\nexport const used = [link, rename, symlink, writeFile, open("x", constants.O_WRONLY | constants.O_CREAT)];\n',
  },
  {
    name: "a test and a test fixture builder → writeFile",
    file: "electron/handlers/testing/y.ts",
    code: importing("node:fs/promises", "writeFile"),
  },
  {
    name: "the one module that makes the data folder → SKILLSHELF_DATA_DIR",
    file: "electron/engine/app-data/data-dir.ts",
    code: "export const data = (env: NodeJS.ProcessEnv) => env.SKILLSHELF_DATA_DIR;\n",
  },
  {
    name: "the bounded reader → JSON.parse",
    file: "electron/engine/fs/json-limits.ts",
    code: "export const value: unknown = JSON.parse('[1]');\n",
  },
  {
    name: "the archive reader → the zip lister, node:zlib and tar",
    file: "electron/engine/archive/extract.ts",
    code: `${importing("./extract-zip")}import { inflateRawSync } from "node:zlib";\nimport { Parser } from "tar";\nexport const more = [inflateRawSync, Parser];\n`,
  },
  {
    name: "packing → fflate's zipSync and a type of the archive reader",
    file: "electron/engine/archive/pack.ts",
    code: 'import { zipSync } from "fflate";\nimport type { thing } from "./extract-zip";\nexport const used: typeof thing | typeof zipSync = zipSync;\n',
  },
  {
    name: "an engine test → writeFile",
    file: "electron/engine/y.test.ts",
    code: importing("node:fs", "writeFileSync"),
  },
  {
    name: "main → electron, engine and handlers",
    file: "electron/main/y.ts",
    code: `${importing("electron", "app")}import { thing as engine } from "../engine/x";\nimport { thing as handlers } from "../handlers/handlers";\nexport const more = [engine, handlers];\n`,
  },
  {
    name: "host → engine, handlers and node",
    file: "electron/host/y.ts",
    code: `${importing("../engine/x")}import { thing as handlers } from "../handlers/handlers";\nimport http from "node:http";\nexport const more = [handlers, http];\n`,
  },
];

let root = "";
let cleanup: () => Promise<void> = async () => undefined;
let eslint: ESLint;

beforeAll(async () => {
  ({ dir: root, cleanup } = await makeTempDir("skillshelf-lint-"));
  await copyFile(path.join(repo, "eslint.config.js"), path.join(root, "eslint.config.js"));
  await copyFile(path.join(repo, "package.json"), path.join(root, "package.json"));
  await symlink(path.join(repo, "node_modules"), path.join(root, "node_modules"), "dir");
  await writeTree(root, Object.fromEntries(stubs.map((file) => [file, "export const thing = 1;\n"])));
  eslint = new ESLint({ cwd: root });
});

afterAll(() => cleanup());

/** Lints one planted file, written to the temporary copy, and returns the rules it broke. */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  await writeTree(root, { [file]: code });
  const [result] = await eslint.lintFiles([path.join(root, file)]);
  return result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

describe("layer boundaries in eslint.config.js", () => {
  it.each(violations)("rejects $name", async ({ file, code, rule }) => {
    expect(await rulesBroken(file, code)).toContain(rule);
  });

  it.each(allowed)("accepts $name", async ({ file, code }) => {
    expect(await rulesBroken(file, code)).toEqual([]);
  });

  it("rejects an import cycle in the engine", async () => {
    await writeTree(root, { "electron/engine/cycle-b.ts": importing("./cycle-a") });
    expect(await rulesBroken("electron/engine/cycle-a.ts", importing("./cycle-b"))).toContain("import-x/no-cycle");
  });
});

/** Planted mistakes in a component, each with the rule that must reject it, and the fixed version that must pass. */
const componentRules: { name: string; rule: string; bad: string; good: string }[] = [
  {
    name: "an image without a text alternative",
    rule: "jsx-a11y/alt-text",
    bad: 'export const Chart = () => <img src="chart.png" />;\n',
    good: 'export const Chart = () => <img src="chart.png" alt="Skills by client" />;\n',
  },
  {
    name: "a clickable element the keyboard cannot use",
    rule: "jsx-a11y/click-events-have-key-events",
    bad: "export const Open = (props: { go: () => void }) => <div onClick={props.go}>Open</div>;\n",
    good: 'export const Open = (props: { go: () => void }) => (\n  <button type="button" onClick={props.go}>\n    Open\n  </button>\n);\n',
  },
  {
    name: "state copied from props in an effect",
    rule: "react-hooks/set-state-in-effect",
    bad: [
      'import { useEffect, useState } from "react";',
      "export function Name(props: { name: string }) {",
      '  const [shown, setShown] = useState("");',
      "  useEffect(() => {",
      "    setShown(props.name.trim());",
      "  }, [props.name]);",
      "  return <p>{shown}</p>;",
      "}",
      "",
    ].join("\n"),
    good: "export function Name(props: { name: string }) {\n  return <p>{props.name.trim()}</p>;\n}\n",
  },
];

describe("renderer component rules in eslint.config.js", () => {
  it.each(componentRules)("rejects $name ($rule) and accepts its fix", async ({ rule, bad, good }) => {
    expect(await rulesBroken("renderer/src/catalog/planted.tsx", bad)).toContain(rule);
    expect(await rulesBroken("renderer/src/catalog/planted.tsx", good)).toEqual([]);
  });
});
