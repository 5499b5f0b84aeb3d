// Exports of the app's modules that only tests import (tests, test-support/, e2e/, bench/, fixtures/ and testing/
// folders). Each is either made private or marked as a seam tests need, with "Exported for tests" in its doc comment.
// Parsing only (no type checker), so the whole repository takes seconds. `npx tsx scripts/test-only-exports.ts` lists
// them (marked ones too); `--unused` adds the exports nothing imports.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Folders whose non-test modules are the app's, so their exports are checked. */
const appRoots = ["electron", "shared", "renderer/src"];
/** Folders scanned for importers: the app's, and everything that runs its code (tests, tooling, benches, e2e). */
const importerRoots = [...appRoots, "test-support", "e2e", "bench", "scripts", "protocol", "renderer"];
/** The doc-comment phrase that marks an export kept public on purpose for tests. */
const seamMark = "Exported for tests";

/** One export of an app module. */
export interface AppExport {
  file: string;
  name: string;
  line: number;
  /** A type or interface (erased at run time), rather than a value. */
  typeOnly: boolean;
  /** Its doc comment says it is exported for tests. */
  marked: boolean;
}

/** Where an export is imported from, split by who imports it. */
export interface ExportUse extends AppExport {
  testImporters: string[];
  appImporters: string[];
}

/** A module's text by its path relative to the repository (a real checkout, or an in-memory one for the test). */
export interface SourceTree {
  files: string[];
  read(file: string): string;
}

/** Tests, test helpers, fixtures, benches and browser tests: importing from these is not a use by the app. */
export function isTestFile(file: string): boolean {
  const posix = file.split(path.sep).join("/");
  return (
    /\.(test|spec)\.tsx?$/.test(posix) ||
    /(^|\/)(fixtures|testing|test-support|e2e|bench)\//.test(posix) ||
    posix.startsWith("renderer/src/test/") ||
    posix === "renderer/src/test-setup.ts" ||
    posix === "protocol/schema-cases.ts"
  );
}

/** The .ts/.tsx files of a checkout under the importer roots, relative to it (posix separators). */
export function checkoutTree(repo: string): SourceTree {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(path.join(repo, dir))) return;
    for (const entry of readdirSync(path.join(repo, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !(dir === "renderer" && entry.name === "src")) walk(rel);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(rel);
    }
  };
  for (const root of importerRoots) walk(root);
  return { files, read: (file) => readFileSync(path.join(repo, file), "utf8") };
}

/** The module a relative specifier names, as the bundler resolves it (extensionless, or a folder's index). */
function resolve(known: Set<string>, from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stem = base.replace(/\.(m?js|tsx?)$/, "");
  return [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => known.has(c)) ?? null;
}

/** The modifiers of a statement, `export` and `default` among them. */
function modifierKinds(node: ts.Node): ts.SyntaxKind[] {
  return ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []).map((m) => m.kind) : [];
}

/** The doc comments just before a statement, as written. */
function leadingComments(text: string, node: ts.Node): string {
  return (ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []).map((r) => text.slice(r.pos, r.end)).join("\n");
}

/** The names a module exports itself (re-exports of other modules are uses of those, not exports here). */
function exportsOf(file: string, source: ts.SourceFile): AppExport[] {
  const text = source.text;
  const found: AppExport[] = [];
  const add = (name: string, node: ts.Node, typeOnly: boolean, comments: string) =>
    found.push({
      file,
      name,
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      typeOnly,
      marked: comments.includes(seamMark),
    });
  for (const statement of source.statements) {
    const comments = leadingComments(text, statement);
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          add(element.name.text, element, statement.isTypeOnly || element.isTypeOnly, comments);
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      add("default", statement, false, comments);
      continue;
    }
    const modifiers = modifierKinds(statement);
    if (!modifiers.includes(ts.SyntaxKind.ExportKeyword)) continue;
    const isDefault = modifiers.includes(ts.SyntaxKind.DefaultKeyword);
    const typeOnly = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) add(declaration.name.text, declaration, false, comments);
    } else if (isDefault) add("default", statement, false, comments);
    else {
      const name = (statement as ts.DeclarationStatement).name;
      if (name && ts.isIdentifier(name)) add(name.text, statement, typeOnly, comments);
    }
  }
  return found;
}

