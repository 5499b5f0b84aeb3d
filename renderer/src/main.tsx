// The app's start, loaded by boot.ts (over a first screen, once it is on screen): picks the API (Electron preload or
// web host), takes the data of the first screen the host rendered into the page (or asks for the stored catalog when
// there is none), while the app's own script (React and the views, in mount.tsx) loads and starts beside it.
import { pickApi } from "./api/pick-api";
import { prefetchStoredCatalog } from "./api/prefetch";
import { fetchFirstScreenData } from "./first-screen/data";
import { hasFirstScreen } from "./first-screen/frame";

const root = document.getElementById("root")!;
const firstScreen = hasFirstScreen(root);
const stored = fetchFirstScreenData(root);
const api = pickApi().then((picked) => {
  if (picked && !firstScreen) prefetchStoredCatalog(picked);
  return picked;
});
const app = import("./mount");
void Promise.all([api, app, stored]).then(([picked, { mountApp }, catalog]) => mountApp(root, picked, catalog));
