// Counts turns of the event loop while work runs, so a test can show that long work lets the thread answer in between
// (by counting, not by timing): values read at two moments say how many turns passed between them.

/** Starts counting turns; `now()` is the count so far, `stop()` ends the counting. */
export function countTurns(): { now: () => number; stop: () => void } {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turns, stop: () => void (running = false) };
}
