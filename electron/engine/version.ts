// The app's version, injected at build time so the engine does not read package.json at run time.
declare const __SKILLSHELF_VERSION__: string | undefined;

/** Skillshelf's version (from package.json). */
export const VERSION: string = typeof __SKILLSHELF_VERSION__ === "string" ? __SKILLSHELF_VERSION__ : "0.0.0-dev";
