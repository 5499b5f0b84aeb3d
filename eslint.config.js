// Lint: TypeScript rules plus the process boundaries of docs/architecture.md, enforced on package names and on
// resolved relative paths alike (a relative import across layers fails as surely as a banned package).
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import jsxA11y from "eslint-plugin-jsx-a11y";

const root = import.meta.dirname;
const why = "(layers: docs/architecture.md)";
const electronPackage = { name: "electron", message: `electron is not allowed here ${why}.` };
const rawIpc = {
  name: "electron",
  importNames: ["ipcMain", "ipcRenderer"],
  message: `raw ipcMain/ipcRenderer belong only in electron/main/ipc.ts and electron/preload ${why}.`,
};
const rawIpcProperties = ["ipcMain", "ipcRenderer"].map((property) => ({
  object: "electron",
  property,
  message: rawIpc.message,
}));
const noNode = ["error", { allow: [] }];

// The one writer (docs/architecture.md): node's functions that create, fill or rename files and links are imported
// only by engine/fs/write.ts, fs/rename-retry.ts (the rename with Windows' retries) and fs/replace-file-sync.ts (the
// cache file the bin replaces as it exits, without loading the writer). A namespace or default import
// of node:fs would reach them too, so it is refused as well; open() with a write flag is caught by writeFlags below.
// Not listed: mkdir/mkdtemp (an empty folder), rm/unlink (removal), chmod (permissions), the reading functions.
const writer =
  "writes go through electron/engine/fs/write.ts (renames through fs/rename-retry.ts) (docs/architecture.md)";
const writingFunctions = ["writeFile", "appendFile", "copyFile", "cp", "link", "symlink", "rename", "write", "writev"]
  .concat(["truncate", "ftruncate"])
  .flatMap((name) => [name, `${name}Sync`]);
const fsWrites = ["node:fs", "fs", "node:fs/promises", "fs/promises"].map((name) => ({
  name,
  importNames: [...writingFunctions, "createWriteStream", "promises", "default"],
  message: `${writer}.`,
}));
const writeFlags = [
  {
    selector: "MemberExpression[property.name=/^O_(WRONLY|RDWR|CREAT|APPEND|TRUNC)$/]",
    message: `opening a file for writing: ${writer}.`,
  },
  {
    selector: "CallExpression[callee.name=/^open(Sync)?$/][arguments.1.type='Literal'][arguments.1.value=/[wa+]/]",
    message: `opening a file for writing: ${writer}.`,
  },
];
// Every JSON Skillshelf parses (files, caches, server answers, request bodies) goes through engine/fs/json-limits.ts,
// which refuses what is too large or nested too deeply before JSON.parse builds it.
const unboundedJson = {
  selector: "CallExpression[callee.object.name='JSON'][callee.property.name='parse']",
  message: "JSON is parsed through electron/engine/fs/json-limits.ts (size and depth limits) (docs/architecture.md).",
};
// The data folder (journals, backups, removal records) belongs to the user running Skillshelf: one function makes it,
// from the environment and that user's home, never from --home (docs/architecture.md).
const dataFolderBuilt = {
  selector: "MemberExpression[property.name='SKILLSHELF_DATA_DIR'], Literal[value='SKILLSHELF_DATA_DIR']",
  message: "the data folder is made by electron/engine/app-data/data-dir.ts alone (docs/architecture.md).",
};
/** The one module that makes the data folder. */
const makesDataFolder = ["electron/engine/app-data/data-dir.ts"];
/** Where JSON.parse itself may be called, each for a reason. */
const parsesJson = [
  // The bounded reader itself.
  "electron/engine/fs/json-limits.ts",
  // parseJson reports the position of a syntax error; its callers (plugin manifests) run jsonLimitProblem first.
  // decodeJsonString parses one string token.
  "electron/engine/plugin/json-position.ts",
  // Parses one member name (a string token) of a lock already parsed within limits.
  "electron/engine/skill-lock/json-text.ts",
];
// Every archive is read by engine/archive/extract.ts's readArchive, so extract-rules.ts judges each entry the same way
// everywhere: the tar parser, the decompressors and the zip and tar listers are imported only by archive/extract*.ts.
const archiveWhy =
  "archives are read only through electron/engine/archive/extract.ts's readArchive (docs/architecture.md).";
