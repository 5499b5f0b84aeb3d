// The one tree both the page and the host render (mount.tsx, first-screen/server.tsx): hydration needs the same.
import { StrictMode, useEffect } from "react";
import type { SkillshelfApi } from "../../../shared/ipc";
import { NoAccess } from "../shared/StatusViews";
import { App } from "./App";

/** The app for this API, or the sign-in explanation when the host refused this browser; `onShown` after its commit. */
export function AppTree(props: { api: SkillshelfApi | null; onShown?: () => void }) {
  return (
    <StrictMode>
      <Shown onShown={props.onShown} />
      {props.api ? <App api={props.api} /> : <NoAccess />}
    </StrictMode>
  );
}

/** Calls onShown once the tree is on screen (an effect: no markup, so the host's render and the page's agree). */
function Shown(props: { onShown?: () => void }) {
  const { onShown } = props;
  useEffect(() => onShown?.(), [onShown]);
  return null;
}
