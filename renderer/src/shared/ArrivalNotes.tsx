// What the wait for Claude Desktop says when it did not end with the skill there: stopped by the user, another version
// arrived, or not there yet; shared by an update's hand-off and Add to Claude Desktop.

/** A wait's answer, as far as these notes read it (the message and the advice are in words). */
type Arrival = { status: string; message?: string; advice?: readonly string[] };

/** The notes under a Desktop wait; `notYet` starts the timeout's advice ("Claude Desktop does not show …"). */
export function ArrivalNotes(props: { stopped: boolean; arrival: Arrival | null; notYet: string }) {
  const { arrival } = props;
  return (
    <>
      {props.stopped ? (
        <p role="status" className="arrival-stopped" data-arrival="cancelled">
          Stopped waiting. The .skill file is still there to upload; choose Check again once you have uploaded it.
        </p>
      ) : null}
      {arrival?.status === "stale" ? (
        <div className="arrival-stale" role="alert" data-arrival="stale">
          <p>{arrival.message}</p>
          <Advice advice={arrival.advice ?? []} />
        </div>
      ) : null}
      {arrival?.status === "timeout" ? (
        <div className="arrival-timeout" role="status" data-arrival="timeout">
          <p>{props.notYet} What to try:</p>
          <Advice advice={arrival.advice ?? []} />
        </div>
      ) : null}
    </>
  );
}

function Advice(props: { advice: readonly string[] }) {
  return (
    <ul>
      {props.advice.map((a, i) => (
        <li key={i}>{a}</li>
      ))}
    </ul>
  );
}
