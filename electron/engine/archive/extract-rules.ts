// The safety rules every archive entry passes, whoever reads the archive (install, validate, content updates): its name
// (extract-names), its kind, duplicates by case and Unicode normalisation, and the limits on entries and sizes.
import { formatBytes } from "../../../shared/format";
import { EngineError } from "../errors";
import { comparableName, judgeEntryName } from "./extract-names";

/** A plain file, a folder, or something else (a link, a device…) described for people; only the first two are kept. */
export type EntryKind = "file" | "dir" | { special: string };

/** Limits of one archive; a refused archive names the limit it hit. */
export interface ExtractLimits {
  /** Largest archive file opened at all (a zip is read into memory to be checked). */
  maxArchiveBytes: number;
  maxFiles: number;
  maxTotalBytes: number;
  /** Largest unpacked-to-packed ratio, per entry (zip) and for the whole archive. */
  maxRatio: number;
  /** Below this many unpacked bytes the ratio is not checked (small text files compress very well). */
  ratioFloorBytes: number;
}

/** Defaults: enough for any real skill, far below what would hurt the machine; `pack` writes within them too. */
export const EXTRACT_LIMITS: ExtractLimits = {
  maxArchiveBytes: 256 * 1024 * 1024,
  maxFiles: 10_000,
  maxTotalBytes: 256 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

/** One entry broke a rule: `entry` and `rule` let a reader that lists every refusal (validate) say it its own way. */
export class EntryRefusedError extends EngineError {
  constructor(
    readonly entry: string,
    readonly rule: string,
    /** True when the entry's path could write outside the folder (`..`, absolute, drive letter, NUL). */
    readonly escapes = false,
  ) {
    super(
      "install.archive.unsafe-entry",
      `The archive entry "${entry.slice(0, 300)}" ${rule}, so the archive was refused and nothing from it was kept.`,
    );
  }
}

/** Refuses the whole archive because of one entry, naming the rule it broke. */
export function refuseEntry(entry: string, rule: string, escapes = false): never {
  throw new EntryRefusedError(entry, rule, escapes);
}

/** Refuses the whole archive as a possible bomb. */
export function tooLarge(message: string): never {
  throw new EngineError(
    "install.archive.too-large",
    `${message}; the archive was refused as a possible archive bomb and nothing from it was kept.`,
  );
}

/** An entry that passed the rules: where it goes (relative segments) and what it is. */
export interface KeptEntry {
  name: string;
  segments: string[];
  kind: "file" | "dir";
  executable: boolean;
  /** Declared unpacked size (null for folders). */
  size: number | null;
}

/** Most names listed as left out; the rest are counted. */
const MAX_LEFT_OUT = 200;

/** Applies the rules to each entry of one archive, in order; throws EngineError at the first entry that breaks one. */
export class EntryRules {
  readonly #limits: ExtractLimits;
  readonly #archiveBytes: number;
  readonly #seen = new Map<string, { kind: "file" | "dir"; name: string; entry: string }>();
  readonly leftOut: string[] = [];
  leftOutCount = 0;
  #files = 0;
  #folders = 0;
  #declared = 0;

  constructor(limits: ExtractLimits, archiveBytes: number) {
    this.#limits = limits;
    this.#archiveBytes = archiveBytes;
  }

  #claim(name: string, segments: string[], kind: "file" | "dir"): void {
    for (let i = 1; i <= segments.length; i++) {
      const rel = segments.slice(0, i).join("/");
      const key = comparableName(rel);
      const wanted = i < segments.length ? "dir" : kind;
      const before = this.#seen.get(key);
      if (before) {
        if (before.kind === "dir" && wanted === "dir") continue;
        const renormalised = before.entry !== name && before.entry.normalize("NFC") === name.normalize("NFC");
        refuseEntry(
          name,
          renormalised
            ? `is the entry "${before.entry}" again, in another Unicode normalisation (they would overwrite each other on macOS)`
            : before.name === rel
              ? "appears twice"
              : `differs from the entry "${before.name}" only in letter case (they would overwrite each other on macOS and Windows)`,
        );
      }
      this.#seen.set(key, { kind: wanted, name: rel, entry: name });
    }
  }

  #leaveOut(name: string): null {
    const top = name.startsWith("__MACOSX/") ? "__MACOSX/" : name;
    if (!this.leftOut.includes(top)) {
      if (this.leftOut.length < MAX_LEFT_OUT) this.leftOut.push(top);
      this.leftOutCount++;
    }
    return null;
  }

  /**
   * Judges one entry: the kept entry, or null when it is left out (macOS metadata). `packed` (zip's compressed size)
   * enables the per-entry ratio check; `mode` is the permission bits the producer recorded, if any.
   */
  judge(
    name: string,
    kind: EntryKind,
    mode: number | null,
    size: number | null,
    packed: number | null,
  ): KeptEntry | null {
    const verdict = judgeEntryName(name);
    if (verdict.verdict === "refuse") refuseEntry(name, verdict.reason, verdict.escapes);
    if (verdict.verdict === "leave-out") return this.#leaveOut(name);
    if (typeof kind === "object") refuseEntry(name, `is ${kind.special}; only plain files and folders are unpacked`);
    const { maxFiles, maxTotalBytes, maxRatio, ratioFloorBytes } = this.#limits;
    if (kind === "dir") {
      if (++this.#folders > maxFiles) tooLarge(`The archive holds more than ${maxFiles} folders`);
      this.#claim(name, verdict.segments, "dir");
      return { name, segments: verdict.segments, kind, executable: false, size: null };
    }
    if (++this.#files > maxFiles) tooLarge(`The archive holds more than ${maxFiles} files`);
    if (!verdict.segments.length) refuseEntry(name, "has no file name");
    this.#claim(name, verdict.segments, "file");
    const declared = size ?? 0;
    this.#declared += declared;
    if (this.#declared > maxTotalBytes)
      tooLarge(`The archive unpacks to more than ${formatBytes(maxTotalBytes)} (at "${name.slice(0, 300)}")`);
    if (packed !== null && declared > ratioFloorBytes && declared > packed * maxRatio)
      tooLarge(`The entry "${name.slice(0, 300)}" unpacks to more than ${maxRatio} times its packed size`);
    if (this.#declared > ratioFloorBytes && this.#declared > this.#archiveBytes * maxRatio)
      tooLarge(`The archive unpacks to more than ${maxRatio} times its own size`);
    // Only the executable bit survives: never setuid, setgid or sticky, never another user's write bit.
    return { name, segments: verdict.segments, kind, executable: mode !== null && (mode & 0o111) !== 0, size };
  }

  /** Counts of what was kept: files, folders, declared bytes. */
  get counts(): { files: number; folders: number; bytes: number } {
    return { files: this.#files, folders: this.#folders, bytes: this.#declared };
  }
}
