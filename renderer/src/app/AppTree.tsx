// The one tree both the page and the host render (mount.tsx, first-screen/server.tsx): hydration needs the same.
import { StrictMode } from "react";
import type { SkillshelfApi } from "../../../shared/ipc";
import { NoAccess } from "../shared/StatusViews";
import { App } from "./App";

/** The app for this API, or the sign-in explanation when the host refused this browser. */
export function AppTree(props: { api: SkillshelfApi | null }) {
  return <StrictMode>{props.api ? <App api={props.api} /> : <NoAccess />}</StrictMode>;
}
