// `skillshelf serve [--port N] [--open] [scan flags] [--server URL]... [--github-api URL]`: the GUI in a browser, on 127.0.0.1.
import { fileURLToPath } from "node:url";
import { createEngine } from "../../handlers/engine";
import { createHandlerSession } from "../../handlers/handlers";
import { detachedLaunch, webDesktopIntegration } from "../../host/desktop-fallback";
import { startWebHost } from "../../host/server";
import { UsageError, printJson, stringFlag, type CliCommand } from "../command";
import { SCAN_FLAGS_USAGE, readScanFlags, scanFlagOptions } from "../scan-flags";
import { SOURCE_FLAGS_USAGE, readSourceFlags, sourceFlagOptions } from "../source-flags";

/** Where the built renderer is: beside the bundled CLI (dist/cli → dist/renderer), unless overridden. */
function rendererDir(env: NodeJS.ProcessEnv): string {
  return env.SKILLSHELF_RENDERER_DIR || fileURLToPath(new URL("../renderer/", import.meta.url));
}

function openInBrowser(url: string): void {
  if (process.platform === "darwin") detachedLaunch("open", [url]);
  else if (process.platform === "win32") detachedLaunch("cmd", ["/c", "start", "", url]);
  else detachedLaunch("xdg-open", [url]);
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
    const host = await startWebHost({
      port,
      rendererDir: rendererDir(io.env),
      createSession: (emit) =>
        createHandlerSession({
          host: "web",
          scanOptions,
          desktop: webDesktopIntegration(),
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
    void host.session.prefetchCatalog();
    if (args.values.json) printJson(io, { url: host.url, port: host.port });
    else
      io.stdout(
        `Skillshelf is running at ${host.url}\nOpen that address in your browser (it contains a private key: do not share it). Press Ctrl+C to stop.\n`,
      );
    if (args.values.open) openInBrowser(host.url);
    await untilInterrupted();
    await host.close();
    return 0;
  },
};
