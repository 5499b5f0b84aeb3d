// The app's React tree, loaded by main.tsx while the page's first requests (sign-in, the stored catalog) are on the way.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import type { SkillshelfApi } from "../../shared/ipc";
import { App } from "./app/App";
import { NoAccess } from "./shared/StatusViews";

/** Renders the app for this API, or the sign-in explanation when the host refused this browser. */
export function mountApp(container: HTMLElement, api: SkillshelfApi | null): void {
  createRoot(container).render(<StrictMode>{api ? <App api={api} /> : <NoAccess />}</StrictMode>);
}
