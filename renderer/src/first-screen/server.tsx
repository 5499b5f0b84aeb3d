// The host's side of the first screen: the app's own tree rendered to HTML for the stored catalog, the markup the page
// then hydrates (mount.tsx) from the same catalog, so what shows before React takes over is what shows after.
import { renderToString } from "react-dom/server";
import type { StoredCatalog } from "../../../shared/model";
import { seedStoredCatalog } from "../api/prefetch";
import { AppTree } from "../app/AppTree";
import { inertApi } from "./inert-api";

/** The app's markup for its first screen over this stored catalog (the inside of #root). */
export function renderFirstScreen(stored: StoredCatalog): string {
  seedStoredCatalog(inertApi, stored);
  return renderToString(<AppTree api={inertApi} />);
}
