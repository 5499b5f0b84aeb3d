// Entry point of the renderer: a small script that picks the API (Electron preload or web host) and takes the data of
// the first screen the host rendered into the page (or asks for the stored catalog when there is none), while the
// app's own script (React and the views, in mount.tsx) loads and starts beside it. Over a first screen, the data and
// the app's script wait for its first frame, so they cannot hold its paint.
import { pickApi } from "./api/pick-api";
import { prefetchStoredCatalog } from "./api/prefetch";
import { afterFirstFrame, fetchFirstScreenData, hasFirstScreen } from "./first-screen/data";
import "./styles.css";

const root = document.getElementById("root")!;
const firstScreen = hasFirstScreen(root);
const painted = firstScreen ? afterFirstFrame() : Promise.resolve();
const stored = fetchFirstScreenData(root, painted);
const api = pickApi().then((picked) => {
  if (picked && !firstScreen) prefetchStoredCatalog(picked);
  return picked;
});
const app = painted.then(() => import("./mount"));
void Promise.all([api, app, stored]).then(([picked, { mountApp }, catalog]) => mountApp(root, picked, catalog));
