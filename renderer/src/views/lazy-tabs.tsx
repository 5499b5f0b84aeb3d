// The Settings and author-mode tabs, loaded when first opened (the first paint is the catalog's).
import { later } from "./later";

/** The Settings tab. */
export const SettingsView = later(() => import("./SettingsView").then((m) => m.SettingsView));
/** The author-mode tab. */
export const AuthorView = later(() => import("./AuthorView").then((m) => m.AuthorView));
/** The Budget tab. */
export const BudgetView = later(() => import("./BudgetView").then((m) => m.BudgetView));
