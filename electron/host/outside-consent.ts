// The web host's confirmation outside the page: whoever holds the page (or its key) can ask to start a program, but only
// the person at the `serve` terminal can say yes — by answering its y/N question, or by typing into the page a one-time
// code the terminal printed beside the exact command.
import { randomInt, timingSafeEqual } from "node:crypto";
import { createInterface, type Interface } from "node:readline";
import { escapeControl } from "../../shared/terminal-text";
import type { OutsideConsent } from "../handlers/context";
import { EngineError } from "../engine/errors";

/** How long a question waits for its answer, or a printed code stays valid. */
export const CONSENT_TIMEOUT_MS = 5 * 60_000;
/** Wrong codes accepted for one printed code before it is dead. */
const MAX_TRIES = 3;
/** Letters and digits that cannot be mistaken for each other (no 0/O, 1/I/L, U). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";

/** What the consent needs of the terminal. */
export interface ConsentTerminal {
  /** Writes text for the person at the terminal. */
  write(text: string): void;
  /** The terminal's input, read for y/N answers (terminal mode only). */
  input?: NodeJS.ReadableStream;
  now?: () => number;
  timeoutMs?: number;
}

/** A consent and how to stop reading the terminal. */
export interface TerminalConsent extends OutsideConsent {
  close(): void;
}

/** A fresh code of 8 characters (about 39 bits), shown as XXXX-XXXX. */
function newCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** A typed code as compared: upper case, without spaces and dashes. */
const normalized = (code: string): string => code.toUpperCase().replace(/[\s-]/g, "");

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The block the terminal shows for one request: what for, and the exact command (escaped). */
function requestText(purpose: string, command: string): string {
  return `\nThe page asks to ${escapeControl(purpose)}. It would run:\n\n  ${escapeControl(command)}\n\n`;
}

/** Codes printed on the terminal, one valid at a time, each for one purpose and command. */
export function codeConsent(terminal: ConsentTerminal): TerminalConsent {
  const now = terminal.now ?? Date.now;
  const timeout = terminal.timeoutMs ?? CONSENT_TIMEOUT_MS;
  let pending: { code: string; purpose: string; command: string; until: number; tries: number } | null = null;
  return {
    mode: "code",
    async confirm(purpose, command, code) {
      if (code === null) {
        pending = { code: newCode(), purpose, command, until: now() + timeout, tries: 0 };
        terminal.write(
          `${requestText(purpose, command)}If you asked for this, type this code into the page: ${pending.code}\n` +
            `(it works once, for this command only, for ${Math.round(timeout / 60_000)} minutes; if you did not ask, ignore it)\n\n`,
        );
        return "code-sent";
      }
      const current = pending;
      const matches =
        current !== null &&
        current.until > now() &&
        current.purpose === purpose &&
        current.command === command &&
        sameText(normalized(code), normalized(current.code));
      if (matches) {
        pending = null;
        return "yes";
      }
      if (current && ++current.tries >= MAX_TRIES) pending = null;
      throw new EngineError(
        "app.refused",
        "That code is not the one the terminal shows for this command (or it was used, or it expired). Ask again for a new code.",
      );
    },
    close() {
      pending = null;
    },
  };
}

/** y/N questions on the terminal, one at a time; lines typed while no question is open are dropped. */
export function questionConsent(terminal: ConsentTerminal & { input: NodeJS.ReadableStream }): TerminalConsent {
  const timeout = terminal.timeoutMs ?? CONSENT_TIMEOUT_MS;
  let answer: ((line: string | null) => void) | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  // Read from the start, so a line typed before a question was asked can never answer it.
  const lines: Interface = createInterface({ input: terminal.input, terminal: false });
  let closed = false;
  const take = (line: string | null) => {
    const current = answer;
    answer = null;
    current?.(line);
  };
  lines.on("line", take);
  lines.on("close", () => {
    closed = true;
    take(null);
  });
  const ask = (purpose: string, command: string): Promise<"yes" | "no"> =>
    new Promise((resolve) => {
      if (closed) return resolve("no");
      const timer = setTimeout(() => {
        if (!answer) return;
        answer = null;
        terminal.write("\nNo answer: not run.\n");
        resolve("no");
      }, timeout);
      timer.unref?.();
      answer = (line) => {
        clearTimeout(timer);
        const yes = line !== null && /^\s*y(es)?\s*$/i.test(line);
        terminal.write(yes ? "Confirmed.\n" : "Not confirmed: not run.\n");
        resolve(yes ? "yes" : "no");
      };
      terminal.write(`${requestText(purpose, command)}Do you want that? [y/N] `);
    });
  return {
    mode: "terminal",
    confirm(purpose, command) {
      const next = queue.then(() => ask(purpose, command));
      queue = next.catch(() => undefined);
      return next;
    },
    close() {
      lines.close();
    },
  };
}
