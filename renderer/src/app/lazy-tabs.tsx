// The Settings and author-mode tabs, loaded when first opened (the first paint is the catalog's).
import { later } from "../shared/later";

/** The Settings tab. */
export const SettingsView = later(() => import("../settings/SettingsView").then((m) => m.SettingsView));
/** The author-mode tab. */
export const AuthorView = later(() => import("../author/AuthorView").then((m) => m.AuthorView));
/** The Budget tab. */
export const BudgetView = later(() => import("../budget/BudgetView").then((m) => m.BudgetView));
