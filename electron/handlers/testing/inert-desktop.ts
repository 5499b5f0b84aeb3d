// A desktop integration for handler tests that do not look at it: nothing is opened, every request answers as done.
import type { DesktopIntegration } from "../context";

/** Reveals, opens and picks nothing; tests that record a request spread it and replace that one function. */
export const INERT_DESKTOP: DesktopIntegration = {
  reveal: async () => undefined,
  openInEditor: async () => undefined,
  openExternal: async () => true,
  pickFolder: async () => null,
};
