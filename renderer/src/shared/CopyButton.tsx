// Copies text to the clipboard and says so.
import { useState } from "react";

/** A button that copies `text`. */
export function CopyButton(props: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = () => {
    navigator.clipboard
      .writeText(props.text)
      .then(() => setState("copied"))
      .catch(() => setState("failed"))
      .finally(() => window.setTimeout(() => setState("idle"), 2000));
  };
  return (
    <button type="button" className="button small" onClick={copy} aria-live="polite">
      {state === "copied" ? "Copied ✓" : state === "failed" ? "Copy failed" : props.label}
    </button>
  );
}
