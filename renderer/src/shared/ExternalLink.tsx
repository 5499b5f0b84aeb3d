// Links leave the app only after the user confirms, in a dialog that shows exactly where they lead.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { safeExternalUrl } from "../../../shared/ui-links";
import { useApi } from "../app/api-context";

type AskToOpen = (url: string) => void;

const ExternalLinkContext = createContext<AskToOpen>(() => undefined);

/** Asks before opening a link outside the app. */
export function useOpenExternal(): AskToOpen {
  return useContext(ExternalLinkContext);
}

/** Hosts the confirmation dialog for external links. */
export function ExternalLinkProvider(props: { children: ReactNode }) {
  const { api } = useApi();
  const [pending, setPending] = useState<{ url: string; safe: string | null } | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ask = useCallback((url: string) => setPending({ url, safe: safeExternalUrl(url) }), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (pending && !dialog.open) {
      dialog.showModal();
      // The safe choice has the focus, so Enter never opens a link by accident.
      cancelRef.current?.focus();
    }
    if (!pending && dialog.open) dialog.close();
  }, [pending]);

  const confirm = () => {
    if (pending?.safe) api.openExternal(pending.safe).catch(() => undefined);
    setPending(null);
  };

  return (
    <ExternalLinkContext.Provider value={ask}>
      {props.children}
      <dialog ref={dialogRef} className="dialog" aria-labelledby="external-link-title" onClose={() => setPending(null)}>
        {pending ? (
          <>
            <h2 id="external-link-title">
              {pending.safe ? "Open this link in your browser?" : "This link can't be opened"}
            </h2>
            <p className="dialog-url">{pending.url}</p>
            <p className="dialog-text">
              {pending.safe
                ? "It leads outside Skillshelf. Only continue if you trust where it goes."
                : /^[a-z][a-z0-9+.-]*:/i.test(pending.url)
                  ? "Skillshelf only opens web addresses that start with http:// or https:// and carry no password."
                  : "This link points to a file bundled with the skill. Open the “Level 3 · Files” tab to read it."}
            </p>
            <div className="dialog-actions">
              <button type="button" className="button" onClick={() => setPending(null)} ref={cancelRef}>
                Cancel
              </button>
              {pending.safe ? (
                <button type="button" className="button primary" onClick={confirm}>
                  Open link
                </button>
              ) : null}
            </div>
          </>
        ) : null}
      </dialog>
    </ExternalLinkContext.Provider>
  );
}
