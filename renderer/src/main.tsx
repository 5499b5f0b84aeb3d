// Entry point of the renderer: a small script that picks the API (Electron preload or web host) and, at once, takes
// the data of the first screen the host rendered into the page (or asks for the stored catalog when there is none),
// while the app's own script (React and the views, in mount.tsx) loads and starts beside it.
import { pickApi } from "./api/pick-api";
import { prefetchStoredCatalog } from "./api/prefetch";
import { fetchFirstScreenData, hasFirstScreen } from "./first-screen/data";
import "./styles.css";

const firstScreen = fetchFirstScreenData(document);
const api = pickApi().then((picked) => {
  if (picked && !hasFirstScreen(document)) prefetchStoredCatalog(picked);
  return picked;
});
void Promise.all([api, import("./mount"), firstScreen]).then(([picked, { mountApp }, stored]) =>
  mountApp(document.getElementById("root")!, picked, stored),
);
