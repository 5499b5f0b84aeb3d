// A folder of three fixture skills (valid, invalid by name, a broken reference) and the cache and settings folders a
// `validate` test runs with, all in one temporary folder.
import { cp } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir } from "./tmp";

/** The skill fixtures the validator's own tests use. */
export const SKILL_FIXTURES = fileURLToPath(new URL("../electron/engine/skill/fixtures", import.meta.url));

/** Makes the folders; `cleanup` removes them all. */
export async function validateFolders() {
  const tmp = await makeTempDir();
  const skills = path.join(tmp.dir, "skills");
  for (const name of ["valid-minimal", "name-uppercase", "ref-missing"])
    await cp(path.join(SKILL_FIXTURES, name), path.join(skills, name), { recursive: true });
  const env = {
    SKILLSHELF_CACHE_DIR: path.join(tmp.dir, "cache"),
    SKILLSHELF_CONFIG_DIR: path.join(tmp.dir, "config"),
  };
  return {
    tmp,
    skills,
    env,
    cacheFile: path.join(tmp.dir, "cache", "validate", "results-v2.json"),
    runsDir: path.join(tmp.dir, "cache", "validate", "runs"),
  };
}
