// A copy changed here as the Updates view lists it (LocalEditsItem in a list, over a page API), for component tests.
import { render } from "@testing-library/react";
import type { SkillshelfApi } from "../../../shared/ipc";
import type { UpdateInfo } from "../../../shared/model";
import { ApiContext } from "../app/api-context";
import { LocalEditsItem } from "../updates/LocalEditsItem";

/** Renders the row of `info` over `api`; `on` counts Update anyway and Keep mine. */
export function renderLocalEdits(
  api: SkillshelfApi,
  info: UpdateInfo,
  on: { update?: () => void; keep?: () => void } = {},
): void {
  render(
    <ApiContext.Provider value={{ api, host: "web", consent: "none" }}>
      <ul>
        <LocalEditsItem
          info={info}
          place="Claude Code"
          onUpdate={on.update ?? (() => undefined)}
          onKeep={on.keep ?? (() => undefined)}
        />
      </ul>
    </ApiContext.Provider>,
  );
}
