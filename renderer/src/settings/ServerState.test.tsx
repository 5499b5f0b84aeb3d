// One added server's line in Settings: not asked yet (or being tried), answering for which skills, unreachable with
// the error; the state is found by the address without credentials or query.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { UpdateServerStatus } from "../../../shared/update-servers";
import { ServerState } from "./ServerState";

const URL_ADDED = "https://meta.example/mcp?key=secret";
const status = (over: Partial<UpdateServerStatus>): UpdateServerStatus => ({
  address: "https://meta.example/mcp",
  configuredIn: "settings",
  state: "not-asked",
  skills: [],
  ...over,
});

describe("a server's state in Settings", () => {
  it("says plainly that a server was not asked yet, and that it is being tried right after it was added", () => {
    const { rerender } = render(<ServerState url={URL_ADDED} statuses={[]} trying={false} />);
    const line = screen.getByRole("status");
    expect(line.dataset.serverState).toBe("not-asked");
    expect(line.textContent).toBe("Not asked yet: it is asked at the next check.");
    rerender(<ServerState url={URL_ADDED} statuses={[status({})]} trying={false} />);
    expect(screen.getByRole("status").textContent).toBe("Not asked yet: it is asked at the next check.");
    rerender(<ServerState url={URL_ADDED} statuses={[status({})]} trying />);
    expect(screen.getByRole("status").textContent).toBe("Trying the server…");
  });

  it("names the skills a server answers for, and the error of one that cannot be reached", () => {
    const { rerender } = render(
      <ServerState url={URL_ADDED} statuses={[status({ state: "answering", skills: ["pdf", "notes"] })]} trying />,
    );
    expect(screen.getByRole("status").dataset.serverState).toBe("answering");
    expect(screen.getByRole("status").textContent).toBe("Answering for pdf, notes.");
    rerender(
      <ServerState
        url={URL_ADDED}
        statuses={[status({ state: "unreachable", error: "Connection refused." })]}
        trying={false}
      />,
    );
    expect(screen.getByRole("status").textContent).toBe("Unreachable. Connection refused.");
    // A server of the same address configured elsewhere (an MCP config) is not this one.
    rerender(
      <ServerState
        url={URL_ADDED}
        statuses={[status({ configuredIn: "claude-code", state: "unreachable", error: "x" })]}
        trying={false}
      />,
    );
    expect(screen.getByRole("status").dataset.serverState).toBe("not-asked");
  });
});
