// A skill's levels and an update's release notes, with the Markdown renderer they need, loaded when first shown.
import { later } from "./later";

/** The level tabs of a skill. */
export const Levels = later(() => import("../catalog/Levels").then((m) => m.Levels));
/** An update's release notes. */
export const ReleaseNotes = later(() => import("../updates/ReleaseNotes").then((m) => m.ReleaseNotes));
