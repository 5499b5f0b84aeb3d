// The frontmatter of a packed copy: for Claude Desktop's upload, top-level keys outside the Agent Skills fields moved
// under `metadata:` and an `allowed-tools` list written on one line (name and description checked unchanged); and the
// name and version the archive is named by.
import { isMap, isScalar, isSeq, parseDocument, Scalar, YAMLMap, type Document, type Pair } from "yaml";
import type { Diagnostic } from "../../../shared/model";
import { quote } from "../skill/diagnostics";
import { ALLOWED_FIELDS } from "../skill/fields";
import { splitFrontmatter } from "../skill/frontmatter";
import { PackRefusedError, packDiagnostic as diag } from "./pack-refused";

/** The packed copy's SKILL.md text, the keys moved under `metadata:`, and notes on what changed. */
export interface DesktopRewrite {
  text: string;
  moved: string[];
  notes: Diagnostic[];
}

const scalarString = (doc: Document, key: string): string | null => {
  const node = doc.get(key, true);
  return isScalar(node) ? String(node.value ?? "") : null;
};

/** Moves the listed top-level keys under `metadata:` as quoted strings (a `metadata.KEY` already there wins). */
function moveUnderMetadata(doc: Document, movable: Pair[], skillFile: string, notes: Diagnostic[]): string[] {
  const top = doc.contents as YAMLMap;
  let metadata = doc.get("metadata", true);
  if (metadata === undefined || (isScalar(metadata) && (metadata.value === null || metadata.value === ""))) {
    metadata = new YAMLMap();
    doc.set("metadata", metadata);
  }
  if (!isMap(metadata)) {
    throw new PackRefusedError("metadata is not a mapping.", [
      diag(
        "pack.desktop.metadata",
        "error",
        skillFile,
        "`metadata` in SKILL.md is not a set of `key: value` lines, so the keys Claude Desktop refuses cannot be moved under it.",
        "Write `metadata:` as indented `key: value` lines and pack again.",
      ),
    ]);
  }
  const moved: string[] = [];
  for (const pair of movable) {
    const key = String((pair.key as Scalar).value);
    const value = pair.value;
    const textValue = isScalar(value)
      ? String(value.value ?? "")
      : value == null
        ? ""
        : JSON.stringify((value as { toJSON(): unknown }).toJSON());
    top.items.splice(top.items.indexOf(pair), 1);
    moved.push(key);
    if (metadata.has(key)) {
      const kept = metadata.get(key);
      if (String(kept) !== textValue)
        notes.push(
          diag(
            "pack.desktop.duplicate",
            "warning",
            skillFile,
            `The packed copy keeps \`metadata.${key}\` (${quote(String(kept))}) and drops the top-level \`${key}\` (${quote(textValue)}), which differs.`,
            `Keep one \`${key}\` in SKILL.md, under \`metadata:\`.`,
          ),
        );
      continue;
    }
    const scalar = new Scalar(textValue);
    scalar.type = "QUOTE_DOUBLE";
    metadata.set(key, scalar);
  }
  return moved;
}

/**
 * Rewrites the frontmatter the way Desktop's upload needs it: top-level keys outside the Agent Skills fields moved
 * under `metadata:`, an `allowed-tools` list written on one line. Null when nothing changes or it cannot be done safely.
 */
export function rewriteForDesktop(text: string, skillFile: string): DesktopRewrite | null {
  const split = splitFrontmatter(text);
  if (!split.ok) return null;
  const doc = parseDocument(split.yaml, { schema: "failsafe", uniqueKeys: true, strict: true });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  const movable = (doc.contents as YAMLMap<unknown, unknown>).items.filter((pair): pair is Pair => {
    const key = isScalar(pair.key) ? String(pair.key.value) : null;
    return key !== null && !ALLOWED_FIELDS.has(key) && !ALLOWED_FIELDS.has(key.toLowerCase());
  });
  const tools = doc.get("allowed-tools", true);
  const toolList =
    isSeq(tools) &&
    tools.items.length > 0 &&
    tools.items.every((item) => isScalar(item) && !/\s/.test(String(item.value ?? "")))
      ? tools.items.map((item) => String((item as Scalar).value))
      : null;
  if (movable.length === 0 && !toolList) return null;
  const before = { name: scalarString(doc, "name"), description: scalarString(doc, "description") };
  const notes: Diagnostic[] = [];
  if (toolList) {
    doc.set("allowed-tools", new Scalar(toolList.join(" ")));
    notes.push(
      diag(
        "pack.desktop.allowed-tools",
        "info",
        skillFile,
        "In the packed copy, `allowed-tools` is written on one line, separated by spaces, since Claude Desktop's upload refuses it as a YAML list; the skill's own folder is unchanged.",
        "Write `allowed-tools` on one line in SKILL.md too.",
      ),
    );
  }
  const moved = movable.length > 0 ? moveUnderMetadata(doc, movable, skillFile, notes) : [];
  const yamlText = doc.toString({ lineWidth: 0 });
  const check = parseDocument(yamlText, { schema: "failsafe", uniqueKeys: true });
  if (
    check.errors.length > 0 ||
    scalarString(check, "name") !== before.name ||
    scalarString(check, "description") !== before.description
  ) {
    throw new PackRefusedError("The frontmatter could not be rewritten safely.", [
      diag(
        "pack.desktop.rewrite",
        "error",
        skillFile,
        "Rewriting the frontmatter for Claude Desktop would have changed the name or description, so the skill was not packed.",
        "Move the keys under `metadata:` in SKILL.md yourself and pack again.",
      ),
    ]);
  }
  return { text: `---\n${yamlText}---\n${split.body}`, moved, notes };
}

/** The name and version (`metadata.version`, else `version`) the packed SKILL.md declares, so the archive is named by them. */
export function packedNameAndVersion(text: string): { name: string | null; version: string | null } {
  const split = splitFrontmatter(text);
  if (!split.ok) return { name: null, version: null };
  const doc = parseDocument(split.yaml, { schema: "failsafe" });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return { name: null, version: null };
  const meta = doc.get("metadata", true);
  const metaVersion = isMap(meta) ? meta.get("version", true) : null;
  return {
    name: scalarString(doc, "name")?.trim() ?? null,
    version:
      (isScalar(metaVersion) ? String(metaVersion.value ?? "").trim() : "") ||
      scalarString(doc, "version")?.trim() ||
      null,
  };
}
