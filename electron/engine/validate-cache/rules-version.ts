// The rules' version, apart from the cache's store: `validate`'s replay of an unchanged run checks it before loading
// anything else.
import { VERSION } from "../version";

declare const __SKILLSHELF_RULES_ID__: string | undefined;

/** The rules' version: the app's version plus a hash of the validator's sources taken at build time. */
export const RULES_VERSION: string = `${VERSION}+${typeof __SKILLSHELF_RULES_ID__ === "string" ? __SKILLSHELF_RULES_ID__ : "dev"}`;
