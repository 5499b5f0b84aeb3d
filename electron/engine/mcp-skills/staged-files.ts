// Writes the files a server or site sends into staging through the archive reader's rules and writer: each name judged
// like an archive entry (escapes, duplicates by case, hidden characters), counts and sizes capped, digests checked.
import { createHash } from "node:crypto";
import path from "node:path";
import { formatBytes } from "../../../shared/format";
import { EngineError } from "../errors";
import { EntryRules, EXTRACT_LIMITS, refuseEntry } from "../archive/extract-rules";
import { StagingWriter } from "../archive/staging-writer";
import { SPEC_SKILL_LIMITS } from "./protocol";

/** Limits of what one server or site may send for one add. */
export interface RemoteLimits {
  maxSkills: number;
  maxFilesPerSkill: number;
  maxFileBytes: number;
  /** The sum of one skill's file sizes. */
  maxSkillBytes: number;
  maxTotalBytes: number;
  /** Time allowed for one request, and for the whole add. */
  requestTimeoutMs: number;
  totalTimeoutMs: number;
}

/** Defaults: exactly the MCP Skills extension's per-skill limits (512 files, 16 MiB), which every host MUST accept. */
export const REMOTE_LIMITS: RemoteLimits = {
  maxSkills: 50,
  maxFilesPerSkill: SPEC_SKILL_LIMITS.maxResources,
  maxFileBytes: SPEC_SKILL_LIMITS.maxBytes,
  maxSkillBytes: SPEC_SKILL_LIMITS.maxBytes,
  maxTotalBytes: 128 * 1024 * 1024,
  requestTimeoutMs: 20_000,
  totalTimeoutMs: 120_000,
};

/** The files of one add, written under `root/<skill>/…` as they arrive. */
export class RemoteStaging {
  readonly #rules: EntryRules;
  readonly #writer: StagingWriter;
  readonly #limits: RemoteLimits;
  readonly #from: string;
  #total = 0;

  constructor(root: string, limits: RemoteLimits, from: string) {
    this.#limits = limits;
    this.#from = from;
    this.#writer = new StagingWriter(root);
    this.#rules = new EntryRules(
      { ...EXTRACT_LIMITS, maxTotalBytes: limits.maxTotalBytes, maxFiles: limits.maxSkills * limits.maxFilesPerSkill },
      Number.MAX_SAFE_INTEGER,
    );
  }

  /** Judges a file's name and declared size before it is fetched; returns the entry name it is written as. */
  claim(skill: string, file: string, declared: number | null): string {
    const name = `${skill}/${file}`;
    if (path.posix.normalize(file).startsWith("../") || file.split(/[\\/]/).includes(".."))
      refuseEntry(name, "climbs out of the folder with `..`", true);
    if (declared !== null && declared > this.#limits.maxFileBytes) this.#tooLarge(name, declared);
    return name;
  }

  /** Writes one file's bytes after checking its size and digest against what was announced. */
  write(name: string, bytes: Buffer, expected: { size?: number | null; sha256?: string | null }): void {
    if (bytes.byteLength > this.#limits.maxFileBytes) this.#tooLarge(name, bytes.byteLength);
    if (expected.size != null && expected.size !== bytes.byteLength)
      throw new EngineError(
        "install.download.checksum",
        `${this.#from} sent ${formatBytes(bytes.byteLength)} for "${name.slice(0, 300)}" but said it is ${formatBytes(expected.size)}; nothing was added.`,
      );
    if (expected.sha256) {
      const actual = createHash("sha256").update(bytes).digest("hex");
      if (actual !== expected.sha256)
        throw new EngineError(
          "install.download.checksum",
          `The file "${name.slice(0, 300)}" from ${this.#from} is not the one its SHA-256 digest names (it was changed or damaged on the way); nothing was added.`,
        );
    }
    this.#total += bytes.byteLength;
    if (this.#total > this.#limits.maxTotalBytes)
      throw new EngineError(
        "install.download.too-large",
        `${this.#from} sent more than ${formatBytes(this.#limits.maxTotalBytes)} in all, so nothing was added.`,
      );
    const entry = this.#rules.judge(name, "file", null, bytes.byteLength, null);
    if (!entry) return;
    const sink = this.#writer.file(entry);
    try {
      sink.write(bytes);
      sink.end();
    } catch (error) {
      this.#writer.abort();
      throw error;
    }
  }

  #tooLarge(name: string, bytes: number): never {
    throw new EngineError(
      "install.download.too-large",
      `The file "${name.slice(0, 300)}" from ${this.#from} is ${formatBytes(bytes)}, over the ${formatBytes(this.#limits.maxFileBytes)} limit for one file, so nothing was added.`,
    );
  }
}
