// The page's one script tag: a few hundred bytes that run when the page has been parsed. Over a first screen the host
// rendered into the page, the rest (main.tsx: signing in, the data, React and the views) is asked for and run only once
// that screen has been drawn, so no script of the app is fetched, compiled or run between the page's markup and its
// first paint; over the plain shell it is asked for at once. The stylesheet is imported here so that the built
// index.html links it (the hosts inline that stylesheet into a first-screen page).
import "./styles.css";
import { holdEarlyClicks } from "./first-screen/early-clicks";
import { afterFirstPaint, hasFirstScreen } from "./first-screen/frame";

const root = document.getElementById("root");
const firstScreen = root !== null && hasFirstScreen(root);
// A click on the first screen before the app takes it over is given back to it afterwards, not lost.
if (firstScreen) holdEarlyClicks(root);
void (firstScreen ? afterFirstPaint() : Promise.resolve()).then(() => import("./main"));
