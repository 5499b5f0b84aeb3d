// Settings: names for Claude Desktop's account trees, so the catalog says "Claude Desktop — Work" instead of an id.
import { useState, type FormEvent } from "react";
import type { Location } from "../../../shared/model";
import type { PublicSettings } from "../../../shared/settings";
import { accountNameProblem } from "../../../shared/settings";
import { desktopAccountTitles } from "../../../shared/ui-catalog";
import type { SettingsData } from "./use-settings";

function AccountRow(props: { tree: Location; title: string; current: string; data: SettingsData }) {
  const id = props.tree.desktop!.accountTree!;
  const [name, setName] = useState(props.current);
  const [error, setError] = useState<string | null>(null);
  const inputId = `account-${props.tree.id}`;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const problem = accountNameProblem(name);
    setError(
      problem ??
        (await props.data.update({ nameAccount: { tree: id, name: name.trim() || null } }, "Account name saved.")),
    );
  };
  return (
    <li className="server-row">
      <form className="settings-inline account-form" onSubmit={(e) => void save(e)}>
        <label htmlFor={inputId} className="account-label" title={props.tree.path}>
          {props.title}
        </label>
        <input
          id={inputId}
          className="path-input"
          value={name}
          placeholder="A name, e.g. Work"
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          aria-describedby={error ? `${inputId}-error` : undefined}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="button" disabled={props.data.busy}>
          Save name
        </button>
      </form>
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** One row per Claude Desktop account tree found by the last scan, each with a name field. */
export function AccountNamesSection(props: {
  settings: PublicSettings;
  data: SettingsData;
  locations: readonly Location[];
}) {
  const trees = props.locations.filter((l) => l.desktop?.accountTree);
  if (trees.length === 0) return null;
  const numbered = desktopAccountTitles(props.locations);
  return (
    <section className="settings-section" aria-labelledby="settings-accounts">
      <h2 id="settings-accounts">Claude Desktop accounts</h2>
      <p className="muted">
        Claude Desktop keeps each account's skills in a folder with a long id. Give each a name you recognise; the
        catalog uses it. Hover a name to see its folder.
      </p>
      <ul className="server-list" aria-label="Claude Desktop accounts">
        {trees.map((tree) => (
          <AccountRow
            key={tree.id}
            tree={tree}
            title={numbered.get(tree.id)!}
            current={props.settings.accountNames[tree.desktop!.accountTree!] ?? ""}
            data={props.data}
          />
        ))}
      </ul>
    </section>
  );
}
