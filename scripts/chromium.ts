// Which Chromium the browser tests and the bench launch, and what to do when it is missing: use it, install Debian's
// package (as root, with apt-get), or stop with one line naming what to install. The facts are injected, so the
// decision is tested without touching the machine; scripts/ensure-chromium.ts wires in the real ones.

/** Debian's Chromium, used unless the environment names another. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** The environment variable that points the browser tests and the bench at another Chromium executable. */
export const CHROMIUM_ENV = "SKILLSHELF_CHROMIUM";

/** The Chromium executable to launch: `SKILLSHELF_CHROMIUM` when set, else Debian's. */
export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string {
  return env[CHROMIUM_ENV]?.trim() || DEBIAN_CHROMIUM;
}

/** What the decision depends on: the environment, whether a path is an executable file, root, apt-get on PATH. */
export interface ChromiumFacts {
  env: NodeJS.ProcessEnv;
  isExecutable: (file: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}

/** Use the Chromium found, install Debian's package with these commands, or stop with one line saying what to install. */
export type ChromiumDecision =
  | { action: "use"; path: string }
  | { action: "install"; path: string; commands: string[][] }
  | { action: "stop"; message: string };

/** The commands that install Debian's package (idempotent: apt-get leaves an installed package as it is). */
export const APT_INSTALL_CHROMIUM = [
  ["apt-get", "update", "-qq"],
  ["apt-get", "install", "-y", "-qq", "chromium"],
];

const manualInstall = `install Chromium with \`sudo apt-get install -y chromium\` (Debian, Ubuntu) or set ${CHROMIUM_ENV} to a Chromium executable, then run npm test again`;

/** Decides what to do about Chromium from the facts alone. */
export function decideChromium(facts: ChromiumFacts): ChromiumDecision {
  const path = chromiumExecutable(facts.env);
  if (facts.isExecutable(path)) return { action: "use", path };
  if (path !== DEBIAN_CHROMIUM) {
    return {
      action: "stop",
      message: `${CHROMIUM_ENV} is ${path}, which is not an executable file: point it at a Chromium executable, or unset it to use ${DEBIAN_CHROMIUM}.`,
    };
  }
  if (facts.isRoot && facts.hasAptGet) return { action: "install", path, commands: APT_INSTALL_CHROMIUM };
  if (facts.hasAptGet)
    return { action: "stop", message: `Chromium is missing at ${DEBIAN_CHROMIUM}: ${manualInstall}.` };
  return {
    action: "stop",
    message: `Chromium is missing at ${DEBIAN_CHROMIUM} and there is no apt-get to install it: install Chromium and set ${CHROMIUM_ENV} to its executable, then run npm test again.`,
  };
}

/** Runs one command, returning its exit status (null when it could not start). */
export type CommandRunner = (command: string, args: string[]) => number | null;

/** Carries the decision out: installs when it should, and returns the Chromium to use or the one line to stop with. */
export function ensureChromium(
  facts: ChromiumFacts,
  run: CommandRunner,
  say: (line: string) => void,
): { ok: true; path: string } | { ok: false; message: string } {
  const decision = decideChromium(facts);
  if (decision.action === "use") return { ok: true, path: decision.path };
  if (decision.action === "stop") return { ok: false, message: decision.message };
  say(`Chromium is missing at ${decision.path}: installing Debian's chromium package with apt-get (running as root).`);
  for (const [command, ...args] of decision.commands) {
    const status = run(command!, args);
    if (status !== 0) {
      return {
        ok: false,
        message: `\`${[command, ...args].join(" ")}\` failed (${status === null ? "it could not start" : `exit ${status}`}): ${manualInstall}.`,
      };
    }
  }
  if (!facts.isExecutable(decision.path))
    return {
      ok: false,
      message: `apt-get installed chromium, but ${decision.path} is still missing: ${manualInstall}.`,
    };
  return { ok: true, path: decision.path };
}