const decompressors = ["inflate", "inflateRaw", "gunzip", "unzip", "brotliDecompress"].flatMap((name) => [
  name,
  `${name}Sync`,
  `create${name[0].toUpperCase()}${name.slice(1)}`,
]);
const archiveReading = {
  paths: [
    { name: "tar", message: archiveWhy },
    { name: "node:zlib", importNames: [...decompressors, "default"], message: archiveWhy },
    { name: "zlib", importNames: [...decompressors, "default"], message: archiveWhy },
    {
      name: "fflate",
      importNames: ["unzip", "unzipSync", "Unzip", "UnzipInflate", "AsyncUnzipInflate", "UnzipPassThrough"]
        .concat(["decompress", "decompressSync", "Decompress", "gunzip", "gunzipSync", "Gunzip", "AsyncGunzip"])
        .concat(["inflate", "inflateSync", "Inflate", "AsyncInflate", "unzlib", "unzlibSync", "Unzlib"]),
      message: archiveWhy,
    },
  ],
  patterns: [{ group: ["**/extract-zip", "**/extract-tar"], allowTypeImports: true, message: archiveWhy }],
};
const archiveReaders = ["electron/engine/archive/extract*.ts"];
// The CLI and the handlers are thin adapters over the lifecycle service: what adds, removes, shares, restores, undoes or
// recovers (and records it in the one history) is reached through engine/lifecycle/service.ts, never around it.
const lifecycleWhy =
  "the CLI and the handlers add, remove, restore, undo and recover through the LifecycleService (electron/engine/lifecycle/service.ts) (docs/architecture.md).";
const lifecycleInternals = [
  ["**/engine/manage/remove", ["planRemove", "removeSkill", "restoreRemoved", "latestRemoval"]],
  ["**/engine/manage/add", ["addSkill", "planAdd"]],
  ["**/engine/manage/share", ["shareSkill"]],
  ["**/engine/manage/add-journal", ["recoverAddJournal", "recoverInterruptedAdds"]],
  ["**/engine/lifecycle/history", ["undoRecorded", "recordHistory"]],
  ["**/engine/transaction/swap", ["rollback", "recoverInterrupted"]],
]
  .map(([path, importNames]) => ({ group: [path], importNames, message: lifecycleWhy }))
  .concat({ group: ["**/engine/manage/record-places", "**/engine/manage/journaled-place"], message: lifecycleWhy });
/** The front ends over the lifecycle service. */
const frontEnds = ["electron/handlers/**/*.ts", "electron/cli/**/*.ts"];

/** no-restricted-imports with these paths, plus the archive readers' packages and modules unless `readsArchives`. */
const restrictImports = (paths, readsArchives = false) => [
  "error",
  readsArchives ? { paths } : { paths: [...paths, ...archiveReading.paths], patterns: archiveReading.patterns },
];

/** Where node's writing functions may be used: the writer itself, tests and the fixtures tests build. */
const mayWrite = [
  "electron/engine/fs/write.ts",
  "electron/engine/fs/rename-retry.ts",
  "electron/engine/fs/replace-file-sync.ts",
  "**/*.test.ts",
  "electron/**/testing/**",
];
const allLayers = ["./electron", "./renderer", "./protocol", "./scripts", "./bench", "./e2e", "./test-support"];
const only = (...allowed) => allLayers.filter((layer) => !allowed.includes(layer));

