// The parts every Settings section's fields share: the line that says why a value was refused, and a text field
// saved as one settings change.
import { useState, type FormEvent } from "react";
import type { SettingsPatch } from "../../../shared/ipc";
import type { SettingsData } from "./use-settings";

/** Why a field's value was refused, read out when it appears. */
export function FieldError(props: { id: string; message: string | null }) {
  return props.message ? (
    <p id={props.id} className="field-error" role="alert">
      {props.message}
    </p>
  ) : null;
}

/**
 * One text field saved as one settings change: checked on the page first (trimmed), emptied once saved, then
 * `onSaved` (a section that asks the saved address at once).
 */
export function useSavedField(
  data: SettingsData,
  problemOf: (value: string) => string | null,
  patchOf: (value: string) => SettingsPatch,
  savedMessage: string,
  onSaved?: () => void,
) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    const problem = problemOf(trimmed);
    if (problem) return setError(problem);
    const failed = await data.update(patchOf(trimmed), savedMessage);
    setError(failed);
    if (failed) return;
    setValue("");
    onSaved?.();
  };
  return { value, setValue, error, setError, submit };
}

/** A field useSavedField keeps. */
export type SavedField = ReturnType<typeof useSavedField>;

/** A saved field's input: marked invalid, and described by its error, when its value was refused. */
export function SavedFieldInput(props: {
  id: string;
  type: "url" | "password";
  placeholder: string;
  field: SavedField;
  errorId: string;
  hintId?: string;
}) {
  const { field } = props;
  const describedBy = [field.error ? props.errorId : null, props.hintId ?? null].filter(Boolean).join(" ");
  return (
    <input
      id={props.id}
      className="path-input"
      type={props.type}
      autoComplete="off"
      spellCheck={false}
      placeholder={props.placeholder}
      value={field.value}
      onChange={(e) => field.setValue(e.target.value)}
      aria-invalid={field.error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
}
