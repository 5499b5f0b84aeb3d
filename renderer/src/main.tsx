// Entry point of the renderer: picks the API (Electron preload or web host) and mounts the app.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./views/App";
import { NoAccess } from "./views/StatusViews";
import { pickApi } from "./api/pick-api";
import { prefetchStoredCatalog } from "./views/use-app-data";
import "./styles.css";

const root = createRoot(document.getElementById("root")!);
void pickApi().then((api) => {
  // The stored catalog is the first paint's data: asked for before React renders anything.
  if (api) prefetchStoredCatalog(api);
  root.render(<StrictMode>{api ? <App api={api} /> : <NoAccess />}</StrictMode>);
});
