// "/" (outside a text field), Ctrl+F and Cmd+F move to the catalog's search field and select its text.
import { useEffect, useRef, type RefObject } from "react";

/** A ref for the search field, focused by the find keys while the catalog is shown. */
export function useFindShortcut(): RefObject<HTMLInputElement | null> {
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const focusSearch = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = Boolean(target?.closest?.("input, textarea, select, [contenteditable=true]"));
      const find = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "f";
      if (!find && (event.key !== "/" || typing || event.ctrlKey || event.metaKey || event.altKey)) return;
      event.preventDefault();
      searchRef.current?.focus();
      searchRef.current?.select();
    };
    window.addEventListener("keydown", focusSearch);
    return () => window.removeEventListener("keydown", focusSearch);
  }, []);
  return searchRef;
}
