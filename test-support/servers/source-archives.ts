// The tag's source archives GitHub serves for a release (zipball and tarball): every file of the repository under one
// `<repo>-<tag>/` folder, as real zip and tar.gz bytes.
import { strToU8, zipSync } from "fflate";
import { tarGzOf } from "../archives";

/** The repository's files at a tag, by default one skill in `skills/<repo>/` beside a README. */
export function defaultSourceFiles(repo: string, tag: string): Record<string, string> {
  const name = repo.split("/")[1] ?? "skill";
  const version = tag.replace(/^v/, "");
  return {
    "README.md": `# ${name}\n`,
    [`skills/${name}/SKILL.md`]: `---\nname: ${name}\ndescription: Test skill ${name}, from the source of ${tag}.\nmetadata:\n  version: "${version}"\n---\n\n# ${name}\n\nVersion ${version}, from source.\n`,
    [`skills/${name}/references/guide.md`]: `# Guide\n\nFor ${version}.\n`,
  };
}

/** The zip or tar.gz GitHub would serve for `repo` at `tag`. */
export function sourceArchive(
  repo: string,
  tag: string,
  kind: "zip" | "tar.gz",
  files: Record<string, string>,
): Uint8Array {
  const prefix = `${repo.split("/")[1] ?? "repo"}-${tag.replace(/^v/, "")}`;
  if (kind === "zip")
    return zipSync(
      Object.fromEntries(Object.entries(files).map(([rel, text]) => [`${prefix}/${rel}`, strToU8(text)])),
      { mtime: new Date("2026-01-01T00:00:00Z") },
    );
  return tarGzOf([
    { name: `${prefix}/`, type: "5" },
    ...Object.entries(files).map(([rel, body]) => ({ name: `${prefix}/${rel}`, body })),
  ]);
}
