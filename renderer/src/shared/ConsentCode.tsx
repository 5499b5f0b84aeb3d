// Starting a program from the browser needs the person at the `serve` terminal: what to do there, and the field for
// the one-time code it printed.
import { useState, type FormEvent } from "react";
import type { ProgramConsent } from "../../../shared/ipc";

/** What the person does outside the page before a program starts, in one sentence (null for main's dialog). */
export function consentNote(consent: ProgramConsent): string | null {
  if (consent === "terminal")
    return "Answer the question in the terminal where `skillshelf serve` runs; it shows the exact command.";
  if (consent === "code")
    return "The terminal where `skillshelf serve` runs now shows the exact command and a code. If it is what you want, type that code here.";
  if (consent === "none")
    return "Here Skillshelf cannot ask you outside this page, so it starts nothing: copy the command and run it yourself.";
  return null;
}

/** The field for the code the serve terminal printed. */
export function ConsentCodeForm(props: {
  id: string;
  label: string;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) props.onSubmit(code.trim());
  };
  return (
    <form className="settings-form consent-code" onSubmit={submit} noValidate>
      <label htmlFor={props.id}>{props.label}</label>
      <div className="settings-inline">
        <input
          id={props.id}
          className="path-input"
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX"
          maxLength={32}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button primary" disabled={props.busy || !code.trim()}>
          Confirm
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
