// Lets any view start the guided update of one copy: the app switches to the Updates view with its wizard open.
import { createContext, useContext } from "react";

/** Opens the guided update for a catalog skill id (null outside the app's provider). */
export const UpdateLauncherContext = createContext<((skillId: string) => void) | null>(null);

/** The launcher, or null where there is none. */
export function useUpdateLauncher(): ((skillId: string) => void) | null {
  return useContext(UpdateLauncherContext);
}
