// The wait for a .skill upload to show in Claude Desktop, shared by the update hand-off and Add: one wait at a time,
// a way to stop it, and Check again to start another; answers of a wait that was left or stopped are ignored.
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../lib/format";

/** Runs `wait` until it answers or is stopped; `key` names the task (a new key starts a new wait). */
export function useArrivalWait<T extends { status: string }>(
  key: string,
  wait: () => Promise<T>,
  onArrived: () => void,
  onError: (message: string) => void,
) {
  const [arrival, setArrival] = useState<T | null>(null);
  const [waiting, setWaiting] = useState(true);
  const [stopped, setStopped] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ wait, onArrived, onError });
  useEffect(() => {
    latest.current = { wait, onArrived, onError };
  });
  useEffect(() => {
    if (stopped) return undefined;
    let live = true;
    latest.current
      .wait()
      .then((result) => {
        if (!live) return;
        setArrival(result);
        if (result.status === "arrived") latest.current.onArrived();
      })
      .catch((e: unknown) => (live ? latest.current.onError(errorMessage(e)) : undefined))
      .finally(() => (live ? setWaiting(false) : undefined));
    return () => {
      live = false;
    };
  }, [key, attempt, stopped]);
  /** Stops waiting: the file stays, and again() starts a new wait. */
  const stop = () => {
    setStopped(true);
    setWaiting(false);
  };
  const again = () => {
    setWaiting(true);
    setStopped(false);
    setArrival(null);
    setAttempt((n) => n + 1);
  };
  return { arrival, waiting, stopped, stop, again };
}
