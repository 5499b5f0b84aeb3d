// Wording both sides print the same way: byte sizes in the CLI, diagnostics and the views.

/** Human-readable byte count ("1.5 MB"). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
