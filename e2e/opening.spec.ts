// "Open SKILL.md" in the browser against the web host: a plain SKILL.md is opened with the text/plain handler (a real
// program on a temporary PATH records its arguments), and an executable one is shown in the file manager instead, with
// the page saying why.
import { expect, test } from "@playwright/test";
import { chmod, readFile } from "node:fs/promises";
import path from "node:path";
import { writeTree } from "../test-support/tmp";
import { startAppHost, type AppHost } from "./support/app-host";
import { entryRow, openCatalog } from "./support/page";

const skillMd = (name: string) =>
  ["---", `name: ${name}`, `description: Does ${name} things.`, "---", `# ${name}`, ""].join("\n");

test.describe("opening files", () => {
  let app: AppHost;
  let log: string;
  let skills: string;
  test.beforeAll(async () => {
    const env: Record<string, string> = {};
    app = await startAppHost({
      platform: "linux",
      fixtureHome: false,
      prepare: async (root, home) => {
        log = path.join(root, "argv.log");
        env.PATH = `${path.join(root, "bin")}${path.delimiter}${process.env.PATH ?? ""}`;
        skills = path.join(home, ".claude", "skills");
        const record = (answer: string) => `#!/bin/sh\nprintf '%s\\n' "\${0##*/} $*" >> '${log}'\n${answer}\n`;
        await writeTree(root, {
          "bin/xdg-mime": record("echo texteditor.desktop"),
          "bin/gtk-launch": record("exit 0"),
          "bin/xdg-open": record("exit 0"),
        });
        for (const name of ["xdg-mime", "gtk-launch", "xdg-open"]) await chmod(path.join(root, "bin", name), 0o755);
        await writeTree(skills, { "plain/SKILL.md": skillMd("plain"), "runnable/SKILL.md": skillMd("runnable") });
        await chmod(path.join(skills, "runnable/SKILL.md"), 0o755);
      },
      env,
    });
  });
  test.afterAll(async () => {
    await app?.close();
  });

  test("opens a plain SKILL.md as text and reveals an executable one, saying why", async ({ page }) => {
    await openCatalog(page, app.url);
    await entryRow(page, "plain").click();
    await page
      .getByRole("button", { name: /^Open .*SKILL\.md/ })
      .first()
      .click();
    await expect
      .poll(async () => readFile(log, "utf8").catch(() => ""))
      .toContain(`gtk-launch texteditor.desktop ${skills}/plain/SKILL.md`);

    await entryRow(page, "runnable").click();
    await page
      .getByRole("button", { name: /^Open .*SKILL\.md/ })
      .first()
      .click();
    await expect(
      page.getByRole("status").filter({ hasText: /Shown in the file manager instead of opened: .*execute permission/ }),
    ).toBeVisible();
    expect(await readFile(log, "utf8")).toContain(`xdg-open ${skills}/runnable`);
    expect(await readFile(log, "utf8")).not.toContain(`gtk-launch texteditor.desktop ${skills}/runnable`);
  });
});
