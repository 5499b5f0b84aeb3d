// The questions of an Add plan, one per place that is taken: both copies side by side as a person judges them (version,
// last change, where each came from, which files differ), answered per place with Replace (a backup is kept) or Keep
// mine; keeping one client's copy still does the other clients. Nothing is replaced without the answer.
import { MANAGE_CLIENTS, type AddView, type ManageClientId, type PlaceView } from "../../../shared/manage";

type PlannedSkill = AddView["skills"][number];
type PlannedPlace = PlannedSkill["places"][number];

/** The answer a person gives for one taken place. */
export type ConflictAnswer = "replace" | "keep";

/** The clients a place serves, in people's names (the shared folder when it serves none of those chosen itself). */
export function placeClients(place: { client: string[] }): string {
  const ids = place.client.length ? place.client : ["agents"];
  return ids.map((id) => MANAGE_CLIENTS[id as ManageClientId] ?? id).join(", ");
}

/** The client ids an answer "Keep mine" at this place names (the request's keep list). */
export function keepIds(place: { client: string[] }): ManageClientId[] {
  return (place.client.length ? place.client : ["agents"]) as ManageClientId[];
}

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : "not known");
const CHANGE_WORDS = {
  changed: "different",
  "only-there": "only in yours",
  "only-new": "only in the new one",
} as const;

function Comparison(props: { place: PlaceView; skill: PlannedSkill; from: string }) {
  const { place, skill, from } = props;
  const occupant = place.occupant;
  if (occupant?.kind === "link") return <p>It is a link to another folder: {occupant.target}</p>;
  if (occupant?.kind === "same-skill") return <p>The same files are already there, as a copy of their own.</p>;
  if (occupant?.kind === "not-a-skill")
    return <p>Something that is not a skill is in the way there. Skillshelf never replaces it.</p>;
  if (occupant?.kind !== "other-skill") return null;
  const differs = occupant.differs ?? [];
  return (
    <>
      <table className="add-compare">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Detail</span>
            </th>
            <th scope="col">Yours (already there)</th>
            <th scope="col">The new one</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Version</th>
            <td>{occupant.version ?? "not given"}</td>
            <td>{skill.version ?? "not given"}</td>
          </tr>
          <tr>
            <th scope="row">Last changed</th>
            <td>{when(occupant.modified)}</td>
            <td>{when(skill.modified)}</td>
          </tr>
          <tr>
            <th scope="row">Came from</th>
            <td>{occupant.origin ?? "not recorded"}</td>
            <td>{from}</td>
          </tr>
        </tbody>
      </table>
      {differs.length ? (
        <details className="add-differs">
          <summary>
            {differs.length + (occupant.differsMore ?? 0)} file
            {differs.length + (occupant.differsMore ?? 0) === 1 ? " differs" : "s differ"}
          </summary>
          <ul>
            {differs.map((d) => (
              <li key={d.path}>
                <code>{d.path}</code> — {CHANGE_WORDS[d.change]}
              </li>
            ))}
            {occupant.differsMore ? <li>and {occupant.differsMore} more</li> : null}
          </ul>
        </details>
      ) : null}
    </>
  );
}

/** Each taken place of the plan with its own question; `answers` are by place path. */
export function AddConflicts(props: {
  plan: AddView;
  from: string;
  answers: Record<string, ConflictAnswer>;
  onAnswer: (place: PlannedPlace, answer: ConflictAnswer) => void;
}) {
  const conflicts = props.plan.skills.flatMap((skill) =>
    skill.places.filter((p) => p.action === "conflict").map((place) => ({ skill, place })),
  );
  if (!conflicts.length) return null;
  return (
    <section className="add-step add-conflicts" aria-labelledby="add-conflicts-title">
      <h3 id="add-conflicts-title">
        4. {conflicts.length === 1 ? "Something is already there" : `${conflicts.length} places are taken`}
      </h3>
      <ul className="add-conflict-list">
        {conflicts.map(({ skill, place }) => {
          const replaceable = place.occupant?.kind !== "not-a-skill";
          const who = placeClients(place);
          return (
            <li key={place.path}>
              <p>
                <strong>{who}</strong> already has a &quot;{skill.name}&quot;{" "}
                <span className="muted add-conflict-path">({place.path})</span>
              </p>
              <Comparison place={place} skill={skill} from={props.from} />
              <fieldset className="add-answer">
                <legend>What should happen in {who}?</legend>
                {replaceable ? (
                  <label className="check">
                    <input
                      type="radio"
                      name={`answer-${place.path}`}
                      checked={props.answers[place.path] === "replace"}
                      onChange={() => props.onAnswer(place, "replace")}
                    />{" "}
                    Use the new one (yours is kept as a backup)
                  </label>
                ) : null}
                <label className="check">
                  <input
                    type="radio"
                    name={`answer-${place.path}`}
                    checked={props.answers[place.path] === "keep"}
                    onChange={() => props.onAnswer(place, "keep")}
                  />{" "}
                  {replaceable ? "Keep mine" : `Leave it; ${who} does not get the new one`}
                </label>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
