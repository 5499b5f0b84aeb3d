// A module loaded on first use, once: each dynamic import() goes through the module loader again (resolving, a job,
// promises), which costs a few microseconds per skill when it sits on the path every skill takes.

/** The module `load` imports, loaded at the first call; every later call is given the same promise. */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
