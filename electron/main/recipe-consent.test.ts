// Running an update server's command in the app: main asks in a native dialog the page cannot draw or answer, showing
// the exact command with control characters made visible; only "Run it" says yes.
import type { Dialog, MessageBoxOptions } from "electron";
import { describe, expect, it } from "vitest";
import { electronDesktopIntegration } from "./desktop";

function withAnswer(response: number) {
  const shown: MessageBoxOptions[] = [];
  const dialog = {
    showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
    showMessageBox: async (...args: unknown[]) => (
      shown.push(args.at(-1) as MessageBoxOptions),
      { response, checkboxChecked: false }
    ),
  } as unknown as Pick<Dialog, "showOpenDialog" | "showMessageBox">;
  const desktop = electronDesktopIntegration({
    shell: { showItemInFolder: () => undefined, openExternal: async () => undefined },
    dialog,
    getWindow: () => null,
    platform: "linux",
    env: {},
  });
  return { desktop, shown };
}

describe("the recipe confirmation", () => {
  it("says yes only for Run it, and shows the exact command", async () => {
    const yes = withAnswer(1);
    expect(await yes.desktop.confirmRecipe!("agentkey", "npx -y skills update -g agentkey")).toBe(true);
    expect(yes.shown[0]!.detail).toContain("npx -y skills update -g agentkey");
    expect(yes.shown[0]!.buttons).toEqual(["Don't run", "Run it"]);
    const no = withAnswer(0);
    expect(await no.desktop.confirmRecipe!("agentkey", "npx skills update agentkey")).toBe(false);
  });

  it("makes control characters visible and defaults to not running", async () => {
    const { desktop, shown } = withAnswer(0);
    await desktop.confirmRecipe!("a\u001b[31mkey", "echo hi\u001b]0;x\u0007");
    const dialog = shown[0]!;
    expect(dialog.message).toContain("a\\x1b[31mkey");
    expect(dialog.detail).toContain("echo hi\\x1b]0;x\\x07");
    expect(dialog.defaultId).toBe(0);
    expect(dialog.cancelId).toBe(0);
  });
});
