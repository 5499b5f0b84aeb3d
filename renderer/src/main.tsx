// Entry point of the renderer: a small script that picks the API (Electron preload or web host) and asks for the
// stored catalog at once, while the app's own script (React and the views, in mount.tsx) loads and starts beside it.
import { pickApi } from "./api/pick-api";
import { prefetchStoredCatalog } from "./api/prefetch";
import "./styles.css";

const api = pickApi().then((picked) => {
  if (picked) prefetchStoredCatalog(picked);
  return picked;
});
void Promise.all([api, import("./mount")]).then(([picked, { mountApp }]) =>
  mountApp(document.getElementById("root")!, picked),
);
