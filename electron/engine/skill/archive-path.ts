// Which file names `validate` takes for a skill archive, apart from the archive reader so that classifying a path
// loads no unpacking code.

/** True for file names validated as a skill archive: .zip/.skill (what Claude Desktop takes), .tar, .tar.gz, .tgz. */
export function isSkillArchivePath(file: string): boolean {
  return /\.(zip|skill|tar|tar\.gz|tgz)$/i.test(file);
}
