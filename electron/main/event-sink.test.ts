// Main's event fan-out: the window gets every event, the badge and notifier get update results.
import { describe, expect, it } from "vitest";
import type { UpdateInfo } from "../../shared/model";
import { createMainEventSink } from "./event-sink";

describe("createMainEventSink", () => {
  it("sends every event to the window and update results to the badge and notifier too", () => {
    const sent: string[] = [];
    const updateBatches: UpdateInfo[][] = [];
    const emit = createMainEventSink({
      sendToWindow: (channel) => sent.push(channel),
      onUpdates: (updates) => void updateBatches.push(updates),
    });
    emit("task:progress", { taskId: "t", kind: "scan", value: 0.5, title: "Scanning" } as never);
    emit("updates:changed", []);
    expect(sent).toEqual(["task:progress", "updates:changed"]);
    expect(updateBatches).toEqual([[]]);
  });
});
