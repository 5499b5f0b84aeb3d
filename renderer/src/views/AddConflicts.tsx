// The questions of an Add plan: a skill of the same name already in a place (its version and hash beside the new
// one's), a link that points elsewhere, or a folder that is not a skill — answered with Replace (a backup is kept) or
// Keep mine, as the CLI's --replace does; nothing is replaced without the answer.
import type { AddView, PlaceView } from "../../../shared/manage";

type PlannedSkill = AddView["skills"][number];

const shortHash = (hash: string | null | undefined) => (hash ? hash.slice(0, 12) : "unknown");

function Comparison(props: { place: PlaceView; skill: PlannedSkill }) {
  const { place, skill } = props;
  const occupant = place.occupant;
  if (occupant?.kind === "other-skill")
    return (
      <dl className="add-conflict-compare">
        <dt>Already there</dt>
        <dd>
          version {occupant.version ?? "not given"}, hash {shortHash(occupant.hash)}
        </dd>
        <dt>Being added</dt>
        <dd>
          version {skill.version ?? "not given"}, hash {shortHash(skill.hash)}
        </dd>
      </dl>
    );
  if (occupant?.kind === "link") return <p>It is a link to {occupant.target}.</p>;
  if (occupant?.kind === "same-skill") return <p>The same files are already there as a copy, not a link.</p>;
  return null;
}

/** Each conflict of the plan with its question; the answer applies to the whole add, as --replace does. */
export function AddConflicts(props: { plan: AddView; busy: boolean; onReplace: () => void; onKeep: () => void }) {
  const conflicts = props.plan.skills.flatMap((skill) =>
    skill.places.filter((p) => p.action === "conflict").map((place) => ({ skill, place })),
  );
  if (!conflicts.length) return null;
  const replaceable = conflicts.every(({ place }) => place.occupant?.kind !== "not-a-skill");
  return (
    <section className="add-conflicts" aria-labelledby="add-conflicts-title">
      <h3 id="add-conflicts-title">
        {conflicts.length === 1 ? "Something is already there" : `${conflicts.length} places are taken`}
      </h3>
      <ul>
        {conflicts.map(({ skill, place }) => (
          <li key={place.path}>
            <p className="add-conflict-path">{place.path}</p>
            <Comparison place={place} skill={skill} />
            <p className="field-error">{place.question}</p>
          </li>
        ))}
      </ul>
      <div className="button-row">
        {replaceable ? (
          <button type="button" className="button small" disabled={props.busy} onClick={props.onReplace}>
            Replace (keeps a backup)
          </button>
        ) : null}
        <button type="button" className="button small" disabled={props.busy} onClick={props.onKeep}>
          Keep mine
        </button>
      </div>
    </section>
  );
}