/** Each module this one imports from, with the names it takes ("*" when it takes the whole module). */
function importsOf(source: ts.SourceFile, walk: boolean): { spec: string; names: string[] }[] {
  const found: { spec: string; names: string[] }[] = [];
  /** The names read off `local` within `root` (`local.Name`, `local.Name` in a type); "*" when it is used whole. */
  const usesOf = (root: ts.Node, local: string): string[] => {
    const names = new Set<string>();
    let whole = false;
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && node.text === local) {
        const parent = node.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.expression === node) names.add(parent.name.text);
        else if (ts.isQualifiedName(parent) && parent.left === node) names.add(parent.right.text);
        else if (!ts.isNamespaceImport(parent) && !ts.isParameter(parent)) whole = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(root);
    return whole ? ["*"] : [...names];
  };
  /** What a dynamic import() or `import("x")` type takes, from what surrounds it. */
  const dynamicNames = (call: ts.Node): string[] => {
    let node = call.parent;
    let awaited = ts.isImportTypeNode(call);
    while (node && (ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node))) {
      awaited ||= ts.isAwaitExpression(node);
      node = node.parent;
    }
    if (node && ts.isPropertyAccessExpression(node)) return awaited ? [node.name.text] : thenNames(node);
    if (node && ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name))
      return node.name.elements.map((e) => ((e.propertyName ?? e.name) as ts.Identifier).text);
    return ["*"];
  };
  /** `import("x").then((m) => m.Name)`: the names read off the module; "*" for any other use of the promise. */
  const thenNames = (access: ts.PropertyAccessExpression): string[] => {
    const call = access.parent;
    const callback = ts.isCallExpression(call) ? call.arguments[0] : undefined;
    if (access.name.text !== "then" || !callback || !ts.isArrowFunction(callback)) return ["*"];
    const param = callback.parameters[0]?.name;
    return param && ts.isIdentifier(param) ? usesOf(callback.body, param.text) : ["*"];
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      if (clause?.name) names.push("default");
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      if (bindings && ts.isNamespaceImport(bindings)) names.push(...usesOf(source, bindings.name.text));
      found.push({ spec: node.moduleSpecifier.text, names });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : ["*"];
      found.push({ spec: node.moduleSpecifier.text, names });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, names: dynamicNames(node) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) {
        const qualifier = node.qualifier;
        const first = qualifier && (ts.isIdentifier(qualifier) ? qualifier : leftmost(qualifier));
        found.push({ spec: literal.text, names: first ? [first.text] : dynamicNames(node) });
      }
    }
    if (walk) ts.forEachChild(node, visit);
  };
  if (walk) visit(source);
  else source.statements.forEach(visit);
  return found;
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  return ts.isIdentifier(name.left) ? name.left : leftmost(name.left);
}

/** Every export of the app's modules with the files that import it, tests and the app apart. */
export function exportUses(tree: SourceTree): ExportUse[] {
  const known = new Set(tree.files);
  const uses = new Map<string, ExportUse>();
  const key = (file: string, name: string) => `${file}\0${name}`;
  const sources = new Map(
    tree.files.map((file) => {
      const text = tree.read(file);
      // Only a dynamic import, an import type or a namespace import needs the whole tree walked (with parents).
      const walk = /\bimport\s*\(|\bimport\s*\*/.test(text);
      const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
      const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      return [file, { source: ts.createSourceFile(file, text, options, walk, kind), walk }] as const;
    }),
  );
  for (const [file, { source }] of sources) {
    if (isTestFile(file) || !appRoots.some((root) => file.startsWith(`${root}/`))) continue;
    for (const found of exportsOf(file, source))
      uses.set(key(file, found.name), { ...found, testImporters: [], appImporters: [] });
  }
  for (const [file, { source, walk }] of sources) {
    for (const { spec, names } of importsOf(source, walk)) {
      const target = resolve(known, file, spec);
      if (!target || target === file) continue;
      const wanted = names.includes("*")
        ? [...uses.values()].filter((u) => u.file === target).map((u) => u.name)
        : names;
      for (const name of wanted) {
        const use = uses.get(key(target, name));
        if (!use) continue;
        const list = isTestFile(file) ? use.testImporters : use.appImporters;
        if (!list.includes(file)) list.push(file);
      }
    }
  }
  return [...uses.values()];
}

/** Exports only tests import that are not marked as exported for tests. */
export function unmarkedTestOnlyExports(tree: SourceTree): ExportUse[] {
  return exportUses(tree).filter((u) => u.appImporters.length === 0 && u.testImporters.length > 0 && !u.marked);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const repo = path.resolve(import.meta.dirname, "..");
  const all = exportUses(checkoutTree(repo));
  const show = (u: ExportUse) =>
    `${u.file}:${u.line} ${u.typeOnly ? "type " : ""}${u.name}${u.marked ? " [marked]" : ""}  <- ${u.testImporters.join(", ")}`;
  const testOnly = all.filter((u) => u.appImporters.length === 0 && u.testImporters.length > 0);
  console.log(`# imported only by tests (${testOnly.length}, ${testOnly.filter((u) => !u.marked).length} unmarked)`);
  for (const u of testOnly) console.log(show(u));
  if (process.argv.includes("--unused")) {
    const unused = all.filter((u) => u.appImporters.length === 0 && u.testImporters.length === 0);
    console.log(`# imported by nothing (${unused.length})`);
    for (const u of unused) console.log(`${u.file}:${u.line} ${u.typeOnly ? "type " : ""}${u.name}`);
  }
}
