// `skillshelf serve [--port N] [--open] [scan flags] [--server URL]... [--github-api URL]`: the GUI in a browser, on 127.0.0.1.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dataDir } from "../../engine/app-data/data-dir";
import { createEngine } from "../../handlers/engine";
import { createHandlerSession } from "../../handlers/handlers";
import { detachedLaunch, webDesktopIntegration } from "../../host/desktop-fallback";
import { privateFolder, removeOpenPage, writeOpenPage } from "../../host/open-page";
import { codeConsent, questionConsent, type TerminalConsent } from "../../host/outside-consent";
import { startWebHost } from "../../host/server";
import { UsageError, printJson, stringFlag, type CliCommand } from "../command";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { SOURCE_FLAGS_USAGE, readSourceFlags, sourceFlagOptions } from "../source-flags";

/** Where the built renderer is: beside the bundled CLI (dist/cli → dist/renderer), unless overridden. */
function rendererDir(env: NodeJS.ProcessEnv): string {
  return env.SKILLSHELF_RENDERER_DIR || fileURLToPath(new URL("../renderer/", import.meta.url));
}

/** Opens the private sign-in file (a path, never an address holding a code) in the default browser. */
function openInBrowser(file: string): void {
  if (process.platform === "darwin") detachedLaunch("open", [file]);
  else if (process.platform === "win32") detachedLaunch("cmd", ["/c", "start", "", file]);
  else detachedLaunch("xdg-open", [file]);
}

/** Where the sign-in file goes: a private folder in the data folder of the user running serve (never --home's). */
function openPageFolder(env: NodeJS.ProcessEnv): string {
  return path.join(dataDir(env, process.platform), "serve");
}

/** Resolves when the process is asked to stop. */
function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** The `serve` sub-command. */
export const serveCommand: CliCommand = {
  name: "serve",
  summary: "Serve the app in your browser on 127.0.0.1 (for machines without the desktop window).",
  usage: `skillshelf serve [--port N] [--open] ${SCAN_FLAGS_USAGE} ${SOURCE_FLAGS_USAGE} [--no-poll] [--json]`,
  options: {
    port: { type: "string" },
    open: { type: "boolean" },
    ...scanFlagOptions,
    ...sourceFlagOptions,
    "no-poll": { type: "boolean" },
    json: { type: "boolean" },
  },
  async run(args, io) {
    const portText = stringFlag(args, "port") ?? "0";
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535)
      throw new UsageError(`--port must be a number from 0 to 65535 (0 picks a free port), not "${portText}".`);
    const sources = readSourceFlags(args, io);
    const scanOptions = await readScanFlags(args, io);
    const folder = await privateFolder(openPageFolder(io.env)).catch((error: Error) => {
      throw new UsageError(error.message);
    });
    // Questions and codes go where the person reads (stderr when stdout carries the JSON document).
    const tell = args.values.json ? io.stderr : io.stdout;
    const consent: TerminalConsent = process.stdin.isTTY
      ? questionConsent({ write: tell, input: process.stdin })
      : codeConsent({ write: tell });
    let openFile = "";
    let writing: Promise<void> = Promise.resolve();
    const host = await startWebHost({
      port,
      rendererDir: rendererDir(io.env),
      onCodeUsed: () => {
        writing = writing.then(() => writeOpenPage(openFile, host.pageUrl(host.issueCode()))).catch(() => undefined);
      },
      createSession: (emit) =>
        createHandlerSession({
          host: "web",
          scanOptions,
          desktop: webDesktopIntegration({ outsideConsent: consent }),
          emit,
          engine: createEngine(scanOptions, sources),
          updatePolling: args.values["no-poll"] ? undefined : {},
        }),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        throw new UsageError(
          `port ${port} is already in use; choose another with --port, or --port 0 for any free one.`,
        );
      throw error;
    });
    openFile = path.join(folder, `open-${host.port}.html`);
    await writeOpenPage(openFile, host.pageUrl(host.issueCode()));
    void host.session.prefetchCatalog();
    const openUrl = pathToFileURL(openFile).href;
    if (args.values.json) printJson(io, { url: host.url, port: host.port, openFile, openUrl });
    else
      io.stdout(
        `Skillshelf is running at ${host.url}\n` +
          `To use it, open this file in a browser of this account (only you can read it; it signs the browser in once):\n` +
          `  ${openUrl}\nPress Ctrl+C to stop.\n`,
      );
    if (args.values.open) openInBrowser(openFile);
    await untilInterrupted();
    consent.close();
    await host.close();
    await writing;
    await removeOpenPage(openFile);
    return 0;
  },
};