/** Which folders each layer may not reach, by resolved path (so `../../electron/engine/x` counts like a package). */
const zones = [
  { target: "./shared", from: only(), message: `shared/ imports only shared/ ${why}.` },
  {
    target: "./renderer",
    from: only("./renderer"),
    message: `renderer/ imports only shared/ and its own code ${why}.`,
  },
  {
    target: "./electron/engine",
    from: [
      "./electron/main",
      "./electron/host",
      "./electron/handlers",
      "./electron/cli",
      "./electron/preload",
      "./renderer",
      "./shared/ipc.ts",
    ],
    message: `the engine never imports main, host, handlers, cli, preload nor the IPC contract ${why}.`,
  },
  {
    target: "./electron/handlers",
    from: ["./electron/main", "./electron/host", "./electron/cli", "./electron/preload", "./renderer"],
    message: `handlers never import main, host, cli nor preload ${why}.`,
  },
  {
    target: "./electron/preload",
    from: [
      "./electron/main",
      "./electron/host",
      "./electron/handlers",
      "./electron/cli",
      "./electron/engine",
      "./renderer",
    ],
    message: `the preload imports only electron and shared/ ${why}.`,
  },
  {
    target: ["./electron/cli", "./electron/host"],
    from: ["./electron/main", "./electron/preload", "./renderer"],
    message: `cli and host never import main nor preload ${why}.`,
  },
  {
    target: "./electron/main",
    from: ["./electron/cli", "./electron/preload", "./renderer"],
    message: `main never imports cli, preload nor renderer/ ${why}.`,
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "release/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "coverage/**",
      "**/fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs", ".cjs"],
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".node"] }),
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-control-regex": "off",
      "import-x/no-restricted-paths": ["error", { basePath: root, zones }],
      // A relative import that resolves nowhere would slip past the zones above: it must resolve.
      "import-x/no-unresolved": ["error", { ignore: ["^[^.]"] }],
    },
  },
  {
    files: ["electron/**/*.ts", "shared/**/*.ts", "renderer/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The installed plugin's whole recommended set (the React Compiler's rules: set-state-in-effect, refs, purity...),
    // every one an error: state is derived or reset by key, never copied in an effect.
    files: ["renderer/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, "error"])),
  },
  {
    // Accessibility of the markup (labels, roles, keyboard reachability), every recommended rule an error.
    files: ["renderer/**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: Object.fromEntries(
      Object.entries(jsxA11y.flatConfigs.recommended.rules).map(([rule, level]) => [
        rule,
        Array.isArray(level) ? ["error", ...level.slice(1)] : level === "off" ? "off" : "error",
      ]),
    ),
  },
  {
    // A scrolling block of text (a file, a diff, a command's output) must be reachable by keyboard (axe's
    // scrollable-region-focusable): it is a named region, and a region may take the focus.
    files: ["renderer/**/*.tsx"],
    rules: {
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true },
      ],
    },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      "no-restricted-imports": ["error", { paths: [electronPackage] }],
      "import-x/no-nodejs-modules": noNode,
      "no-restricted-globals": ["error", "require", "process", "__dirname", "Buffer"],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [electronPackage] }],
      "import-x/no-nodejs-modules": noNode,
      "no-restricted-globals": ["error", "require", "process", "__dirname", "Buffer", "window", "document"],
    },
  },
  {
    files: ["electron/engine/**/*.ts", "electron/handlers/**/*.ts", "electron/cli/**/*.ts", "electron/host/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [electronPackage] }] },
  },
  {
    files: ["electron/engine/**/*.ts", "electron/handlers/**/*.ts", "electron/cli/**/*.ts", "electron/host/**/*.ts"],
    ignores: mayWrite,
    rules: { "no-restricted-imports": restrictImports([electronPackage, ...fsWrites]) },
  },
  {
    files: frontEnds,
    ignores: mayWrite,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [electronPackage, ...fsWrites, ...archiveReading.paths],
          patterns: [...archiveReading.patterns, ...lifecycleInternals],
        },
      ],
    },
  },
  {
    files: archiveReaders,
    ignores: mayWrite,
    rules: { "no-restricted-imports": restrictImports([electronPackage, ...fsWrites], true) },
  },
  {
    files: ["electron/main/**/*.ts"],
    ignores: ["electron/main/ipc.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [rawIpc] }],
      "no-restricted-properties": ["error", ...rawIpcProperties],
    },
  },
  {
    files: ["electron/main/**/*.ts"],
    ignores: ["electron/main/ipc.ts", ...mayWrite],
    rules: { "no-restricted-imports": restrictImports([rawIpc, ...fsWrites]) },
  },
  {
    files: ["electron/main/ipc.ts"],
    rules: { "no-restricted-imports": restrictImports(fsWrites) },
  },
  {
    files: ["electron/**/*.ts"],
    ignores: [...mayWrite, ...parsesJson, ...makesDataFolder],
    rules: { "no-restricted-syntax": ["error", ...writeFlags, unboundedJson, dataFolderBuilt] },
  },
  { files: parsesJson, rules: { "no-restricted-syntax": ["error", ...writeFlags, dataFolderBuilt] } },
  { files: makesDataFolder, rules: { "no-restricted-syntax": ["error", ...writeFlags, unboundedJson] } },
  {
    files: ["electron/preload/**/*.ts"],
    ignores: ["electron/preload/**/*.test.ts"],
    rules: { "import-x/no-nodejs-modules": noNode },
  },
);
