// Gives every view the API object without passing it through each component.
import { createContext, useContext } from "react";
import type { ProgramConsent, SkillshelfApi } from "../../../shared/ipc";

/** The API and which host serves it. */
export interface ApiContextValue {
  api: SkillshelfApi;
  host: "electron" | "web";
  /** How a person confirms that a program may start (see ProgramConsent). */
  consent: ProgramConsent;
}

/** Set once by App. */
export const ApiContext = createContext<ApiContextValue | null>(null);

/** The API object; views are only rendered inside App. */
export function useApi(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error("useApi outside App");
  return value;
}
